"""The HUD's full-screen panel over a darkened screen: the menu (or the start screen's list),
with the chosen line boxed and the lines that cannot be chosen now greyed, or the help's two
columns (keys, what they do)."""

from __future__ import annotations

import pyglet
from pyglet import shapes
from pyglet.graphics import Group

from billiard.app.hud_pieces import ACCENT, WHITE, Pen, set_text, show
from billiard.app.hud_state import HudState
from billiard.app.layout import HudLayout
from billiard.shell.glyphs import shrink_sizes


class MenuPanel:
    """The panel's shapes and labels; :meth:`update` shows the menu, the help, or nothing."""

    def __init__(self, pen: Pen, layout: HudLayout, front: Group, top: Group) -> None:
        L, u = layout, layout.height / 720.0
        self.layout = layout
        self._pen = pen
        self.panel = shapes.Rectangle(0, 0, L.width, L.height, color=(0, 0, 0, 170), batch=pen.batch, group=front)
        self.title = pen.label(16 * u, top, x=L.width / 2, y=L.menu_title_y(), anchor_x="center", color=ACCENT)

        def column(x: float, width: float) -> pyglet.text.Label:  # a help column, as shares of the width
            return pen.label(
                12 * u,
                top,
                x=x * L.width,
                y=L.height - 135 * u,
                multiline=True,
                width=int(width * L.width),
                anchor_y="top",
            )

        self.keys = column(0.12, 0.36)  # the keys
        self.text = column(0.42, 0.56)  # what they do
        self.menu_back = shapes.Rectangle(0, 0, 1, 1, color=(10, 14, 12, 190), batch=pen.batch, group=front)
        self.menu_box = shapes.Rectangle(0, 0, 1, 1, color=(255, 200, 60, 70), batch=pen.batch, group=front)
        self.menu_lines: list[pyglet.text.Label] = []
        self._menu_group = top
        self._menu_count = 0
        self._key: tuple | None = None

    def _menu_labels(self, count: int) -> None:
        """One label per menu line, placed for a menu of ``count`` lines."""
        L, u = self.layout, self.layout.height / 720.0
        while len(self.menu_lines) < count:
            self.menu_lines.append(
                self._pen.label(16 * u, self._menu_group, x=L.width / 2, anchor_x="center", anchor_y="center")
            )
        if count != self._menu_count:
            self._menu_count = count
            for i, label in enumerate(self.menu_lines):
                box = L.menu_item(i, count)
                label.y = box.y + box.h / 2
                label.font_size = min(16 * u, 0.62 * box.h)

    def update(self, s: HudState) -> None:
        """The help overlay or the menu of ``s`` (laid out again only when they change)."""
        key = (s.help, s.menu, s.menu_greyed, s.menu_title)
        if key == self._key:
            return
        self._key = key
        title, keys, text = "", "", ""
        labels: tuple[str, ...] = ()
        if s.menu is not None:
            labels, sel = s.menu
            title = s.menu_title or "MENU   (ESCAPE resumes)"
            self._menu_labels(len(labels))
            first, last = self.layout.menu_item(0, len(labels)), self.layout.menu_item(len(labels) - 1, len(labels))
            self.menu_back.position = (first.x - 10, last.y - 6)
            self.menu_back.width, self.menu_back.height = first.w + 20, first.y + first.h - last.y + 12
            box = self.layout.menu_item(sel, len(labels))
            self.menu_box.position, self.menu_box.width, self.menu_box.height = (box.x, box.y), box.w, box.h
        elif s.help is not None:
            title = "CONTROLS   (H to close)"
            keys = "\n".join(k for k, _ in s.help)
            text = "\n".join(v for _, v in s.help)
        show(self.panel, bool(title))
        show(self.menu_box, bool(labels))
        show(self.menu_back, bool(labels))
        for i, label in enumerate(self.menu_lines):
            set_text(label, labels[i] if i < len(labels) else "")
            label.color = (140, 140, 140, 255) if i in s.menu_greyed else WHITE
        for label, value in ((self.title, title), (self.keys, keys), (self.text, text)):
            set_text(label, value)
        self._fit_help()

    def _fit_help(self) -> None:
        """The help's two columns shrink until they fit between the title and the bottom
        (the rules of the game add lines to it)."""
        u = self.layout.height / 720.0
        room = self.keys.y - 12 * u
        sizes = shrink_sizes(12 * u, 0.92, 6 * u)  # the sizes Hud.warm_glyphs rendered
        for label in (self.keys, self.text):
            label.font_size = sizes[0]
        k = 0
        while max(self.keys.content_height, self.text.content_height) > room and k + 1 < len(sizes):
            k += 1
            for label in (self.keys, self.text):
                label.font_size = sizes[k]

    def texts(self) -> list[pyglet.text.Label]:
        return [self.title, self.keys, self.text, *self.menu_lines]
