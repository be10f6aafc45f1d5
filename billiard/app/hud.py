"""The HUD, drawn with pyglet shapes and text after the 3D pass: power meter, spin widget,
elevation slider, players and scores, messages, balls on, help overlay, frame time, menu.
Positions come from :class:`HudLayout`, the same one the controls hit-test against."""

from __future__ import annotations

import pyglet
from pyglet import shapes
from pyglet.graphics import Batch, Group

from billiard.app.hud_state import HudState
from billiard.app.layout import HudLayout, Rect
from billiard.formats.limits import CONTROL_MAX_ELEVATION_DEG, MISCUE
from billiard.render.tray import tray_rects
from billiard.shell import glyphs
from billiard.shell.fonts import hud_font
from billiard.shell.glyphs import shrink_sizes

MESSAGE_W = 0.5  # the message lines' width, a share of the window's (the player names beside)
WHITE = (255, 255, 255, 255)
DIM = (0, 0, 0, 150)
ACCENT = (255, 200, 60, 255)
RED = (220, 40, 40, 255)


class Hud:
    """Persistent shapes and labels in one batch; :meth:`update` moves and re-texts them."""

    def __init__(self, layout: HudLayout) -> None:
        self.font = hud_font()
        self.layout = layout
        self._warm_fonts: list = []  # the fonts warm_glyphs rendered (pyglet keeps fonts weakly)
        self._build()
        if glyphs.enabled():
            self.warm_glyphs()

    def font_sizes(self) -> list[float]:
        """Every font size the labels may take at this window size: their own, the names'
        shrinking steps (:func:`_fit`) and the help's (:meth:`_fit_help`)."""
        u = self.layout.height / 720.0
        sizes = [label.font_size for label in self._texts()]
        sizes += shrink_sizes(15 * u, 0.9, 0.55 * 15 * u)
        sizes += shrink_sizes(12 * u, 0.92, 6 * u)
        return sizes

    def warm_glyphs(self) -> int:
        """Render the glyphs of every size now (:mod:`billiard.shell.glyphs`), before a frame
        would wait for it, and keep those fonts; how many."""
        self._warm_fonts = glyphs.warm(self.font, self.font_sizes(), dpi=self.message.dpi)
        return len(self._warm_fonts)

    def _label(self, size: float, group: Group, **kw) -> pyglet.text.Label:
        return pyglet.text.Label("", font_name=self.font, font_size=size, batch=self.batch, group=group, **kw)

    def _column_label(self, size: float, group: Group, top: float, color) -> pyglet.text.Label:
        """A message line that wraps, centred in the message column (``MESSAGE_W`` of the width)."""
        L = self.layout
        return self._label(
            size,
            group,
            x=L.width / 2,
            y=top,
            anchor_x="center",
            anchor_y="top",
            multiline=True,
            width=MESSAGE_W * L.width,
            align="center",
            color=color,
        )

    def _build(self) -> None:
        L, u = self.layout, self.layout.height / 720.0
        self.batch = Batch()
        back, front, top = Group(order=0), Group(order=1), Group(order=2)
        self.front, self.top = front, top
        self.number_discs: list[shapes.Circle] = []  # the top view's ball numbers, made as needed
        self.numbers: list[pyglet.text.Label] = []
        p = L.power
        self.power_back = shapes.Rectangle(p.x, p.y, p.w, p.h, color=DIM, batch=self.batch, group=back)
        self.power_fill = shapes.Rectangle(p.x, p.y, p.w, 0, color=RED, batch=self.batch, group=front)
        self.power_box = shapes.Box(p.x, p.y, p.w, p.h, thickness=2, color=WHITE, batch=self.batch, group=front)
        (cx, cy), r = L.spin_c, L.spin_r
        self.spin_ball = shapes.Circle(cx, cy, r, color=(235, 235, 225, 255), batch=self.batch, group=back)
        self.spin_limit = shapes.Arc(
            cx, cy, MISCUE * r, thickness=1.5, color=(150, 150, 150, 255), batch=self.batch, group=front
        )
        self.spin_dot = shapes.Circle(cx, cy, max(4.0, 0.12 * r), color=RED, batch=self.batch, group=top)
        e = L.elevation
        self.elev_back = shapes.Rectangle(e.x, e.y, e.w, e.h, color=DIM, batch=self.batch, group=back)
        self.elev_fill = shapes.Rectangle(e.x, e.y, e.w, 0, color=ACCENT, batch=self.batch, group=front)
        # the small labels over the 3D picture sit on a dark backing (a rail diamond under them
        # made them unreadable, issue 25, point 10)
        self.elev_label_back = shapes.Rectangle(0, 0, 1, 1, color=(0, 0, 0, 160), batch=self.batch, group=back)
        self.elev_label = self._label(12 * u, front, x=e.x + e.w / 2, y=e.y + e.h + 6 * u, anchor_x="center")
        self.power_label = self._label(10 * u, front, x=p.x, y=p.y + p.h + 6 * u)
        self.players = [self._label(15 * u, front, x=20 * u, y=L.height - (30 + 26 * i) * u) for i in range(2)]
        # each tray of pocketed balls (drawn by the renderer under the names) says whose it is
        self.tray_labels = [self._label(10 * u, front, anchor_y="center", color=(210, 210, 210, 255)) for _ in range(2)]
        # the rules' message wraps in the middle of the top strip, clear of the player names
        # on the left and the status on the right (a foul's explanation is a long line)
        self.message = self._column_label(15 * u, front, L.height - 16 * u, ACCENT)
        # the earlier message ("Shot before: ...") wraps in the same column, under the first
        self.message2 = self._column_label(13 * u, front, L.height - 49 * u, (255, 225, 150, 255))
        self.in_hand = self._label(13 * u, front, x=L.width / 2, y=L.height - 88 * u, anchor_x="center")

        self.practice = self._label(
            13 * u, front, x=L.width / 2, y=L.height - 132 * u, anchor_x="center", color=(150, 230, 255, 255)
        )
        self.remaining = self._label(12 * u, front, x=L.width / 2, y=20 * u, anchor_x="center")
        self.hint = self._label(
            12 * u, front, x=L.width / 2, y=L.height - 110 * u, anchor_x="center", color=(255, 235, 200, 255)
        )
        self.status = self._label(14 * u, front, x=L.width - 20 * u, y=L.height - 30 * u, anchor_x="right")
        self.frame = self._label(11 * u, front, x=L.width - 20 * u, y=L.height - 54 * u, anchor_x="right")
        self.panel = shapes.Rectangle(0, 0, L.width, L.height, color=(0, 0, 0, 170), batch=self.batch, group=front)
        self.panel_title = self._label(16 * u, top, x=L.width / 2, y=L.menu_title_y(), anchor_x="center", color=ACCENT)
        self.panel_keys = self._label(
            12 * u,
            top,
            x=0.12 * L.width,
            y=L.height - 135 * u,
            multiline=True,
            width=int(0.36 * L.width),
            anchor_y="top",
        )
        self.panel_text = self._label(
            12 * u,
            top,
            x=0.42 * L.width,
            y=L.height - 135 * u,
            multiline=True,
            width=int(0.56 * L.width),
            anchor_y="top",
        )
        self.menu_back = shapes.Rectangle(0, 0, 1, 1, color=(10, 14, 12, 190), batch=self.batch, group=front)
        self.menu_box = shapes.Rectangle(0, 0, 1, 1, color=(255, 200, 60, 70), batch=self.batch, group=front)
        self.menu_lines: list[pyglet.text.Label] = []
        self._menu_group = top
        self._menu_count = 0
        b = L.rack_box()
        self.rack_back = shapes.Rectangle(b.x, b.y, b.w, b.h, color=(15, 25, 20, 235), batch=self.batch, group=top)
        self.rack_frame = shapes.Box(b.x, b.y, b.w, b.h, thickness=2, color=ACCENT, batch=self.batch, group=top)
        layer = Group(order=3)
        self.rack_title = self._label(
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
        self.rack_score = self._label(15 * u, layer, x=L.width / 2, y=b.y + b.h - 110 * u, anchor_x="center")
        self.rack_stats = [
            self._label(13 * u, layer, x=L.width / 2, y=b.y + b.h - (145 + 26 * i) * u, anchor_x="center")
            for i in range(2)
        ]
        self.rack_buttons: list[tuple[shapes.Rectangle, pyglet.text.Label]] = []
        for i in range(3):
            btn = L.rack_button(i, 3)
            self.rack_buttons.append(
                (
                    shapes.Rectangle(btn.x, btn.y, btn.w, btn.h, color=(70, 60, 30, 255), batch=self.batch, group=top),
                    self._label(
                        13 * u, layer, x=btn.x + btn.w / 2, y=btn.y + btn.h / 2, anchor_x="center", anchor_y="center"
                    ),
                )
            )
        self._rack_parts = [self.rack_back, self.rack_frame] + [box for box, _ in self.rack_buttons]
        self._panel_key: tuple | None = None
        self._fitted: tuple = ()
        # the lines under the rules' message, with their places when it fits on one line: a
        # message that wraps pushes them down by its extra lines (no overlap at 1024x640), and
        # the earlier message pushes the lines under it down by its own extra lines
        self._message2_y = self.message2.y
        self._below = [(lab, lab.y) for lab in (self.in_hand, self.hint, self.practice)]
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
            )
        ]
        self.entry_box = shapes.Rectangle(
            0.2 * L.width,
            L.height / 2 - 28 * u,
            0.6 * L.width,
            56 * u,
            color=(20, 20, 30, 230),
            batch=self.batch,
            group=top,
        )
        self.entry_frame = shapes.Box(
            0.2 * L.width,
            L.height / 2 - 28 * u,
            0.6 * L.width,
            56 * u,
            thickness=2,
            color=ACCENT,
            batch=self.batch,
            group=top,
        )
        self.entry = self._label(
            14 * u, Group(order=3), x=L.width / 2, y=L.height / 2, anchor_x="center", anchor_y="center"
        )

    def resize(self, layout: HudLayout) -> None:
        self.layout = layout
        self._build()
        if glyphs.enabled():
            self.warm_glyphs()

    @staticmethod
    def _set(label: pyglet.text.Label, text: str) -> None:
        """Re-text a label only when the text changed (a new layout costs)."""
        if label.text != text:
            label.text = text

    def update(self, s: HudState) -> None:
        L, u = self.layout, self.layout.height / 720.0
        _put(self.power_fill, "height", L.power.h * max(0.0, min(1.0, s.power)))
        self._set(self.power_label, f"power {100 * s.power:.0f}%")
        (cx, cy), r = L.spin_c, L.spin_r
        _put(self.spin_dot, "position", (cx + s.tip[0] * r, cy + s.tip[1] * r))
        _put(self.elev_fill, "height", L.elevation.h * s.elevation_deg / CONTROL_MAX_ELEVATION_DEG)
        self._set(self.elev_label, f"{s.elevation_deg:.0f}\N{DEGREE SIGN}")
        lw, lh = self.elev_label.content_width + 8 * u, self.elev_label.content_height + 2 * u
        _put(self.elev_label_back, "position", (self.elev_label.x - lw / 2, self.elev_label.y - 4 * u))
        _put(self.elev_label_back, "width", lw)
        _put(self.elev_label_back, "height", lh)
        for label, line in zip(self.players, s.players + (None,) * 2):
            self._set(
                label,
                ""
                if line is None
                else (
                    f"{'> ' if line.on_turn and len(s.players) > 1 else ''}{line.name}   {line.score}"
                    + (f"   ({line.group})" if line.group else "")
                ),
            )
            _put(label, "color", ACCENT if line is not None and line.on_turn else WHITE)
        covered = s.menu is not None or s.help is not None  # the panel darkens the screen: nothing under it
        for shape, solid in self._widgets:
            alpha = int(solid * 0.3) if s.widgets_faded else solid
            if shape.opacity != alpha:
                shape.opacity = alpha
            _show(shape, not covered)
        if covered:
            self._set(self.power_label, "")
            self._set(self.elev_label, "")
        panel = s.rack_over
        self._set(self.message, "" if covered or panel else s.message)
        self._set(self.message2, "" if covered or panel else s.message2)
        extra = max(0.0, self.message.content_height - 30 * u) if self.message.text else 0.0
        if self.message2.y != self._message2_y - extra:
            self.message2.y = self._message2_y - extra
        if self.message2.text:
            extra += max(0.0, self.message2.content_height - 22 * u)
        for label, y in self._below:
            if label.y != y - extra:
                label.y = y - extra
        # the names keep their size unless the message lines beside them need the room
        widest = max((lab.content_width for lab in (self.message, self.message2) if lab.text), default=0)
        room = max((0.5 - MESSAGE_W / 2) * L.width, L.width / 2 - widest / 2) - 30 * u
        fitted = tuple((label.text, round(room)) for label in self.players)
        if fitted != self._fitted:  # a new layout costs: only when the text or the room changed
            self._fitted = fitted
            for label in self.players:
                _fit(label, 15 * u, room)
        self._set(self.in_hand, "" if covered else s.in_hand)
        self._set(self.remaining, "" if covered else s.remaining)
        self._set(self.hint, "" if covered or panel else s.hint)
        self._set(self.practice, "" if covered else s.practice)
        self._rack(None if covered else panel)
        self._set(self.status, s.status)
        self._set(self.frame, "" if s.frame_ms is None else f"{s.frame_ms:.1f} ms/frame")
        self._panel(s)
        self._trays(s)
        self._ball_numbers(() if covered else s.ball_numbers)
        for shape in (self.entry_box, self.entry_frame):
            _show(shape, s.naming is not None)
        self._set(self.entry, "" if s.naming is None else _name_prompt(s.naming_for, s.naming))

    def _trays(self, s: HudState) -> None:
        """Name each non-empty tray just right of its balls, unless a message line reaches
        over the name (a long foul line at 1024 px): the message is read first, the balls stay."""
        L, u = self.layout, self.layout.height / 720.0
        rects = tray_rects(L.width, L.height, s.tray) if len(s.players) > 1 else []
        lines = [_label_rect(m) for m in (self.message, self.message2, self.in_hand, self.hint) if m.text]
        for i, label in enumerate(self.tray_labels):
            text = ""
            if i < len(rects) and s.tray[i] and s.menu is None and s.help is None:
                x, y, w, h = rects[i]
                label.x, label.y = x + w + 6 * u, y + h / 2
                text = f"pocketed by {s.players[i].name}"
                self._set(label, text)
                if any(_overlap(_label_rect(label), r) for r in lines):
                    text = ""
            self._set(label, text)

    def _rack(self, panel) -> None:
        """The end-of-rack panel (``hud_state.RackPanel``), or nothing."""
        for shape in self._rack_parts:
            _show(shape, panel is not None)
        self._set(self.rack_title, "" if panel is None else panel.title)
        self._set(self.rack_score, "" if panel is None else panel.score)
        for i, label in enumerate(self.rack_stats):
            self._set(label, panel.stats[i] if panel is not None and i < len(panel.stats) else "")
        for i, (_, label) in enumerate(self.rack_buttons):
            self._set(label, panel.buttons[i][0] if panel is not None and i < len(panel.buttons) else "")

    def _menu_labels(self, count: int) -> None:
        """One label per menu line, placed for a menu of ``count`` lines."""
        L, u = self.layout, self.layout.height / 720.0
        while len(self.menu_lines) < count:
            self.menu_lines.append(
                self._label(16 * u, self._menu_group, x=L.width / 2, anchor_x="center", anchor_y="center")
            )
        if count != self._menu_count:
            self._menu_count = count
            for i, label in enumerate(self.menu_lines):
                box = L.menu_item(i, count)
                label.y = box.y + box.h / 2
                label.font_size = min(16 * u, 0.62 * box.h)

    def _panel(self, s: HudState) -> None:
        """The help overlay or the menu, over a darkened screen."""
        key = (s.help, s.menu, s.menu_greyed, s.menu_title)
        if key == self._panel_key:
            return
        self._panel_key = key
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
        _show(self.panel, bool(title))
        _show(self.menu_box, bool(labels))
        _show(self.menu_back, bool(labels))
        for i, label in enumerate(self.menu_lines):
            self._set(label, labels[i] if i < len(labels) else "")
            label.color = (140, 140, 140, 255) if i in s.menu_greyed else WHITE
        for label, value in ((self.panel_title, title), (self.panel_keys, keys), (self.panel_text, text)):
            self._set(label, value)
        self._fit_help()

    def _fit_help(self) -> None:
        """The help's two columns shrink until they fit between the title and the bottom
        (the rules of the game add lines to it)."""
        u = self.layout.height / 720.0
        room = self.panel_keys.y - 12 * u
        sizes = shrink_sizes(12 * u, 0.92, 6 * u)  # the sizes Hud.warm_glyphs rendered
        for label in (self.panel_keys, self.panel_text):
            label.font_size = sizes[0]
        k = 0
        while max(self.panel_keys.content_height, self.panel_text.content_height) > room and k + 1 < len(sizes):
            k += 1
            for label in (self.panel_keys, self.panel_text):
                label.font_size = sizes[k]

    def _ball_numbers(self, numbers: tuple[tuple[str, float, float], ...]) -> None:
        """Each numbered ball's number on a dark disc over the ball (the top view)."""
        u = self.layout.height / 720.0
        while len(self.numbers) < len(numbers):
            self.number_discs.append(
                shapes.Circle(0, 0, 8 * u, color=(0, 0, 0, 150), batch=self.batch, group=self.front)
            )
            self.numbers.append(self._label(9 * u, self.top, anchor_x="center", anchor_y="center", weight="bold"))
        for i, (disc, label) in enumerate(zip(self.number_discs, self.numbers)):
            shown = i < len(numbers)
            _show(disc, shown)
            if shown:
                text, x, y = numbers[i]
                if disc.position != (x, y):
                    disc.position = (x, y)
                if (label.x, label.y) != (x, y):
                    label.x, label.y = x, y
                self._set(label, text)
            else:
                self._set(label, "")

    def draw(self) -> None:
        self.batch.draw()

    def drawn(self) -> list[dict]:
        """Every text, widget and menu item the last frame drew, each ``{"kind", "text",
        "rect": [x, y, w, h]}`` in window pixels from the bottom-left (the summary's ``hud``)."""
        out: list[dict] = []
        if self.power_back.visible:
            L = self.layout
            for name, r in (("power meter", L.power), ("elevation slider", L.elevation)):
                out.append(_item("widget", name, r))
            (cx, cy), rad = L.spin_c, L.spin_r
            out.append(_item("widget", "spin", Rect(cx - rad, cy - rad, 2 * rad, 2 * rad)))
        menu_labels = set(map(id, self.menu_lines))
        rack_buttons = {id(label) for _, label in self.rack_buttons}
        for label in self._texts():
            if not label.text:
                continue
            kind = "menu" if id(label) in menu_labels else "button" if id(label) in rack_buttons else "text"
            out.append(_item(kind, label.text, _label_rect(label)))
        out.extend(_item("ball number", label.text, _label_rect(label)) for label in self.numbers if label.text)
        return out

    def _texts(self) -> list[pyglet.text.Label]:
        return [
            self.power_label,
            self.elev_label,
            *self.players,
            *self.tray_labels,
            self.message,
            self.message2,
            self.in_hand,
            self.practice,
            self.remaining,
            self.hint,
            self.status,
            self.frame,
            self.panel_title,
            self.panel_keys,
            self.panel_text,
            *self.menu_lines,
            self.rack_title,
            self.rack_score,
            *self.rack_stats,
            *(label for _, label in self.rack_buttons),
            self.entry,
        ]


