"""A script's events as pyglet's handler arguments, so scripted play goes through the
window's real handlers; pyglet's events -> neutral ones is :mod:`billiard.shell.pyglet_input`."""

from __future__ import annotations

from pyglet.window import key

from billiard.app.script import ScriptEvent
from billiard.errors import BilliardError
from billiard.shell.pyglet_input import BUTTONS, MOD_BITS


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
