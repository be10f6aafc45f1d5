"""The one camera choice of every front-end: the game, the replay viewer, its screenshots and
``billiard render`` name their views from :data:`CAMERAS` and ask :func:`goal_camera` where
the named view wants to be this frame.

- ``top``: straight down on the whole table (in the game: inside the HUD's free area, so no
  widget covers a ball or a pocket, issue 13);
- ``follow``: high over the balls it follows, keeping the shot's heading (in the game the
  moving balls, else the cue ball; in a replay moment every ball still on the table);
- ``aim``: behind the cue ball along the cue. In the game the player's orbit turns and zooms
  it, it frames the ball the cue points at, rises over a rail behind it and rises and steps
  back with a cue raised above 5 deg; a replay has no orbit: its aim view is the stroke's,
  low behind the ball that was struck;
- ``orbit``: the free view (a three-quarter view of the table until the player turns it).

Front-ends describe their moment with a :class:`ViewInput` (:func:`replay_view` builds one
from a playback frame); the smooth moves between goals are :mod:`billiard.display.camera_rig`'s.
No GL and no window here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from billiard.errors import BilliardError
from billiard.display.playback import Frame
from billiard.physics.state import Motion
from billiard.display.aim import first_contact
from billiard.render.camera import (
    AIM_BACK,
    AIM_FOV_DEG,
    Camera,
    aim_camera,
    follow_camera,
    frame_target,
    over_the_rail,
    table_top_camera,
)
from billiard.render.scene import BallView
from billiard.shot.shotfile import Strike
from billiard.table.model import Table

CAMERAS = ("top", "follow", "aim", "orbit")  # every view, in the order the viewer's C cycles them
TOP_FOV_DEG = 40.0
RAISED_PITCH_ABOVE_CUE = 12.0  # deg: a raised cue keeps below the aim view's line of sight
RAISE_FROM_DEG = 5.0  # deg: the usual few degrees over the rail leave the aim view as it is
RAISED_STEP_BACK_DEG = 15.0  # deg of raise over which the aim view steps back (at most 30 % further)
FOLLOW_MAX_HEIGHT = 0.1  # m: a jumping ball is followed as if it were this high at most
MOVING = (Motion.SLIDING, Motion.ROLLING, Motion.AIRBORNE)


@dataclass
class Orbit:
    """The player's turn and zoom of the game's aim view round the cue ball: yaw relative to the
    view heading, pitch above the bed, distance (right drag, ALT + arrows, wheel)."""

    yaw_deg: float = 0.0
    pitch_deg: float = 18.0
    distance: float = 1.2

    def turn(self, dyaw: float, dpitch: float) -> None:
        self.yaw_deg = (self.yaw_deg + dyaw + 180.0) % 360.0 - 180.0
        self.pitch_deg = min(89.0, max(3.0, self.pitch_deg + dpitch))

    def zoom(self, steps: float) -> None:
        self.distance = min(6.0, max(0.25, self.distance * 0.9**steps))


class Framing(Protocol):
    """Where the HUD leaves the table room (the game's ``layout.HudLayout``): the window's size
    and ``table_area()``, a rectangle ``x``, ``y`` (from the bottom left), ``w``, ``h`` in pixels."""

    @property
    def width(self) -> float: ...
    @property
    def height(self) -> float: ...
    def table_area(self) -> Any: ...


@dataclass(frozen=True)
class ViewInput:
    """What the views depend on in one frame."""

    pos: np.ndarray  # (N, 3) ball centres as drawn (interpolated)
    motion: np.ndarray | None  # (N,) Motion codes (None: not known, a replay moment)
    cue: int  # index of the cue ball (the ball struck)
    heading_deg: float  # the cue's heading (during a shot: the shot's)
    orbit: Orbit | None  # the player's orbit round the cue ball (None: a replay's fixed views)
    aspect: float  # width / height of the picture
    elevation_deg: float = 0.0  # the cue's real elevation (the aim view rises with it)
    layout: Framing | None = None  # the HUD: the top view frames the table beside its widgets
    aim_heading_deg: float | None = None  # the cue's heading when the view looks elsewhere (pointer aim)
    pocketed: np.ndarray | None = None  # (N,) bool: balls gone into a pocket (not drawn)
    radius: float | None = None  # the balls' radius (default: the cue ball's height)

    def on_table(self) -> np.ndarray:
        """(N,) bool: the balls still on the table."""
        if self.pocketed is not None:
            return ~np.asarray(self.pocketed, bool)
        if self.motion is not None:
            return np.asarray(self.motion) != Motion.POCKETED
        return np.ones(len(self.pos), bool)

    def followed(self) -> np.ndarray:
        """The centres the follow view frames: the moving balls (else the cue ball) when the
        motion is known, else every ball on the table (else every ball)."""
        if self.motion is not None:
            moving = np.isin(self.motion, MOVING)
            return self.pos[moving] if moving.any() else self.pos[[self.cue]]
        on_table = self.pos[self.on_table()]
        return on_table if len(on_table) else self.pos


def on_the_table(table: Table, points: np.ndarray) -> np.ndarray:
    """The followed centres held over the table and near the bed, so a jump shot (or a ball
    flying off the table) never swings the follow view far from the table (issue 25, point 9)."""
    margin = table.cushion_width + table.rail_width
    out = np.array(points, dtype=float, copy=True)
    out[:, 0] = np.clip(out[:, 0], -table.half_length - margin, table.half_length + margin)
    out[:, 1] = np.clip(out[:, 1], -table.half_width - margin, table.half_width + margin)
    out[:, 2] = np.minimum(out[:, 2], FOLLOW_MAX_HEIGHT)
    return out


def view_mode(top_view: bool, in_shot: bool) -> str:
    """The game's view: ``top`` when asked for, else ``follow`` while the balls run and ``aim``
    between shots."""
    return "top" if top_view else "follow" if in_shot else "aim"


def replay_view(frame: Frame, strike: Strike, size: tuple[int, int], layout: Framing | None = None) -> ViewInput:
    """A replay moment as the views see it (the struck ball, the stroke's heading); ``layout``:
    where a viewer's HUD leaves the table room (None: the whole picture, as a saved image)."""
    cue = frame.ids.index(strike.ball) if strike.ball in frame.ids else 0
    aspect = size[0] / size[1]
    return ViewInput(
        frame.pos,
        None,
        cue,
        strike.heading_deg,
        None,
        aspect,
        layout=layout,
        pocketed=frame.pocketed,
        radius=frame.radius,
    )


def goal_camera(name: str, table: Table, v: ViewInput) -> Camera:
    """Where the view ``name`` (one of :data:`CAMERAS`) wants to be this frame."""
    if name == "top":
        return table_top_camera(table, v.aspect) if v.layout is None else framed_top_camera(table, v.layout)
    if name == "follow":
        orbit_yaw = v.orbit.yaw_deg if v.orbit is not None else 0.0
        return follow_camera(on_the_table(table, v.followed()), v.heading_deg + orbit_yaw)
    if name == "aim":
        return stroke_aim_camera(v) if v.orbit is None else player_aim_camera(table, v, v.orbit)
    if name == "orbit":
        return default_orbit(table)
    raise BilliardError(f"unknown camera {name!r} (use {', '.join(CAMERAS)})")


def player_aim_camera(table: Table, v: ViewInput, orbit: Orbit) -> Camera:
    """The game's aim view: the orbit round the cue ball, over the rail behind it, the aim
    target in the picture, risen and stepped back with a raised cue."""
    c = v.pos[v.cue]
    pitch, distance = orbit.pitch_deg, orbit.distance * AIM_BACK
    raised = max(0.0, v.elevation_deg - RAISE_FROM_DEG)
    if raised > 0.0:  # a raised cue: the view rises and steps back a little
        pitch = min(89.0, max(pitch, v.elevation_deg + RAISED_PITCH_ABOVE_CUE))
        distance *= 1.0 + min(raised, RAISED_STEP_BACK_DEG) / 50.0  # not far: the table stays big (issue 25)
    aim = Camera((float(c[0]), float(c[1]), float(c[2])), v.heading_deg + orbit.yaw_deg, pitch, distance, AIM_FOV_DEG)
    return frame_target(over_the_rail(aim, table, float(c[2])), aim_target(table, v), v.aspect)


def stroke_aim_camera(v: ViewInput) -> Camera:
    """A replay's aim view: low behind the struck ball, looking along the stroke."""
    radius = v.radius if v.radius is not None else float(v.pos[v.cue, 2])
    return aim_camera(v.pos[v.cue], v.heading_deg, radius)


def aim_target(table: Table, v: ViewInput) -> np.ndarray:
    """Where the cue ball's straight line first meets a ball (that ball's centre) or a cushion."""
    balls = BallView.create(
        [str(k) for k in range(len(v.pos))], v.pos, radius=float(v.pos[v.cue, 2]), pocketed=~v.on_table()
    )
    heading = v.heading_deg if v.aim_heading_deg is None else v.aim_heading_deg
    t, hit = first_contact(balls, table, v.cue, heading)
    if hit is not None:
        return v.pos[hit]
    h = np.radians(heading)
    return v.pos[v.cue] + t * np.array([np.cos(h), np.sin(h), 0.0])


def default_orbit(table: Table) -> Camera:
    """The free camera's start: a three-quarter view of the whole table."""
    return Camera((0.0, 0.0, 0.0), -60.0, 38.0, 0.9 * table.length, 45.0)


def framed_top_camera(table: Table, layout: Framing, fov_deg: float = TOP_FOV_DEG) -> Camera:
    """Straight down, the whole table (rails included) inside the HUD's free area, so no
    widget covers a ball or a pocket (issue 13)."""
    area = layout.table_area()
    margin = table.cushion_width + table.rail_width
    hx, hy = table.half_length + margin, table.half_width + margin
    ppm = min(area.w / (2 * hx), area.h / (2 * hy)) / 1.02  # pixels per metre on the bed
    distance = (layout.height / 2) / (ppm * math.tan(math.radians(fov_deg) / 2))
    cx, cy = area.x + area.w / 2, area.y + area.h / 2
    target = ((layout.width / 2 - cx) / ppm, (layout.height / 2 - cy) / ppm, 0.0)
    return Camera(target, 90.0, 90.0, distance, fov_deg)
