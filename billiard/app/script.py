"""Scripted input for headless play: ``{"mode", "table", "duration", "seed", "events": [...]}``
(``seed``, optional: racks shuffled and set imperfectly from it, as in the window; without it
every rack is the tidy, numeric-order one; ``layout``, optional: a layout file, relative to the
script, to start from; ``drill``, optional: a drill's name; ``rules``, optional: rule options,
``{"called_shots": true, "equal_innings": true}``), each event ``{"t", "type", ...}`` with ``type`` a pyglet window event name without ``on_`` and the
handler's arguments by name, or ``decide`` with the ``option`` that answers the rules'
pending decision (its name, as the summary's ``rules.decision`` lists them). Loading validates everything and never trusts the file: every
value goes through :mod:`billiard.values`, the checker of every JSON input, and the file
through :func:`billiard.shot.jsonfile.read`."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from billiard import values
from billiard.errors import BilliardError
from billiard.shot import jsonfile
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
    "decide": {"option": "str"},      # answer the rules' pending decision (docs/rules.md): not a window event
}
OPTIONAL = {"modifiers": [], "dx": 0.0, "dy": 0.0, "scroll_x": 0.0, "scroll_y": 0.0}
BUTTONS = ("left", "right", "middle")
MAX_DURATION = 600.0
MAX_TEXT = 1000               # characters of one typed-text event or key name
MAX_SCRIPT_BYTES = 16 * 1024 * 1024
SCRIPT_KEYS = ("format", "mode", "table", "duration", "events", "seed", "layout", "drill", "rules")
RULE_OPTIONS = ("called_shots", "equal_innings")   # a script's "rules": the rule options of its game
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
    rules: tuple[tuple[str, bool], ...] = ()     # rule options (``RULE_OPTIONS``) set for the game


def _arg(kind: str, name: str, value: Any, where: str) -> Any:
    what = f"{where}: '{name}'"
    if kind == "num":
        return values.number(value, what)
    if kind == "button":
        return values.choice(value, what, BUTTONS)
    if kind in ("buttons", "mods"):
        items = values.sequence([value] if isinstance(value, str) else value, what, 0, 8)
        allowed = BUTTONS if kind == "buttons" else MODIFIERS
        return frozenset(values.choice(i, what, allowed) for i in items)
    return values.string(value, what, MAX_TEXT)


def parse_event(raw: Any, index: int, key_names: set[str] | None) -> ScriptEvent:
    where = f"event {index}"
    event = values.mapping(raw, where)
    etype = values.choice(event.get("type"), f"{where}: 'type'", ARGS)
    t = values.number(event.get("t"), f"{where}: 't'", 0.0)
    spec = ARGS[etype]
    values.check_keys(event, f"{where} ({etype})", ["t", "type", *(n for n in spec if n not in OPTIONAL)],
                      [n for n in spec if n in OPTIONAL])
    args = {}
    for name, kind in spec.items():
        value = _arg(kind, name, event.get(name, OPTIONAL.get(name)), where)
        if kind == "key" and key_names is not None and value not in key_names:
            raise BilliardError(f"{where}: unknown key {value!r}")
        args[name] = value
    return ScriptEvent(t, etype, args)


def parse_script(raw: Any, key_names: set[str] | None = None) -> Script:
    """A :class:`Script` from decoded JSON; ``key_names`` lists the valid key symbols."""
    data = values.mapping(raw, "a script")
    values.check_keys(data, "the script", (), SCRIPT_KEYS)
    if "format" in data:
        values.document(data, "script", FORMAT)
    mode = values.string(data.get("mode", "practice"), "script 'mode'")
    table = _optional_name(data, "table")
    duration = values.number(data.get("duration", 5.0), "script 'duration' (s)", 0.0, MAX_DURATION)
    if duration <= 0.0:
        raise BilliardError(f"script 'duration' (s) must lie in (0, {MAX_DURATION:g}], got {duration:g}")
    seed = data.get("seed")
    if seed is not None:
        seed = values.integer(seed, "script 'seed'", 0, 2 ** 63 - 1)
    layout, drill = _optional_name(data, "layout", 1024), _optional_name(data, "drill")
    raw_events = values.sequence(data.get("events", []), "script 'events'")
    events = sorted((parse_event(e, i, key_names) for i, e in enumerate(raw_events)), key=lambda e: e.t)
    options = values.mapping(data.get("rules", {}), "script 'rules'")
    values.check_keys(options, "script 'rules'", (), RULE_OPTIONS)
    rules = tuple((k, values.boolean(v, f"script 'rules' '{k}'")) for k, v in sorted(options.items()))
    return Script(mode, table, duration, tuple(events), seed, layout, drill, rules)


def _optional_name(data: Mapping[str, Any], key: str, max_len: int = 64) -> str | None:
    value = data.get(key)
    return None if value is None else values.string(value, f"script '{key}'", max_len)


def load_script(path: str | Path, key_names: set[str] | None = None) -> Script:
    """Read and check a script file; any problem is one BilliardError line naming the file."""
    data = jsonfile.read(path, MAX_SCRIPT_BYTES)
    try:
        return parse_script(data, key_names)
    except BilliardError as exc:
        raise BilliardError(f"{path}: {exc}") from None
