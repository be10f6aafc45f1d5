"""Neutral input events: what the controls read. The window turns pyglet's events into these
(:mod:`billiard.shell.pyglet_input`), tests build them directly. Buttons, keys and modifiers are
pyglet's names as strings ("left", "SPACE", "SHIFT")."""

from __future__ import annotations

from dataclasses import dataclass, field

from billiard.formats.script import MODIFIERS as MODIFIERS  # pyglet's modifier names (scripts carry them)


NO_MODIFIERS: frozenset[str] = frozenset()


@dataclass(frozen=True)
class _Motion:
    """The pointer at (x, y), moved by (dx, dy) since the last event (pixels, y up)."""

    x: float
    y: float
    dx: float
    dy: float


@dataclass(frozen=True)
class MouseMove(_Motion):
    modifiers: frozenset[str] = field(default=NO_MODIFIERS)


@dataclass(frozen=True)
class MouseDrag(_Motion):
    buttons: frozenset[str]
    modifiers: frozenset[str] = field(default=NO_MODIFIERS)


@dataclass(frozen=True)
class Scroll(_Motion):
    """The wheel turned by (dx, dy) clicks with the pointer at (x, y)."""


@dataclass(frozen=True)
class _Button:
    """A mouse button at (x, y)."""

    x: float
    y: float
    button: str
    modifiers: frozenset[str] = field(default=NO_MODIFIERS)


class MousePress(_Button):
    """A mouse button pressed (pyglet ``on_mouse_press``)."""


class MouseRelease(_Button):
    """A mouse button let go (pyglet ``on_mouse_release``)."""


@dataclass(frozen=True)
class KeyPress:
    """A key pressed (pyglet ``on_key_press``), by pyglet's name, with the modifiers held."""

    symbol: str
    modifiers: frozenset[str] = field(default=NO_MODIFIERS)


@dataclass(frozen=True)
class KeyRelease:
    symbol: str
    modifiers: frozenset[str] = field(default=NO_MODIFIERS)


@dataclass(frozen=True)
class TextInput:
    """Typed text (pyglet ``on_text``): what a key press writes, after the key event."""

    text: str


InputEvent = MouseMove | MousePress | MouseDrag | MouseRelease | Scroll | KeyPress | KeyRelease | TextInput
