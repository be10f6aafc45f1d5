"""The mouse's half of the player's controls: the pointer aims the cue or moves the ball in
hand, a press below the ball holds the aim, the left button draws back and pushes the stroke
(:mod:`billiard.app.stroke`), and the widgets (spin, elevation, power meter) are dragged.
:class:`billiard.app.controls.Controls` composes it with the keyboard and the phases."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from billiard.app.cue import MIN_KEY_POWER
from billiard.app.stroke import FULL_DRAW, Stroke
from billiard.app.turn import Phase, check
from billiard.formats.limits import CONTROL_MAX_ELEVATION_DEG
from billiard.shell.input import MouseDrag, MousePress, MouseRelease

if TYPE_CHECKING:
    from billiard.app.controls import Controls

FINE_AIM_DEG_PER_PX = 0.02
HOLD_BEHIND_M = 0.3  # the pointer this near behind the cue ball leaves the aim alone (a press to stroke)
REFUSED_SPOT = "the cue ball may not go there: a click puts it down where it is drawn"


class MouseControls:
    """The pointer's and the buttons' handlers of :class:`~billiard.app.controls.Controls`
    (``c``), whose state they change."""

    def __init__(self, controls: Controls) -> None:
        self.c = controls

    def _fine(self, modifiers: frozenset[str]) -> bool:
        return "SHIFT" in modifiers or bool({"LSHIFT", "RSHIFT"} & self.c.keys)

    def move(self, x: float, y: float, dx: float, dy: float, modifiers: frozenset[str]) -> None:
        if "E" in self.c.keys:
            self.c.cue.set_elevation(self.c.cue.elevation_deg + 0.25 * dy)
        elif self.c.phase == "place":
            if not self.c.layout.over_widget(x, y) and self.c.placement is not None:
                self.c.placement.hover(self.c.board.to_table(x, y))
                if self.c.placement.refused is not None:
                    self.c.why_not = REFUSED_SPOT
                elif self.c.why_not == REFUSED_SPOT:
                    self.c.why_not = ""
        elif self.c.phase == "aim" and not self.c.aim_locked:
            if self._fine(modifiers):
                self.c.cue.turn(-FINE_AIM_DEG_PER_PX * dx)
            elif not self.c.layout.over_widget(x, y):
                self._aim_at(self.c.board.to_table(x, y))

    def _aim_at(self, spot: tuple[float, float] | None) -> None:
        """Point the cue from the cue ball at ``spot``; off the table (None), on the cue ball
        itself, or a little behind it (see :meth:`_hold_behind_m`, more than 90 degrees off the aim:
        where a player presses to draw the cue back) the aim holds, so the stroke goes where
        the player saw the cue point (issue 25, point 4)."""
        if spot is None:
            return
        cx, cy = self.c.board.cue_xy()
        dx, dy = spot[0] - cx, spot[1] - cy
        distance = math.hypot(dx, dy)
        if distance < 0.5 * self.c.board.ball_radius():
            return
        h = math.radians(self.c.cue.heading_deg)
        if distance < self._hold_behind_m() and dx * math.cos(h) + dy * math.sin(h) < 0.0:
            return
        self.c.cue.heading_deg = math.degrees(math.atan2(dy, dx)) % 360.0

    def _hold_behind_m(self) -> float:
        """How far behind the cue ball the pointer leaves the aim alone. In the top view
        HOLD_BEHIND_M; in the 3D view the cloth below the cue ball on screen lies between it and
        the camera, foreshortened (a pointer 90 px below the ball is 0.4 m behind it), so the
        whole stretch up to the camera holds: a press below the ball strikes along the aim seen."""
        if self.c.flags["top_view"]:
            return HOLD_BEHIND_M
        return max(HOLD_BEHIND_M, self.c.camera.distance)

    def press(self, ev: MousePress) -> None:
        self.c.why_not = ""
        if ev.button == "right":
            self.c.drag = "orbit"
        elif ev.button != "left":
            return
        elif self.c.layout.in_spin(ev.x, ev.y):
            self.c.drag = "spin"
            self._spin_at(ev.x, ev.y)
        elif self.c.layout.elevation.contains(ev.x, ev.y):
            self.c.drag = "elevation"
            self._elevation_at(ev.y)
        elif self.c.phase == "aim" and self.c.layout.power.contains(ev.x, ev.y):
            self.c.drag = "key-power"  # the meter sets the keyboard power (SPACE / ENTER strike with it)
            self._key_power_at(ev.y)
        elif self.c.phase == "place":
            self.c.drag = "placed"  # its release does nothing
            spot = self.c.board.to_table(ev.x, ev.y)
            if self.c.placement is not None and spot is not None:
                self.c.placement.hover(spot)  # an illegal spot: the ball slid to the nearest legal one
            if not self.c.put_down():  # the ball goes down where it is drawn (always legal)
                self.c.why_not = REFUSED_SPOT
        elif self.c.board.rack_over():
            self.c.why_not = "the rack is over: ENTER for the next rack, ESCAPE for the menu"
        elif self.c.phase == "aim":
            self.c.phase, self.c.drag = check(self.c.phase, Phase.POWER), "power"
            self.c.stroke = Stroke(FULL_DRAW * self.c.layout.height, self.c.max_speed)
            self.c.cue.power = 0.0

    def drag(self, ev: MouseDrag) -> None:
        if self.c.drag == "orbit":
            self.c.camera.turn(-0.3 * ev.dx, -0.3 * ev.dy)
        elif self.c.drag == "spin":
            self._spin_at(ev.x, ev.y)
        elif self.c.drag == "elevation":
            self._elevation_at(ev.y)
        elif self.c.drag == "key-power":
            self._key_power_at(ev.y)
        elif self.c.drag == "power" and self.c.stroke is not None:
            speed = self.c.stroke.move(ev.dy, self.c.now)
            self.c.cue.power = self.c.stroke.meter(self.c.now)
            if speed is not None:
                self.c._fire(speed)
            elif self.c.stroke.pull <= 0.0 and self.c.stroke.why_not:
                self.c._no_stroke()
        elif self.c.drag is None:
            self.move(ev.x, ev.y, ev.dx, ev.dy, ev.modifiers)

    def release(self, ev: MouseRelease) -> None:
        if self.c.drag == "power" and ev.button == "left" and self.c.stroke is not None:
            speed = self.c.stroke.release(self.c.now)
            if speed is not None:
                self.c._fire(speed)
            else:
                self.c._no_stroke()
        if ev.button in ("left", "right"):
            self.c.drag = None

    def _spin_at(self, x: float, y: float) -> None:
        cx, cy = self.c.layout.spin_c
        self.c.cue.set_tip((x - cx) / self.c.layout.spin_r, (y - cy) / self.c.layout.spin_r)

    def _key_power_at(self, y: float) -> None:
        m = self.c.layout.power
        self.c.cue.key_power = min(1.0, max(MIN_KEY_POWER, (y - m.y) / m.h))

    def _elevation_at(self, y: float) -> None:
        r = self.c.layout.elevation
        self.c.cue.set_elevation(CONTROL_MAX_ELEVATION_DEG * min(1.0, max(0.0, (y - r.y) / r.h)))