def _put(thing, name: str, value) -> None:
    """Set a shape's or label's property only when it changes (each assignment makes pyglet
    recompute the vertices), in the frame's update of the HUD."""
    if getattr(thing, name) != value:
        setattr(thing, name, value)


def _show(shape, visible: bool) -> None:
    """Show or hide a shape only when that changes: pyglet recomputes a shape's vertices at
    every ``visible`` assignment (an arc's, a circle's: ~1-5 ms a frame for the HUD's widgets)."""
    if shape.visible != visible:
        shape.visible = visible


def _fit(label: pyglet.text.Label, size: float, width: float) -> None:
    """Shrink a label's font (from ``size``) until its text fits ``width`` pixels."""
    sizes = shrink_sizes(size, 0.9, 0.55 * size)  # the sizes Hud.warm_glyphs rendered
    if label.font_size != size:
        label.font_size = size
    k = 0
    while label.content_width > width and k + 1 < len(sizes):
        k += 1
        label.font_size = sizes[k]


def _item(kind: str, text: str, r: Rect) -> dict:
    return {"kind": kind, "text": text, "rect": [round(r.x, 1), round(r.y, 1), round(r.w, 1), round(r.h, 1)]}


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def _label_rect(label: pyglet.text.Label) -> Rect:
    """Where a label's text lies, from its anchors and its laid-out size."""
    w, h = float(label.content_width), float(label.content_height)
    x = label.x - {"left": 0.0, "center": w / 2, "right": w}[label.anchor_x]
    y = label.y - {"top": h, "center": h / 2, "bottom": 0.0, "baseline": 0.25 * h}.get(label.anchor_y, 0.0)
    return Rect(x, y, w, h)


def _name_prompt(naming_for: str, typed: str) -> str:
    """The name box's line: what the typed name is for."""
    if naming_for.startswith("player "):
        return f"{naming_for.capitalize()}'s name: {typed}_    (ENTER sets it, ESCAPE cancels)"
    return (
        f"Save the {'layout' if naming_for == 'layout' else 'last shot'} as: {typed}_    (ENTER saves, ESCAPE cancels)"
    )
