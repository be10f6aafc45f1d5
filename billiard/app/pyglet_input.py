"""Between pyglet's window events and the neutral input events of ``billiard.app.input``:
pyglet's integer buttons, keys and modifier bits become their names, and a script's names
become pyglet's arguments again (so scripted play goes through the window's real handlers)."""
from __future__ import annotations

from pyglet.window import key, mouse

from billiard.app.input import (InputEvent, KeyPress, KeyRelease, MouseDrag, MouseMove, MousePress,
                                MouseRelease, Scroll, TextInput)
from billiard.app.script import MODIFIERS, ScriptEvent
from billiard.errors import BilliardError

BUTTONS = {"left": mouse.LEFT, "right": mouse.RIGHT, "middle": mouse.MIDDLE}
MOD_BITS = {name: getattr(key, f"MOD_{name}") for name in MODIFIERS if hasattr(key, f"MOD_{name}")}


def key_names() -> set[str]:
    """Every key symbol name pyglet knows (``SPACE``, ``A``, ``_1``, ``F11``...)."""
    return {name for name in dir(key) if name.isupper() or name.startswith("_") and name[1:].isdigit()
            if isinstance(getattr(key, name), int) and not name.startswith("MOD_")}


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


def pyglet_args(ev: ScriptEvent) -> tuple:
    """Positional arguments of the pyglet handler ``on_<ev.type>`` for a script event."""
    a = ev.args

    def bits(names: frozenset[str], table: dict[str, int]) -> int:
        out = 0
        for name in names:
            out |= table[name]
        return out

    def sym(name: str) -> int:
        value = getattr(key, name, None)
        if not isinstance(value, int):
            raise BilliardError(f"unknown key {name!r}")
        return value

    xy = (int(round(a.get("x", 0))), int(round(a.get("y", 0))))
    if ev.type == "mouse_motion":
        return (*xy, a["dx"], a["dy"])
    if ev.type in ("mouse_press", "mouse_release"):
        return (*xy, BUTTONS[a["button"]], bits(a["modifiers"], MOD_BITS))
    if ev.type == "mouse_drag":
        return (*xy, a["dx"], a["dy"], bits(a["buttons"], BUTTONS), bits(a["modifiers"], MOD_BITS))
    if ev.type == "mouse_scroll":
        return (*xy, a["scroll_x"], a["scroll_y"])
    if ev.type in ("key_press", "key_release"):
        return (sym(a["symbol"]), bits(a["modifiers"], MOD_BITS))
    return (a["text"],)
