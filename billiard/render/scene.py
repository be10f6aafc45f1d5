"""What the game hands the renderer each frame: the table, the balls, the cue and the aim aids."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from billiard.formats.limits import POOL_BALL_RADIUS
from billiard.physics.state import Balls, Motion
from billiard.table.model import Table

Vec3 = tuple[float, float, float]
RGBA = tuple[float, float, float, float]


@dataclass(frozen=True)
class BallView:
    """The drawable part of the ball state: ids, pos (N,3), quat (N,4) w,x,y,z body->table,
    radius (N,), pocketed (N,) bool. Pocketed balls are not drawn."""

    ids: tuple[str, ...]
    pos: np.ndarray
    quat: np.ndarray
    radius: np.ndarray
    pocketed: np.ndarray

    @classmethod
    def from_balls(cls, balls: Balls) -> "BallView":
        return cls(
            balls.ids,
            balls.pos,
            balls.quat,
            balls.radius,
            (balls.motion == Motion.POCKETED) | np.array([p is not None for p in balls.pocket], bool),
        )

    @classmethod
    def create(cls, ids, pos, quat=None, radius=POOL_BALL_RADIUS, pocketed=None) -> "BallView":
        n = len(ids)
        pos = np.asarray(pos, dtype=np.float64).reshape(n, 3)
        if quat is None:
            quat = np.tile([1.0, 0.0, 0.0, 0.0], (n, 1))
        return cls(
            tuple(str(i) for i in ids),
            pos,
            np.asarray(quat, dtype=np.float64).reshape(n, 4),
            np.broadcast_to(np.asarray(radius, dtype=np.float64), (n,)).copy(),
            np.zeros(n, bool) if pocketed is None else np.asarray(pocketed, bool).reshape(n),
        )

    def index(self, ball_id: str) -> int:
        return self.ids.index(ball_id)


@dataclass(frozen=True)
class CueState:
    """The cue stick: aim heading and elevation (degrees), tip offset (a, b) in ball radii
    (a > 0 right english, b > 0 above centre), and ``pull`` (m) drawn back from the ball."""

    heading_deg: float
    elevation_deg: float = 0.0
    tip: tuple[float, float] = (0.0, 0.0)
    pull: float = 0.0
    ball: str = "cue"


@dataclass(frozen=True)
class Polyline:
    """A path drawn flat just above the bed: points (K, 2 or 3) in table metres."""

    points: np.ndarray
    color: RGBA = (1.0, 1.0, 1.0, 0.7)
    width: float = 0.004


@dataclass(frozen=True)
class ScreenLine:
    """A mark drawn on top of the picture (never hidden by the scene), as the spin arrows:
    points (K, 2) in pixels of the drawn picture, column and row from the top left; ``width``
    in pixels."""

    points: np.ndarray
    color: RGBA = (1.0, 1.0, 1.0, 1.0)
    width: float = 3.0


@dataclass(frozen=True)
class Overlay:
    """Aim aids: the line from the cue ball to the first contact, the ghost ball (cue ball
    centre at contact), the predicted direction of the object ball, and any other paths on
    the bed; ``screen``: marks on top of the picture (spin arrows)."""

    aim_line: Polyline | None = None
    ghost: Vec3 | None = None
    object_line: Polyline | None = None
    paths: tuple[Polyline, ...] = ()
    screen: tuple[ScreenLine, ...] = ()

    def lines(self) -> list[Polyline]:
        return [p for p in (self.aim_line, self.object_line) if p is not None] + list(self.paths)


@dataclass(frozen=True)
class SceneState:
    """Everything drawn in one frame (the HUD is the app's)."""

    table: Table
    balls: BallView
    cue: CueState | None = None
    overlay: Overlay = field(default_factory=Overlay)
