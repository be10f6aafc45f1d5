"""The view a player sees move: a named view (:data:`billiard.display.cameras.CAMERAS`) whose
goal is recomputed every frame and reached smoothly, and the game's camera built on it (the
view held still while the ball in hand is dragged). No GL and no window here."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from billiard.display.cameras import CAMERAS, ViewInput, goal_camera
from billiard.render.camera import Camera, blend
from billiard.table.model import Table


@dataclass
class CameraRig:
    """The view the player sees: a mode (``top``, ``aim``, ``orbit``, ``follow``) whose goal
    camera is recomputed every frame, reached smoothly over ``transition_s`` seconds.

    The follow goal jumps whenever the set of balls it frames changes (a ball stops, drops
    into a pocket, is hit), so in ``follow`` mode the goal is first smoothed exponentially
    with time constant ``follow_s``; the other goals move only as the player moves them.
    """

    current: Camera
    transition_s: float = 0.5
    mode: str = "top"
    orbit: Camera | None = None
    follow_s: float = 0.35
    _start: Camera | None = None
    _elapsed: float = 0.0
    _follow: Camera | None = None

    MODES = CAMERAS

    def set_mode(self, mode: str) -> None:
        if mode not in self.MODES:
            raise ValueError(f"unknown camera mode {mode!r}")
        if mode == "orbit" and self.orbit is None:
            self.orbit = self.current
        self.mode, self._start, self._elapsed, self._follow = mode, self.current, 0.0, None

    def rotate(self, dyaw_deg: float, dpitch_deg: float) -> None:
        """Free orbit by mouse drag (switches to orbit mode at once)."""
        base = self.orbit if self.mode == "orbit" and self.orbit else self.current
        self.orbit = replace(
            base, yaw_deg=base.yaw_deg + dyaw_deg, pitch_deg=min(89.9, max(3.0, base.pitch_deg + dpitch_deg))
        )
        if self.mode != "orbit":
            self.set_mode("orbit")

    def zoom(self, factor: float) -> None:
        base = self.orbit if self.mode == "orbit" and self.orbit else self.current
        self.orbit = replace(base, distance=min(8.0, max(0.2, base.distance * factor)))
        if self.mode != "orbit":
            self.set_mode("orbit")

    def update(self, dt: float, goal: Camera) -> Camera:
        """Advance the transition by ``dt`` seconds towards ``goal`` (the orbit camera in
        orbit mode is used instead of ``goal``); returns the camera to draw with."""
        if self.mode == "orbit" and self.orbit is not None:
            goal = self.orbit
        elif self.mode == "follow":
            self._follow = (
                goal
                if self._follow is None
                else blend(self._follow, goal, 1.0 - math.exp(-max(dt, 0.0) / self.follow_s))
            )
            goal = self._follow
        self._elapsed += dt
        if self._start is None or self._elapsed >= self.transition_s:
            self._start, self.current = None, goal
        else:
            x = self._elapsed / self.transition_s
            self.current = blend(self._start, goal, x * x * (3 - 2 * x))
        return self.current


class GameCamera:
    """The camera the game draws with (``current``) and the one mouse picking uses: a
    :class:`CameraRig` moving to :func:`~billiard.display.cameras.goal_camera` of the game's
    view. The player's orbit (right drag, ALT + arrows, wheel) turns and zooms the aim view
    round the cue ball and turns the follow view with it; while the cue ball in hand is
    dragged the view holds still, so the ball stays under the mouse."""

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
