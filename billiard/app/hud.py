"""The HUD, drawn with pyglet shapes and text after the 3D pass, as parts in one batch: the
stroke widgets (:mod:`hud_stroke`), the menu or help panel (:mod:`hud_menu_panel`), the
end-of-rack box (:mod:`hud_rack_box`), and here the top strip (players and scores, messages,
the trays' names, status, frame time), the balls' numbers in the top view and the name box.
Positions come from :class:`HudLayout`, the same one the controls hit-test against."""

from __future__ import annotations

import pyglet
from pyglet import shapes
from pyglet.graphics import Batch, Group

from billiard.app.hud_menu_panel import MenuPanel
from billiard.app.hud_pieces import (
    ACCENT,
    WHITE,
    Pen,
    fit,
    fit_backing,
    item,
    label_rect,
    overlap,
    put,
    set_text,
    show,
)
from billiard.app.hud_rack_box import RackBox
from billiard.app.hud_state import HudState
from billiard.app.hud_stroke import StrokeWidgets
from billiard.app.layout import HudLayout
from billiard.render.tray import tray_rects
from billiard.shell import glyphs
from billiard.shell.fonts import hud_font
from billiard.shell.glyphs import shrink_sizes

NAME_MIN_SHARE = 0.8  # a name row shrunk below this share of its size drops its group ("yellow ball, to 15")
MESSAGE_W = 0.5  # the message lines' width, a share of the window's (the player names beside)
MESSAGE_MIN_SHARE = 0.7  # a message crowding the table shrinks to this share of its size at most


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
        shrinking steps (:func:`hud_pieces.fit`) and the help's (:meth:`MenuPanel._fit_help`)."""
        u = self.layout.height / 720.0
        sizes = [label.font_size for label in self._texts()]
        sizes += shrink_sizes(15 * u, 0.9, 0.55 * 15 * u)
        sizes += shrink_sizes(13 * u, 0.9, MESSAGE_MIN_SHARE * 13 * u)  # the earlier message's steps
        sizes += shrink_sizes(12 * u, 0.92, 6 * u)
        return sizes

    def warm_glyphs(self) -> int:
        """Render the glyphs of every size now (:mod:`billiard.shell.glyphs`), before a frame
        would wait for it, and keep those fonts; how many."""
        self._warm_fonts = glyphs.warm(self.font, self.font_sizes(), dpi=self.message.dpi)
        return len(self._warm_fonts)

    def _column_label(self, size: float, group: Group, top: float, color) -> pyglet.text.Label:
        """A message line that wraps, centred in the message column (``MESSAGE_W`` of the width)."""
        L = self.layout
        return self.pen.label(
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
        self.pen = Pen(self.batch, self.font)
        self.stroke = StrokeWidgets(self.pen, L, back, front, top)
        self.players = [self.pen.label(15 * u, front, x=20 * u, y=L.height - (30 + 26 * i) * u) for i in range(2)]
        # each tray of pocketed balls (drawn by the renderer under the names) says whose it is
        self.tray_labels = [
            self.pen.label(10 * u, front, anchor_y="center", color=(210, 210, 210, 255)) for _ in range(2)
        ]
        # the rules' message wraps in the middle of the top strip, clear of the player names
        # on the left and the status on the right (a foul's explanation is a long line)
        self.message = self._column_label(15 * u, front, L.height - 16 * u, ACCENT)
        # the earlier message ("Shot before: ...") wraps in the same column, under the first
        self.message2 = self._column_label(13 * u, front, L.height - 49 * u, (255, 225, 150, 255))
        self.in_hand = self.pen.label(13 * u, front, x=L.width / 2, y=L.height - 88 * u, anchor_x="center")

        self.practice = self.pen.label(
            13 * u, front, x=L.width / 2, y=L.height - 132 * u, anchor_x="center", color=(150, 230, 255, 255)
        )
        self.remaining = self.pen.label(12 * u, front, x=L.width / 2, y=20 * u, anchor_x="center")
        self.remaining_back = self.pen.backing(back)  # the 3D view's cue passes under this line
        self.hint = self.pen.label(
            12 * u, front, x=L.width / 2, y=L.height - 110 * u, anchor_x="center", color=(255, 235, 200, 255)
        )
        self.status = self.pen.label(14 * u, front, x=L.width - 20 * u, y=L.height - 30 * u, anchor_x="right")
        self.frame = self.pen.label(11 * u, front, x=L.width - 20 * u, y=L.height - 54 * u, anchor_x="right")
        self.menu_panel = MenuPanel(self.pen, L, front, top)
        self.rack_box = RackBox(self.pen, L, top)
        self._fitted: tuple = ()
        # the lines under the rules' message, with their places when it fits on one line: a
        # message that wraps pushes them down by its extra lines (no overlap at 1024x640), and
        # the earlier message pushes the lines under it down by its own extra lines
        self._message2_y = self.message2.y
        self._stacked: tuple = ()  # the lines the message stack was last laid out for
        self._below = [(lab, lab.y) for lab in (self.in_hand, self.hint, self.practice)]
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
        self.entry = self.pen.label(
            14 * u, Group(order=3), x=L.width / 2, y=L.height / 2, anchor_x="center", anchor_y="center"
        )

    def resize(self, layout: HudLayout) -> None:
        self.layout = layout
        self._build()
        if glyphs.enabled():
            self.warm_glyphs()

    def update(self, s: HudState) -> None:
        L, u = self.layout, self.layout.height / 720.0
        covered = s.menu is not None or s.help is not None  # the panel darkens the screen: nothing under it
        self.stroke.update(s, covered)
        rows = []  # each name row in full, and without its group should the full one not fit
        for label, line in zip(self.players, s.players + (None,) * 2):
            short = (
                ""
                if line is None
                else f"{'> ' if line.on_turn and len(s.players) > 1 else ''}{line.name}   {line.score}"
            )
            rows.append((short + (f"   ({line.group})" if line is not None and line.group else ""), short))
            put(label, "color", ACCENT if line is not None and line.on_turn else WHITE)
        panel = s.rack_over
        set_text(self.message, "" if covered or panel else s.message)
        set_text(self.message2, "" if covered or panel else s.message2)
        # the names keep their size unless the message lines beside them need the room
        widest = max((lab.content_width for lab in (self.message, self.message2) if lab.text), default=0)
        room = max((0.5 - MESSAGE_W / 2) * L.width, L.width / 2 - widest / 2) - 30 * u
        fitted = tuple((full, round(room)) for full, _ in rows)
        if fitted != self._fitted:  # a new layout costs: only when the text or the room changed
            self._fitted = fitted
            for label, (full, short) in zip(self.players, rows):
                set_text(label, full)
                fit(label, 15 * u, room)
                if short != full and label.font_size < NAME_MIN_SHARE * 15 * u:  # too small to read: no group
                    set_text(label, short)
                    fit(label, 15 * u, room)
        set_text(self.in_hand, "" if covered else s.in_hand)
        set_text(self.remaining, "" if covered else s.remaining)
        fit_backing(self.remaining_back, self.remaining, u)
        show(self.remaining_back, bool(self.remaining.text))
        hint = "" if covered or panel else s.hint
        if hint != self.hint.text:  # a rule's choice with its keys is a long line: it fits the window
            set_text(self.hint, hint)
            fit(self.hint, 12 * u, L.width - 40 * u)
        set_text(self.practice, "" if covered else s.practice)
        self._stack_messages(u)
        self.rack_box.update(None if covered else panel)
        set_text(self.status, s.status)
        set_text(self.frame, "" if s.frame_ms is None else f"{s.frame_ms:.1f} ms/frame")
        self.menu_panel.update(s)
        self._trays(s)
        self._ball_numbers(() if covered else self._outside_rack_box(s.ball_numbers) if panel else s.ball_numbers)
        for shape in (self.entry_box, self.entry_frame):
            show(shape, s.naming is not None)
        set_text(self.entry, "" if s.naming is None else _name_prompt(s.naming_for, s.naming))

    def _stack_messages(self, u: float) -> None:
        """Place the lines under the rules' message: a message that wraps pushes them down by its
        extra lines (no overlap at 1024x640). Should the stack then reach the table (a wrapped
        foul over a wrapped earlier one, the ball in hand and a hint, in a small window), the
        earlier message and then the first shrink, step by step, until it clears the table's
        top (``HudLayout.table_area``) or they reach their smallest size."""
        texts = tuple(m.text for m in (self.message, self.message2, self.in_hand, self.hint, self.practice))
        if texts == self._stacked:  # a new layout costs: only when a line changed
            return
        self._stacked = texts
        area = self.layout.table_area()
        floor = area.y + area.h
        if self.message.font_size != 15 * u:
            self.message.font_size = 15 * u
        for label, base in ((self.message2, 13 * u), (self.message, 15 * u)):
            for size in shrink_sizes(base, 0.9, MESSAGE_MIN_SHARE * base):
                if label.font_size != size:
                    label.font_size = size
                if self._place_below(u) >= floor - 2 * u:
                    return

    def _place_below(self, u: float) -> float:
        """Move the lines under the message to clear it; the lowest text's bottom (pixels)."""
        extra = max(0.0, self.message.content_height - 30 * u) if self.message.text else 0.0
        if self.message2.y != self._message2_y - extra:
            self.message2.y = self._message2_y - extra
        if self.message2.text:
            extra += max(0.0, self.message2.content_height - 22 * u)
        for label, y in self._below:
            if label.y != y - extra:
                label.y = y - extra
        shown = [label_rect(m) for m in (self.message, self.message2, self.in_hand, self.hint, self.practice) if m.text]
        return min((r.y for r in shown), default=float(self.layout.height))

    def _trays(self, s: HudState) -> None:
        """Name each non-empty tray just right of its balls, unless a message line reaches
        over the name (a long foul line at 1024 px): the message is read first, the balls stay."""
        L, u = self.layout, self.layout.height / 720.0
        rects = tray_rects(L.width, L.height, s.tray) if len(s.players) > 1 else []
        lines = [label_rect(m) for m in (self.message, self.message2, self.in_hand, self.hint) if m.text]
        for i, label in enumerate(self.tray_labels):
            text = ""
            if i < len(rects) and s.tray[i] and s.menu is None and s.help is None:
                x, y, w, h = rects[i]
                label.x, label.y = x + w + 6 * u, y + h / 2
                text = f"pocketed by {s.players[i].name}"
                set_text(label, text)
                if any(overlap(label_rect(label), r) for r in lines):
                    text = ""
            set_text(label, text)

    def _outside_rack_box(self, numbers: tuple[tuple[str, float, float], ...]) -> tuple[tuple[str, float, float], ...]:
        """The numbers whose discs lie clear of the end-of-rack box: the HUD draws them on top,
        so one under the box read as a digit of the rack's figures."""
        b, r = self.layout.rack_box(), 10 * self.layout.height / 720.0
        return tuple(n for n in numbers if not (b.x - r < n[1] < b.x + b.w + r and b.y - r < n[2] < b.y + b.h + r))

    def _ball_numbers(self, numbers: tuple[tuple[str, float, float], ...]) -> None:
        """Each numbered ball's number on a dark disc over the ball (the top view)."""
        u = self.layout.height / 720.0
        while len(self.numbers) < len(numbers):
            self.number_discs.append(
                shapes.Circle(0, 0, 8 * u, color=(0, 0, 0, 150), batch=self.batch, group=self.front)
            )
            self.numbers.append(self.pen.label(9 * u, self.top, anchor_x="center", anchor_y="center", weight="bold"))
        for i, (disc, label) in enumerate(zip(self.number_discs, self.numbers)):
            shown = i < len(numbers)
            show(disc, shown)
            if shown:
                text, x, y = numbers[i]
                if disc.position != (x, y):
                    disc.position = (x, y)
                if (label.x, label.y) != (x, y):
                    label.x, label.y = x, y
                set_text(label, text)
            else:
                set_text(label, "")

    def draw(self) -> None:
        self.batch.draw()

    def drawn(self) -> list[dict]:
        """Every text, widget and menu item the last frame drew, each ``{"kind", "text",
        "rect": [x, y, w, h]}`` in window pixels from the bottom-left (the summary's ``hud``)."""
        out = self.stroke.drawn()
        menu_labels = set(map(id, self.menu_panel.menu_lines))
        rack_buttons = set(map(id, self.rack_box.button_labels()))
        for label in self._texts():
            if not label.text:
                continue
            kind = "menu" if id(label) in menu_labels else "button" if id(label) in rack_buttons else "text"
            out.append(item(kind, label.text, label_rect(label)))
        out.extend(item("ball number", label.text, label_rect(label)) for label in self.numbers if label.text)
        return out

    def _texts(self) -> list[pyglet.text.Label]:
        return [
            *self.stroke.texts(),
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
            *self.menu_panel.texts(),
            *self.rack_box.texts(),
            self.entry,
        ]


def _name_prompt(naming_for: str, typed: str) -> str:
    """The name box's line: what the typed name is for."""
    if naming_for.startswith("player "):
        return f"{naming_for.capitalize()}'s name: {typed}_    (ENTER sets it, ESCAPE cancels)"
    return (
        f"Save the {'layout' if naming_for == 'layout' else 'last shot'} as: {typed}_    (ENTER saves, ESCAPE cancels)"
    )
