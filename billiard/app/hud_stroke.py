"""The HUD's stroke widgets: the power meter, the spin widget (where the tip meets the cue ball,
with the miscue limit) and the elevation slider, with their labels."""

from __future__ import annotations

import pyglet
from pyglet import shapes
from pyglet.graphics import Group

from billiard.app.hud_pieces import ACCENT, DIM, RED, WHITE, Pen, fit_backing, item, put, set_text, show
from billiard.app.hud_state import HudState
from billiard.app.layout import HudLayout
from billiard.display.rect import Rect
from billiard.formats.limits import CONTROL_MAX_ELEVATION_DEG, MISCUE


class StrokeWidgets:
    """The three widgets at the layout's places (:class:`HudLayout`, which the controls also
    hit-test against); :meth:`update` moves their fills and re-texts their labels."""

    def __init__(self, pen: Pen, layout: HudLayout, back: Group, front: Group, top: Group) -> None:
        L, u = layout, layout.height / 720.0
        self.layout = layout
        batch = pen.batch
        p = L.power
        self.power_back = shapes.Rectangle(p.x, p.y, p.w, p.h, color=DIM, batch=batch, group=back)
        self.power_fill = shapes.Rectangle(p.x, p.y, p.w, 0, color=RED, batch=batch, group=front)
        self.power_box = shapes.Box(p.x, p.y, p.w, p.h, thickness=2, color=WHITE, batch=batch, group=front)
        (cx, cy), r = L.spin_c, L.spin_r
        self.spin_ball = shapes.Circle(cx, cy, r, color=(235, 235, 225, 255), batch=batch, group=back)
        self.spin_limit = shapes.Arc(
            cx, cy, MISCUE * r, thickness=1.5, color=(150, 150, 150, 255), batch=batch, group=front
        )
        self.spin_dot = shapes.Circle(cx, cy, max(4.0, 0.12 * r), color=RED, batch=batch, group=top)
        e = L.elevation
        self.elev_back = shapes.Rectangle(e.x, e.y, e.w, e.h, color=DIM, batch=batch, group=back)
        self.elev_fill = shapes.Rectangle(e.x, e.y, e.w, 0, color=ACCENT, batch=batch, group=front)
        # the small labels over the 3D picture sit on a dark backing; the power label is wider
        # than its meter and overhangs the top view's rail in small windows
        self.elev_label_back = pen.backing(back)
        self.power_label_back = pen.backing(back)
        self.elev_label = pen.label(12 * u, front, x=e.x + e.w / 2, y=e.y + e.h + 6 * u, anchor_x="center")
        self.power_label = pen.label(10 * u, front, x=p.x, y=p.y + p.h + 6 * u)
        self._widgets = [
            (shape, shape.opacity)
            for shape in (
                self.power_back,
                self.power_fill,
                self.power_box,
                self.spin_ball,
                self.spin_limit,
                self.spin_dot,
                self.elev_back,
                self.elev_fill,
                self.elev_label_back,
                self.power_label_back,
            )
        ]

    def update(self, s: HudState, covered: bool) -> None:
        """The stroke of ``s``; hidden while a panel ``covered`` the screen, faded when
        ``s.widgets_faded``."""
        L, u = self.layout, self.layout.height / 720.0
        put(self.power_fill, "height", L.power.h * max(0.0, min(1.0, s.power)))
        set_text(self.power_label, f"power {100 * s.power:.0f}%")
        (cx, cy), r = L.spin_c, L.spin_r
        put(self.spin_dot, "position", (cx + s.tip[0] * r, cy + s.tip[1] * r))
        put(self.elev_fill, "height", L.elevation.h * s.elevation_deg / CONTROL_MAX_ELEVATION_DEG)
        set_text(self.elev_label, f"{s.elevation_deg:.0f}\N{DEGREE SIGN}")
        fit_backing(self.elev_label_back, self.elev_label, u)
        fit_backing(self.power_label_back, self.power_label, u)
        for shape, solid in self._widgets:
            alpha = int(solid * 0.3) if s.widgets_faded else solid
            if shape.opacity != alpha:
                shape.opacity = alpha
            show(shape, not covered)
        if covered:
            set_text(self.power_label, "")
            set_text(self.elev_label, "")

    def drawn(self) -> list[dict]:
        """The widgets' places, when they are shown (:meth:`Hud.drawn`)."""
        if not self.power_back.visible:
            return []
        L = self.layout
        out = [item("widget", name, r) for name, r in (("power meter", L.power), ("elevation slider", L.elevation))]
        (cx, cy), rad = L.spin_c, L.spin_r
        out.append(item("widget", "spin", Rect(cx - rad, cy - rad, 2 * rad, 2 * rad)))
        return out

    def texts(self) -> list[pyglet.text.Label]:
        return [self.power_label, self.elev_label]
