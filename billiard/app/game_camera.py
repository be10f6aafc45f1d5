"""The game's view: behind the cue ball while aiming, over the moving balls during a shot,
straight down when the player asks (V), and smooth moves between them.

The moves are :class:`billiard.render.camera.CameraRig`'s: a new view is reached in half a
second, and the follow view's goal (which jumps when a ball stops or is hit) is smoothed.
The player's orbit (right drag, ALT + arrows, wheel) turns and zooms the aim view around the
cue ball and turns the follow view with it. While the cue ball in hand is dragged the view
holds still, so the ball stays under the mouse.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from billiard.app.controls import Orbit
from billiard.app.layout import HudLayout, Rect
from billiard.physics.state import Motion
from billiard.render.aim import first_contact
from billiard.render.camera import (AIM_BACK, AIM_FOV_DEG, Camera, CameraRig, follow_camera, frame_target,
                                    over_the_rail, table_top_camera)
from billiard.render.scene import BallView
from billiard.table.model import Table

TOP_FOV_DEG = 40.0
RAISED_PITCH_ABOVE_CUE = 12.0    # deg: a raised cue keeps below the aim view's line of sight
MOVING = (Motion.SLIDING, Motion.ROLLING, Motion.AIRBORNE)


@dataclass(frozen=True)
class ViewInput:
    """What the view depends on in one frame."""

    pos: np.ndarray            # (N, 3) ball centres as drawn (interpolated)
    motion: np.ndarray         # (N,) Motion codes
    cue: int                   # index of the cue ball
    heading_deg: float         # the cue's heading (during a shot: the shot's)
    orbit: Orbit
    aspect: float              # width / height of the picture
    elevation_deg: float = 0.0  # the cue's real elevation (the aim view rises with it)
    layout: HudLayout | None = None   # the HUD: the top view frames the table beside its widgets
    aim_heading_deg: float | None = None   # the cue's heading when the view looks elsewhere (pointer aim)


def view_mode(top_view: bool, in_shot: bool) -> str:
    """``top`` when asked for, else ``follow`` while the balls run and ``aim`` between shots."""
    return "top" if top_view else "follow" if in_shot else "aim"


def goal_camera(mode: str, table: Table, v: ViewInput) -> Camera:
    """Where the view of ``mode`` wants to be this frame."""
    if mode == "top":
        if v.layout is not None:
            return framed_top_camera(table, v.layout)
        return table_top_camera(table, v.aspect)
    yaw = v.heading_deg + v.orbit.yaw_deg
    if mode == "follow":
        moving = np.isin(v.motion, MOVING)
        return follow_camera(v.pos[moving] if moving.any() else v.pos[[v.cue]], yaw)
    c = v.pos[v.cue]
    pitch, distance = v.orbit.pitch_deg, v.orbit.distance * AIM_BACK
    raised = max(0.0, v.elevation_deg - 5.0)          # the usual few degrees over the rail change nothing
    if raised > 0.0:                                  # a raised cue: the view rises and steps back with it
        pitch = min(89.0, max(pitch, v.elevation_deg + RAISED_PITCH_ABOVE_CUE))
        distance *= 1.0 + raised / 40.0
    aim = Camera((float(c[0]), float(c[1]), float(c[2])), yaw, pitch, distance, AIM_FOV_DEG)
    return frame_target(over_the_rail(aim, table, float(c[2])), aim_target(table, v), v.aspect)


def aim_target(table: Table, v: ViewInput) -> np.ndarray:
    """Where the cue ball's straight line first meets a ball (that ball's centre) or a cushion."""
    balls = BallView.create([str(k) for k in range(len(v.pos))], v.pos, radius=float(v.pos[v.cue, 2]),
                            pocketed=v.motion == Motion.POCKETED)
    heading = v.heading_deg if v.aim_heading_deg is None else v.aim_heading_deg
    t, hit = first_contact(balls, table, v.cue, heading)
    if hit is not None:
        return v.pos[hit]
    h = np.radians(heading)
    return v.pos[v.cue] + t * np.array([np.cos(h), np.sin(h), 0.0])


class GameCamera:
    """The camera the game draws with (``current``) and the one mouse picking uses."""

    def __init__(self, table: Table, mode: str, v: ViewInput) -> None:
        self.table = table
        self.rig = CameraRig(goal_camera(mode, table, v), mode=mode)
        self._held = False

    @property
    def current(self) -> Camera:
        return self.rig.current

    @property
    def mode(self) -> str:
        return self.rig.mode

    def update(self, dt: float, mode: str, v: ViewInput, hold: bool = False) -> Camera:
        """Move ``dt`` seconds towards the view of ``mode``; ``hold`` keeps the view still (and
        the view glides to its goal once the hold ends)."""
        if hold:
            self._held = True
            return self.rig.current
        if mode != self.rig.mode or self._held:
            self.rig.set_mode(mode)
            self._held = False
        return self.rig.update(dt, goal_camera(mode, self.table, v))


def framed_top_camera(table: Table, layout: HudLayout, fov_deg: float = TOP_FOV_DEG) -> Camera:
    """Straight down, the whole table (rails included) inside the HUD's free area, so no
    widget covers a ball or a pocket (issue 13)."""
    area: Rect = layout.table_area()
    margin = table.cushion_width + table.rail_width
    hx, hy = table.half_length + margin, table.half_width + margin
    ppm = min(area.w / (2 * hx), area.h / (2 * hy)) / 1.02          # pixels per metre on the bed
    distance = (layout.height / 2) / (ppm * math.tan(math.radians(fov_deg) / 2))
    cx, cy = area.x + area.w / 2, area.y + area.h / 2
    target = ((layout.width / 2 - cx) / ppm, (layout.height / 2 - cy) / ppm, 0.0)
    return Camera(target, 90.0, 90.0, distance, fov_deg)
