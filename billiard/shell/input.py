"""Neutral input events: what the controls read. The window turns pyglet's events into these
(:mod:`billiard.shell.pyglet_input`), tests build them directly. Buttons, keys and modifiers are
pyglet's names as strings ("left", "SPACE", "SHIFT")."""
from __future__ import annotations

from dataclasses import dataclass, field

MODIFIERS = ("SHIFT", "CTRL", "ALT", "CAPSLOCK", "NUMLOCK", "WINDOWS", "COMMAND", "OPTION", "SCROLLLOCK",
             "FUNCTION")   # pyglet's modifier names, as events and scripts carry them


@dataclass(frozen=True)
class MouseMove:
    x: float
    y: float
    dx: float
    dy: float
    modifiers: frozenset[str] = field(default=frozenset())


@dataclass(frozen=True)
class MousePress:
    x: float
    y: float
    button: str
    modifiers: frozenset[str] = field(default=frozenset())


@dataclass(frozen=True)
class MouseDrag:
    x: float
    y: float
    dx: float
    dy: float
    buttons: frozenset[str]
    modifiers: frozenset[str] = field(default=frozenset())


@dataclass(frozen=True)
class MouseRelease:
    x: float
    y: float
    button: str
    modifiers: frozenset[str] = field(default=frozenset())


@dataclass(frozen=True)
class Scroll:
    x: float
    y: float
    dx: float
    dy: float


@dataclass(frozen=True)
class KeyPress:
    symbol: str
    modifiers: frozenset[str] = field(default=frozenset())


@dataclass(frozen=True)
class KeyRelease:
    symbol: str
    modifiers: frozenset[str] = field(default=frozenset())


@dataclass(frozen=True)
class TextInput:
    """Typed text (pyglet ``on_text``): what a key press writes, after the key event."""

    text: str


InputEvent = MouseMove | MousePress | MouseDrag | MouseRelease | Scroll | KeyPress | KeyRelease | TextInput
