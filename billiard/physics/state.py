"""Ball state as structure-of-arrays (SI units, the table frame of docs/physics.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

import numpy as np


class Motion(IntEnum):
    """Motion state of a ball; the closed-form motion between events depends on it."""

    REST = 0
    SPINNING = 1  # still centre, spinning about z
    SLIDING = 2
    ROLLING = 3
    AIRBORNE = 4
    POCKETED = 5

    @property
    def label(self) -> str:
        return self.name.lower()


# plain ints of the states for the hot paths (an IntEnum member lookup costs microseconds on
# Python 3.11, thousands of times per shot)
REST, SPINNING, SLIDING, ROLLING, AIRBORNE, POCKETED = (int(m) for m in Motion)


def _per_ball(value, n: int) -> np.ndarray:
    """A float64 (n,) array of ``value`` (one number for every ball, or one per ball)
    (np.broadcast_to costs more than the rest of a small Balls.create)."""
    out = np.empty(n)
    out[:] = value
    return out


@dataclass
class Balls:
    """All balls on a table. Row i of every array is ball ``ids[i]``.

    pos, vel, omega: (N, 3) float64, table frame (x long axis, z up, bed at z = 0).
    quat: (N, 4) float64 orientation (w, x, y, z), body -> table.
    motion: (N,) int8 of :class:`Motion`.  mass, radius: (N,) float64.
    pocket: the pocket name of each pocketed ball, else None.
    """

    ids: tuple[str, ...]
    pos: np.ndarray
    vel: np.ndarray
    omega: np.ndarray
    quat: np.ndarray
    motion: np.ndarray
    mass: np.ndarray
    radius: np.ndarray
    pocket: list = field(default_factory=list)

    @classmethod
    def create(cls, ids, pos, mass, radius, vel=None, omega=None, quat=None) -> "Balls":
        n = len(ids)
        pos = np.array(pos, dtype=np.float64).reshape(n, 3)
        vel = np.zeros((n, 3)) if vel is None else np.array(vel, dtype=np.float64).reshape(n, 3)
        omega = np.zeros((n, 3)) if omega is None else np.array(omega, dtype=np.float64).reshape(n, 3)
        if quat is None:
            quat = np.zeros((n, 4))
            quat[:, 0] = 1.0
        balls = cls(
            ids=tuple(ids),
            pos=pos,
            vel=vel,
            omega=omega,
            quat=np.array(quat, dtype=np.float64).reshape(n, 4),
            motion=np.full(n, Motion.REST, dtype=np.int8),
            mass=_per_ball(mass, n),
            radius=_per_ball(radius, n),
            pocket=[None] * n,
        )
        return balls

    def __len__(self) -> int:
        return len(self.ids)

    def index(self, ball_id: str) -> int:
        return self.ids.index(ball_id)

    def copy(self) -> "Balls":
        return Balls(
            self.ids,
            self.pos.copy(),
            self.vel.copy(),
            self.omega.copy(),
            self.quat.copy(),
            self.motion.copy(),
            self.mass.copy(),
            self.radius.copy(),
            list(self.pocket),
        )
