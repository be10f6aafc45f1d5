"""Between pyglet's window events and the neutral input events of :mod:`billiard.shell.input`:
pyglet's integer buttons, keys and modifier bits become their names (the game, the viewer
and scripted play all read these)."""

from __future__ import annotations

from pyglet.window import key, mouse

from billiard.shell.input import (
    MODIFIERS,
    InputEvent,
    KeyPress,
    KeyRelease,
    MouseDrag,
    MouseMove,
    MousePress,
    MouseRelease,
    Scroll,
    TextInput,
)

BUTTONS = {"left": mouse.LEFT, "right": mouse.RIGHT, "middle": mouse.MIDDLE}
MOD_BITS = {name: getattr(key, f"MOD_{name}") for name in MODIFIERS if hasattr(key, f"MOD_{name}")}


def key_names() -> set[str]:
    """Every key symbol name pyglet knows (``SPACE``, ``A``, ``_1``, ``F11``...)."""
    return {
        name
        for name in dir(key)
        if name.isupper() or name.startswith("_") and name[1:].isdigit()
        if isinstance(getattr(key, name), int) and not name.startswith("MOD_")
    }


def mods(bits: int) -> frozenset[str]:
    return frozenset(name for name, bit in MOD_BITS.items() if bits & bit)


def buttons(bits: int) -> frozenset[str]:
    return frozenset(name for name, bit in BUTTONS.items() if bits & bit)


def button(value: int) -> str:
    return next((name for name, bit in BUTTONS.items() if bit == value), "other")


def neutral(kind: str, *args) -> InputEvent | None:
    """The neutral event for a pyglet handler called as ``on_<kind>(*args)``."""
    if kind == "mouse_motion":
        x, y, dx, dy = args
        return MouseMove(x, y, dx, dy)
    if kind == "mouse_press":
        x, y, b, m = args
        return MousePress(x, y, button(b), mods(m))
    if kind == "mouse_release":
        x, y, b, m = args
        return MouseRelease(x, y, button(b), mods(m))
    if kind == "mouse_drag":
        x, y, dx, dy, bs, m = args
        return MouseDrag(x, y, dx, dy, buttons(bs), mods(m))
    if kind == "mouse_scroll":
        x, y, sx, sy = args
        return Scroll(x, y, sx, sy)
    if kind in ("key_press", "key_release"):
        symbol, m = args
        cls = KeyPress if kind == "key_press" else KeyRelease
        return cls(key.symbol_string(symbol), mods(m))
    if kind == "text":
        return TextInput(args[0])
    return None
