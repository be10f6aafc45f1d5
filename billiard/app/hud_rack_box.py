"""The HUD's end-of-rack box (``hud_state.RackPanel``): who won, the score, each player's
figures of the rack, and its buttons (next rack, replay, menu) at the layout's places."""

from __future__ import annotations

import pyglet
from pyglet import shapes
from pyglet.graphics import Group

from billiard.app.hud_pieces import ACCENT, Pen, set_text, show
from billiard.app.hud_state import RackPanel
from billiard.app.layout import HudLayout

BACK = (15, 25, 20, 255)


class RackBox:
    """The box's shapes and labels, hidden until :meth:`update` is given a panel."""

    def __init__(self, pen: Pen, layout: HudLayout, top: Group) -> None:
        L, u = layout, layout.height / 720.0
        batch = pen.batch
        b = L.rack_box()
        # Opaque: a translucent box let a ball's number under it read as part of the figures.
        self.back = shapes.Rectangle(b.x, b.y, b.w, b.h, color=BACK, batch=batch, group=top)
        self.frame = shapes.Box(b.x, b.y, b.w, b.h, thickness=2, color=ACCENT, batch=batch, group=top)
        layer = Group(order=3)
        self.title = pen.label(
            20 * u,
            layer,
            x=L.width / 2,
            y=b.y + b.h - 40 * u,
            anchor_x="center",
            color=ACCENT,
            multiline=True,
            width=int(b.w - 30 * u),
            align="center",
        )
        self.score = pen.label(15 * u, layer, x=L.width / 2, y=b.y + b.h - 110 * u, anchor_x="center")
        self.stats = [
            pen.label(13 * u, layer, x=L.width / 2, y=b.y + b.h - (145 + 26 * i) * u, anchor_x="center")
            for i in range(2)
        ]
        self.buttons: list[tuple[shapes.Rectangle, pyglet.text.Label]] = []
        for i in range(3):
            btn = L.rack_button(i, 3)
            self.buttons.append(
                (
                    shapes.Rectangle(btn.x, btn.y, btn.w, btn.h, color=(70, 60, 30, 255), batch=batch, group=top),
                    pen.label(
                        13 * u, layer, x=btn.x + btn.w / 2, y=btn.y + btn.h / 2, anchor_x="center", anchor_y="center"
                    ),
                )
            )
        self._shapes = [self.back, self.frame] + [box for box, _ in self.buttons]

    def update(self, panel: RackPanel | None) -> None:
        """The end-of-rack ``panel``, or nothing."""
        for shape in self._shapes:
            show(shape, panel is not None)
        set_text(self.title, "" if panel is None else panel.title)
        set_text(self.score, "" if panel is None else panel.score)
        for i, label in enumerate(self.stats):
            set_text(label, panel.stats[i] if panel is not None and i < len(panel.stats) else "")
        for i, (_, label) in enumerate(self.buttons):
            set_text(label, panel.buttons[i][0] if panel is not None and i < len(panel.buttons) else "")

    def button_labels(self) -> list[pyglet.text.Label]:
        return [label for _, label in self.buttons]

    def texts(self) -> list[pyglet.text.Label]:
        return [self.title, self.score, *self.stats, *self.button_labels()]
