"""Scripted input for headless play: ``{"mode", "table", "duration", "seed", "events": [...]}``
(``seed``, optional: racks shuffled and set imperfectly from it, as in the window; without it
every rack is the tidy, numeric-order one; ``layout``, optional: a layout file, relative to the
script, to start from; ``drill``, optional: a drill's name), each event ``{"t", "type", ...}`` with ``type`` a pyglet window event name without ``on_`` and the
handler's arguments by name. Loading validates everything and never trusts the file."""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from billiard.errors import BilliardError
from billiard.shell.input import MODIFIERS

# handler arguments per event type: name -> kind
ARGS: dict[str, dict[str, str]] = {
    "mouse_motion": {"x": "num", "y": "num", "dx": "num", "dy": "num"},
    "mouse_press": {"x": "num", "y": "num", "button": "button", "modifiers": "mods"},
    "mouse_release": {"x": "num", "y": "num", "button": "button", "modifiers": "mods"},
    "mouse_drag": {"x": "num", "y": "num", "dx": "num", "dy": "num", "buttons": "buttons", "modifiers": "mods"},
    "mouse_scroll": {"x": "num", "y": "num", "scroll_x": "num", "scroll_y": "num"},
    "key_press": {"symbol": "key", "modifiers": "mods"},
    "key_release": {"symbol": "key", "modifiers": "mods"},
    "text": {"text": "str"},
}
OPTIONAL = {"modifiers": [], "dx": 0.0, "dy": 0.0, "scroll_x": 0.0, "scroll_y": 0.0}
BUTTONS = ("left", "right", "middle")
MAX_DURATION = 600.0
FORMAT = "billiard-script/1"   # optional in a script file; schema: billiard/schemas/script-1.schema.json


@dataclass(frozen=True)
class ScriptEvent:
    t: float
    type: str
    args: dict[str, Any]


@dataclass(frozen=True)
class Script:
    mode: str = "practice"
    table: str | None = None
    duration: float = 5.0
    events: tuple[ScriptEvent, ...] = field(default=())
    seed: int | None = None
    layout: str | None = None
    drill: str | None = None


def _arg(kind: str, name: str, value: Any, where: str) -> Any:
    if kind == "num":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise BilliardError(f"{where}: '{name}' must be a number")
        return float(value)
    if kind == "button":
        if value not in BUTTONS:
            raise BilliardError(f"{where}: 'button' must be one of {', '.join(BUTTONS)}")
        return value
    if kind in ("buttons", "mods"):
        items = [value] if isinstance(value, str) else value
        allowed = BUTTONS if kind == "buttons" else MODIFIERS
        if not isinstance(items, list) or any(i not in allowed for i in items):
            raise BilliardError(f"{where}: '{name}' must be a list of {', '.join(allowed)}")
        return frozenset(items)
    if not isinstance(value, str) or not value:
        raise BilliardError(f"{where}: '{name}' must be a non-empty string")
    return value


def parse_event(raw: Any, index: int, key_names: set[str] | None) -> ScriptEvent:
    where = f"event {index}"
    if not isinstance(raw, dict):
        raise BilliardError(f"{where} must be an object")
    etype = raw.get("type")
    if etype not in ARGS:
        raise BilliardError(f"{where}: unknown type {etype!r} (known: {', '.join(ARGS)})")
    t = _arg("num", "t", raw.get("t"), where)
    if t < 0:
        raise BilliardError(f"{where}: 't' must be >= 0")
    spec = ARGS[etype]
    unknown = set(raw) - set(spec) - {"t", "type"}
    if unknown:
        raise BilliardError(f"{where}: unknown argument(s) {', '.join(sorted(unknown))} for {etype}")
    args = {}
    for name, kind in spec.items():
        if name not in raw:
            if name not in OPTIONAL:
                raise BilliardError(f"{where}: {etype} needs '{name}'")
            value = _arg(kind, name, OPTIONAL[name], where)
        else:
            value = _arg(kind, name, raw[name], where)
        if kind == "key" and key_names is not None and value not in key_names:
            raise BilliardError(f"{where}: unknown key {value!r}")
        args[name] = value
    return ScriptEvent(t, etype, args)


def parse_script(data: Any, key_names: set[str] | None = None) -> Script:
    """A :class:`Script` from decoded JSON; ``key_names`` lists the valid key symbols."""
    if not isinstance(data, dict):
        raise BilliardError("a script must be a JSON object")
    unknown = set(data) - {"format", "mode", "table", "duration", "events", "seed", "layout", "drill"}
    if unknown:
        raise BilliardError(f"unknown script field(s): {', '.join(sorted(unknown))}")
    if data.get("format", FORMAT) != FORMAT:
        raise BilliardError(f"script 'format' must be {FORMAT!r} (or left out)")
    mode = data.get("mode", "practice")
    table = data.get("table")
    if not isinstance(mode, str) or (table is not None and not isinstance(table, str)):
        raise BilliardError("script 'mode' and 'table' must be names")
    duration = _arg("num", "duration", data.get("duration", 5.0), "script")
    if not 0 < duration <= MAX_DURATION:
        raise BilliardError(f"script 'duration' must be in (0, {MAX_DURATION:g}] s")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise BilliardError("script 'seed' must be a whole number >= 0")
    layout, drill = data.get("layout"), data.get("drill")
    if any(v is not None and (not isinstance(v, str) or not v) for v in (layout, drill)):
        raise BilliardError("script 'layout' and 'drill' must be names")
    raw_events = data.get("events", [])
    if not isinstance(raw_events, list):
        raise BilliardError("script 'events' must be a list")
    events = sorted((parse_event(e, i, key_names) for i, e in enumerate(raw_events)), key=lambda e: e.t)
    return Script(mode, table, duration, tuple(events), seed, layout, drill)


def load_script(path: str | Path, key_names: set[str] | None = None) -> Script:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BilliardError(f"cannot read script {path}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise BilliardError(f"script {path} is not valid JSON: {exc}") from None
    return parse_script(data, key_names)
