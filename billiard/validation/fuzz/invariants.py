"""What must hold after every event of every shot (issue 20); each breach is a :class:`Breach`.

* ``nan``: every position, velocity, spin and orientation is finite;
* ``overlap``: no two balls in play overlap by more than ``OVERLAP_TOL``;
* ``inside-obstacle``: no ball in play enters a cushion, jaw, point or liner by more than
  ``OVERLAP_TOL``;
* ``off-table``: a ball in play is on the bed (z >= R) unless its centre is over a pocket
  hole, and beyond the rails only while it flies (a ball that really leaves the table is
  recorded as pocketed ``off-table`` when it comes down, :mod:`billiard.physics.flight`);
* ``energy``: kinetic plus potential energy never rises by more than round-off
  (``ENERGY_RTOL`` of the energy after the strike). With the exact integrator and the
  impulse model the energy is checked event by event; the soft model stores energy in its
  springs and the numerical integrators drift by their truncation error, so for them only
  the energy of the strike is the bound.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from billiard.physics.obstacle_distance import closest_point
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion
from billiard.physics.world_shared import table_data
from billiard.table.model import Table

OVERLAP_TOL = 1e-6  # m
ENERGY_RTOL = 1e-9  # of the energy right after the strike
ENERGY_RTOL_LOOSE = 1e-6  # soft contacts, numerical integrators: bound by the strike's energy


@dataclass(frozen=True)
class Breach:
    """One broken rule: its kind (see the module docstring) and a one-line description."""

    kind: str
    message: str


def energy(balls: Balls, g: float) -> float:
    """Kinetic (translation and rotation, I = 2/5 m R^2) plus potential energy above z = R."""
    m, r = balls.mass, balls.radius
    v2 = np.einsum("ij,ij->i", balls.vel, balls.vel)
    w2 = np.einsum("ij,ij->i", balls.omega, balls.omega)
    return float(np.sum(0.5 * m * v2 + 0.2 * m * r * r * w2 + m * g * (balls.pos[:, 2] - r)))


class Invariants:
    """The checks for one shot; :meth:`check` after every event returns the breaches found."""

    def __init__(self, balls: Balls, table: Table, params: Params):
        self.table = table
        self.g = params.g
        self.strict = params.integrator == "exact" and params.contact_model == "impulse"
        self.obstacles = table.obstacles
        # the table's features and holes as every World on it shares them (built once per table,
        # read-only: ~30 ms a shot when each check built its own)
        self.features, self.holes = table_data(table)
        self.pi, self.pj = np.triu_indices(len(balls), 1)
        self.e0 = energy(balls, self.g)
        self.e_last = self.e0

    def start(self, balls: Balls) -> None:
        """Energy reference: the state right after the strike."""
        self.e0 = self.e_last = energy(balls, self.g)

    def check(self, balls: Balls, t: float) -> list[Breach]:
        where = f"t = {t:.6f} s"
        arrays = (balls.pos, balls.vel, balls.omega, balls.quat)
        if not all(np.isfinite(a).all() for a in arrays):
            return [Breach("nan", f"non-finite ball state at {where}")]
        live = balls.motion != Motion.POCKETED
        out = self._overlaps(balls, live, where)
        out += self._obstacles(balls, live, where)
        out += self._off_table(balls, live, where)
        out += self._energy(balls, where)
        return out

    def _overlaps(self, balls: Balls, live: np.ndarray, where: str) -> list[Breach]:
        pi, pj = self.pi, self.pj
        d = balls.pos[pi] - balls.pos[pj]
        depth = balls.radius[pi] + balls.radius[pj] - np.sqrt(np.einsum("ij,ij->i", d, d))
        bad = np.nonzero((depth > OVERLAP_TOL) & live[pi] & live[pj])[0]
        return [
            Breach(
                "overlap",
                f"balls {balls.ids[pi[k]]} and {balls.ids[pj[k]]} overlap by {depth[k] * 1e6:.3g} um at {where}",
            )
            for k in bad
        ]

    def _obstacles(self, balls: Balls, live: np.ndarray, where: str) -> list[Breach]:
        out = []
        f = self.features
        p, r = balls.pos, balls.radius
        near = (
            np.all(
                (p[:, None, :] + r[:, None, None] >= f.box_lo[None])
                & (p[:, None, :] - r[:, None, None] <= f.box_hi[None]),
                axis=2,
            )
            & live[:, None]
        )
        for i, k in zip(*np.nonzero(near)):
            ob = self.obstacles[k]
            depth = r[i] - float(np.linalg.norm(p[i] - closest_point(ob, p[i])))
            if depth > OVERLAP_TOL:
                out.append(
                    Breach(
                        "inside-obstacle", f"ball {balls.ids[i]} is {depth * 1e3:.4g} mm inside {ob.name} at {where}"
                    )
                )
        return out

    def _off_table(self, balls: Balls, live: np.ndarray, where: str) -> list[Breach]:
        out = []
        t = self.table
        rim_x = t.half_length + t.cushion_width + t.rail_width
        rim_y = t.half_width + t.cushion_width + t.rail_width
        over = self.holes.containing(balls.pos[:, :2]) >= 0 if len(self.holes.names) else np.zeros(len(balls), bool)
        pos, rad = balls.pos, balls.radius
        below = live & (pos[:, 2] < rad - OVERLAP_TOL) & ~over
        beyond = live & ((np.abs(pos[:, 0]) > rim_x) | (np.abs(pos[:, 1]) > rim_y)) & (balls.motion != Motion.AIRBORNE)
        for i in np.nonzero(below | beyond)[0]:  # the rare breaches, in ball order, worded one by one
            x, y, z = pos[i]
            r = rad[i]
            if below[i]:
                out.append(
                    Breach("off-table", f"ball {balls.ids[i]} is {(r - z) * 1e3:.4g} mm below the bed at {where}")
                )
            else:
                out.append(
                    Breach(
                        "off-table",
                        f"ball {balls.ids[i]} at ({x:.4f}, {y:.4f}) is beyond the rails "
                        f"and {Motion(balls.motion[i]).label} at {where}",
                    )
                )
        return out

    def _energy(self, balls: Balls, where: str) -> list[Breach]:
        e = energy(balls, self.g)
        if self.strict:
            ref, tol = self.e_last, ENERGY_RTOL
        else:
            ref, tol = self.e0, ENERGY_RTOL_LOOSE
        self.e_last = min(self.e_last, e)  # round-off rises within tolerance never add up
        if e > ref + tol * abs(self.e0) + 1e-12:
            return [
                Breach(
                    "energy", f"energy rose by {(e - ref) / max(abs(self.e0), 1e-300):.3g} of the strike's at {where}"
                )
            ]
        return []
