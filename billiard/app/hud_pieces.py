"""What every part of the HUD draws with: its colours, one label maker on the HUD's batch, and
small pyglet helpers that set a property only when it changes (each assignment makes pyglet
recompute vertices or lay the text out again) and say where a label's text lies."""

from __future__ import annotations

from dataclasses import dataclass

import pyglet
from pyglet import shapes
from pyglet.graphics import Batch, Group

from billiard.display.rect import Rect
from billiard.shell.glyphs import shrink_sizes

WHITE = (255, 255, 255, 255)
DIM = (0, 0, 0, 150)
ACCENT = (255, 200, 60, 255)
RED = (220, 40, 40, 255)
BACKING = (0, 0, 0, 160)  # behind small labels over the 3D picture


@dataclass(frozen=True)
class Pen:
    """The HUD's batch and font: every label of every part of the HUD is made with them."""

    batch: Batch
    font: str | None

    def label(self, size: float, group: Group, **kw) -> pyglet.text.Label:
        return pyglet.text.Label("", font_name=self.font, font_size=size, batch=self.batch, group=group, **kw)

    def backing(self, group: Group) -> shapes.Rectangle:
        """A dark backing for a small label over the 3D picture (white text over a rail diamond
        or the cue's white ferrule is unreadable, issue 25, point 10): :func:`fit_backing`."""
        return shapes.Rectangle(0, 0, 1, 1, color=BACKING, batch=self.batch, group=group)


def fit_backing(back: shapes.Rectangle, label: pyglet.text.Label, u: float) -> None:
    """Lay ``back`` under ``label``'s text with a margin (``u``: the HUD's unit, 1/720 of the
    height), descenders included, wherever the label is anchored."""
    w, h = label.content_width + 8 * u, label.content_height + 4 * u
    x = {"center": label.x - w / 2, "right": label.x - w + 4 * u}.get(label.anchor_x, label.x - 4 * u)
    put(back, "position", (x, label.y - 6 * u))
    put(back, "width", w)
    put(back, "height", h)


def set_text(label: pyglet.text.Label, text: str) -> None:
    """Re-text a label only when the text changed (a new layout costs)."""
    if label.text != text:
        label.text = text


def put(thing, name: str, value) -> None:
    """Set a shape's or label's property only when it changes (each assignment makes pyglet
    recompute the vertices), in the frame's update of the HUD."""
    if getattr(thing, name) != value:
        setattr(thing, name, value)


def show(shape, visible: bool) -> None:
    """Show or hide a shape only when that changes: pyglet recomputes a shape's vertices at
    every ``visible`` assignment (an arc's, a circle's: ~1-5 ms a frame for the HUD's widgets)."""
    if shape.visible != visible:
        shape.visible = visible


def fit(label: pyglet.text.Label, size: float, width: float) -> None:
    """Shrink a label's font (from ``size``) until its text fits ``width`` pixels."""
    sizes = shrink_sizes(size, 0.9, 0.55 * size)  # the sizes Hud.warm_glyphs rendered
    if label.font_size != size:
        label.font_size = size
    k = 0
    while label.content_width > width and k + 1 < len(sizes):
        k += 1
        label.font_size = sizes[k]


def item(kind: str, text: str, r: Rect) -> dict:
    """One entry of :meth:`Hud.drawn`: what was drawn, and where (rounded to 0.1 px)."""
    return {"kind": kind, "text": text, "rect": [round(r.x, 1), round(r.y, 1), round(r.w, 1), round(r.h, 1)]}


def overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def label_rect(label: pyglet.text.Label) -> Rect:
    """Where a label's text lies, from its anchors and its laid-out size."""
    w, h = float(label.content_width), float(label.content_height)
    x = label.x - {"left": 0.0, "center": w / 2, "right": w}[label.anchor_x]
    y = label.y - {"top": h, "center": h / 2, "bottom": 0.0, "baseline": 0.25 * h}.get(label.anchor_y, 0.0)
    return Rect(x, y, w, h)
