"""Grouped collisions solved as one problem that reproduces Newton's cradle (group_model "wave").

Why not the plain linear system (seed 000): it imposes restitution on every contact of
the group, including contacts whose approach speed is zero, so a ball pressed into a
touching neighbour leaves glued to it (-v0/3, 2v0/3, 2v0/3 on a frozen line, docs/physics.md).
Real balls pass the impulse along the line as a wave: each contact is a short collision
that starts when its two balls begin to approach.

The model, in rounds (each round is one instant of the wave, all contacts at once):
1. active set S = the contacts of the group that approach now (u_n < -tol). A contact
   with zero approach speed is not in S: it gets no restitution target, yet it can never
   be crossed, because the rounds go on until no contact of the group approaches.
2. compression: the impulses P >= 0 on S with minimal kinetic energy such that no contact
   of S approaches (the frictionless LCP of seeds 000/002 with e = 0), solved exactly as
   non-negative least squares. The velocities it gives are unique, so the memory order of
   balls and contacts does not matter and mirror-symmetric inputs give mirror outputs.
3. restitution (Poisson): each contact of S receives e_k P_k more. With one e this removes
   (1 - e^2) of the compression energy and never adds any; with mixed e the energy is
   checked and the smallest e of S used if needed.
4. Coulomb friction on S bounded by mu (1 + e) P, acting along the impulse (friction.py).
On the frozen line A -> B - C (e = 1): round 1 has only A-B (B-C does not approach yet):
A stops, B takes v0; round 2 has only B-C: B stops, C takes v0; round 3 finds nothing
approaching. That is the cradle. Momentum is exact (equal and opposite impulses), no
impulse pulls (P >= 0, friction bounded by the normal impulse), energy never rises.
"""

from __future__ import annotations

import numpy as np

from dataclasses import dataclass

from billiard.physics.group.contacts import ContactGroup
from billiard.physics.group.friction import apply_friction_during
from billiard.physics.group.jacobian import inverse_mass, pack, rows, unpack
from billiard.physics.group.nnls import nnls


def _energy(q: np.ndarray, inv_mass: np.ndarray) -> float:
    return float(0.5 * np.sum(q * q / inv_mass))


def _compress(jac_s: np.ndarray, q: np.ndarray, inv_mass: np.ndarray) -> np.ndarray:
    """Impulses P >= 0 on the rows jac_s minimising the energy with jac_s q' >= 0 (NNLS form)."""
    root = np.sqrt(inv_mass)
    c = (jac_s * root).T  # C = (J M^-1/2)^T
    d = -q / root  # d = -M^1/2 q
    return nnls(c, d)


@dataclass(frozen=True)
class GroupResult:
    """Velocities after a grouped collision and the impulses that made them.

    normal_impulse: (nc,) total normal impulse of each contact (>= 0: no contact pulls).
    friction_impulse: (nc, 3) total tangential impulse given to body a (body b gets minus it).
    """

    vel: np.ndarray
    omega: np.ndarray
    normal_impulse: np.ndarray
    friction_impulse: np.ndarray


def solve_wave(group: ContactGroup) -> GroupResult:
    """Velocities and impulses of the group's balls after the grouped collision."""
    nb = group.n_balls
    inv_mass = inverse_mass(group)
    jac = rows(group, group.normal)
    q = pack(group.vel, group.omega)
    scale = max(float(np.abs(group.vel).max()), float(np.abs(group.omega * group.radius[:, None]).max()), 1e-12)
    tol = 1e-10 * scale
    max_rounds = 64 + 8 * group.n_contacts
    total_normal = np.zeros(group.n_contacts)
    total_friction = np.zeros((group.n_contacts, 3))
    for _ in range(max_rounds):
        un = jac @ q
        active = un < -tol
        if not active.any():
            break
        jac_s = jac[active]
        p_c = _compress(jac_s, q, inv_mass)
        q_c = q + inv_mass * (jac_s.T @ p_c)
        e_s = group.e[active]
        q_r = q_c + inv_mass * (jac_s.T @ (e_s * p_c))
        if _energy(q_r, inv_mass) > _energy(q, inv_mass) and np.ptp(e_s) > 0:
            e_s = np.full_like(e_s, e_s.min())
            q_r = q_c + inv_mass * (jac_s.T @ (e_s * p_c))
        normal_impulse = np.zeros(group.n_contacts)
        normal_impulse[active] = (1.0 + e_s) * p_c
        # friction acts during the impulse, on the slips the normal impulse changes (friction.py)
        q, friction = apply_friction_during(group, q, inv_mass, jac, active, normal_impulse)
        total_normal += normal_impulse
        total_friction += friction
    else:
        active = jac @ q < -tol  # safety net: end every remaining approach inelastically
        if active.any():
            p_c = _compress(jac[active], q, inv_mass)
            q = q + inv_mass * (jac[active].T @ p_c)
            total_normal[active] += p_c
    vel, omega = unpack(q, nb)
    return GroupResult(vel, omega, total_normal, total_friction)
