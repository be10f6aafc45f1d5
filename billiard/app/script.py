"""Scripted input for headless play (``billiard-script/1``, docs/formats.md): the game to
start and timed input events, read through the one typed definition
(:mod:`billiard.formats.script`): every value is checked there, and a problem is one line
naming the event and the field. Each event is ``{"t", "type", ...}`` with ``type`` a pyglet
window event name without ``on_`` and the handler's arguments by name, or ``decide`` with the
``option`` that answers the rules' pending decision (its name, as the summary's
``rules.decision`` lists them). ``seed``, optional: racks shuffled and set imperfectly from it,
as in the window (without it every rack is the tidy, numeric-order one); ``layout``: a layout
file, relative to the script, to start from; ``drill``: a drill's name; ``rules``: rule
options, ``{"called_shots": true, "equal_innings": true}``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from billiard.errors import BilliardError
from billiard.formats.decode import convert
from billiard.formats.script import (
    BUTTONS,
    MAX_DURATION,
    MAX_TEXT,
    SCRIPT_FORMAT,
    KeyPress,
    KeyRelease,
    RuleOptions,
    ScriptFile,
    event_args,
    event_type,
)
from billiard.shot import jsonfile

__all__ = [
    "BUTTONS",
    "FORMAT",
    "MAX_DURATION",
    "MAX_SCRIPT_BYTES",
    "MAX_TEXT",
    "RULE_OPTIONS",
    "Script",
    "ScriptEvent",
    "load_script",
    "parse_script",
]

MAX_SCRIPT_BYTES = 16 * 1024 * 1024
RULE_OPTIONS: tuple[str, ...] = RuleOptions.__struct_fields__  # a script's "rules": the rule options of its game
FORMAT = SCRIPT_FORMAT  # optional in a script file; schema: billiard/schemas/script-1.schema.json


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
    rules: tuple[tuple[str, bool], ...] = ()  # rule options (``RULE_OPTIONS``) set for the game


def parse_script(raw: Any, key_names: set[str] | None = None) -> Script:
    """A :class:`Script` from decoded JSON; ``key_names`` lists the valid key symbols."""
    f = convert(raw, ScriptFile)
    events = []
    for i, e in enumerate(f.events):
        if isinstance(e, (KeyPress, KeyRelease)) and key_names is not None and e.symbol not in key_names:
            raise BilliardError(f"events[{i}].symbol: unknown key {e.symbol!r}")
        events.append(ScriptEvent(e.t, event_type(e), event_args(e)))
    events.sort(key=lambda e: e.t)
    return Script(
        f.mode,
        f.table,
        f.duration,
        tuple(events),
        f.seed,
        f.layout,
        f.drill,
        f.rules.given() if f.rules is not None else (),
    )


def load_script(path: str | Path, key_names: set[str] | None = None) -> Script:
    """Read and check a script file; any problem is one BilliardError line naming the file."""
    data = jsonfile.read(path, MAX_SCRIPT_BYTES)
    try:
        return parse_script(data, key_names)
    except BilliardError as exc:
        raise BilliardError(f"{path}: {exc}") from None
