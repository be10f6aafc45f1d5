"""A group of simultaneous contacts as plain arrays: the input of every group model.

A group (seed 000 §1, seed 004 annex C.5) is every contact whose time lies within the
tolerance eps of the earliest one. Bodies are balls (index into the group's arrays);
an obstacle (cushion, jaw, bed) is body -1 with infinite mass (seed 004 §4.2, last note).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from billiard.errors import BilliardError

OBSTACLE = -1


@dataclass(frozen=True)
class ContactGroup:
    """Balls and contacts of one group. All arrays float64 unless said.

    pos, vel, omega: (nb, 3) ball centres, velocities, angular velocities.
    mass, radius: (nb,). Inertia is the solid sphere's 2/5 m R^2 (seed 004 §2.1).
    a, b: (nc,) int, the two bodies of each contact; b = -1 for an obstacle.
    normal: (nc, 3) unit normal pointing from b into a (the impulse P*normal goes to a).
    point: (nc, 3) contact point in the table frame (gives the lever arms, seed 001).
    e, mu: (nc,) restitution and Coulomb friction of each contact.
    """

    pos: np.ndarray
    vel: np.ndarray
    omega: np.ndarray
    mass: np.ndarray
    radius: np.ndarray
    a: np.ndarray
    b: np.ndarray
    normal: np.ndarray
    point: np.ndarray
    e: np.ndarray
    mu: np.ndarray

    @property
    def n_balls(self) -> int:
        return len(self.mass)

    @property
    def n_contacts(self) -> int:
        return len(self.a)

    @property
    def inertia(self) -> np.ndarray:
        return 0.4 * self.mass * self.radius**2


def make_group(pos, vel, omega, mass, radius, a, b, normal, point, e, mu) -> ContactGroup:
    """Build and check a group; normals are normalised, bad shapes or values raise BilliardError."""
    pos = np.array(pos, dtype=np.float64).reshape(-1, 3)
    nb = len(pos)
    vel = np.array(vel, dtype=np.float64).reshape(nb, 3)
    omega = np.array(omega, dtype=np.float64).reshape(nb, 3)
    mass = np.broadcast_to(np.asarray(mass, dtype=np.float64), (nb,)).copy()
    radius = np.broadcast_to(np.asarray(radius, dtype=np.float64), (nb,)).copy()
    a = np.array(a, dtype=np.int64).reshape(-1)
    nc = len(a)
    b = np.array(b, dtype=np.int64).reshape(nc)
    normal = np.array(normal, dtype=np.float64).reshape(nc, 3)
    point = np.array(point, dtype=np.float64).reshape(nc, 3)
    e = np.broadcast_to(np.asarray(e, dtype=np.float64), (nc,)).copy()
    mu = np.broadcast_to(np.asarray(mu, dtype=np.float64), (nc,)).copy()
    if nc == 0:
        raise BilliardError("a contact group needs at least one contact")
    if np.any(a < 0) or np.any(a >= nb) or np.any(b < OBSTACLE) or np.any(b >= nb) or np.any(a == b):
        raise BilliardError("contact group: contact body indices out of range")
    if not (np.all(mass > 0) and np.all(radius > 0)):
        raise BilliardError("contact group: masses and radii must be > 0")
    if np.any((e < 0) | (e > 1)) or np.any(mu < 0):
        raise BilliardError("contact group: restitution must lie in [0, 1] and friction be >= 0")
    norm = np.linalg.norm(normal, axis=1)
    if not np.all(norm > 0):
        raise BilliardError("contact group: a contact normal is zero")
    arrays = (pos, vel, omega, normal, point, e, mu)
    if not all(np.all(np.isfinite(x)) for x in arrays):
        raise BilliardError("contact group: non-finite input")
    return ContactGroup(pos, vel, omega, mass, radius, a, b, normal / norm[:, None], point, e, mu)


def kinetic_energy(mass, radius, vel, omega) -> float:
    """Translational plus rotational kinetic energy of solid spheres."""
    inertia = 0.4 * mass * radius**2
    return float(0.5 * np.sum(mass * np.sum(vel**2, axis=1)) + 0.5 * np.sum(inertia * np.sum(omega**2, axis=1)))
