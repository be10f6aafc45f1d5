"""The scripted-play file, ``billiard-script/1`` (``billiard play --headless --script``;
docs/formats.md): the game to start and timed input events. Each event is a window event
name without ``on_`` (its ``type``) and the handler's arguments by name, or ``decide`` with
the ``option`` that answers the rules' pending decision. ``format`` is optional: scripts written before
it existed have none."""

from __future__ import annotations

from typing import Annotated, Literal, Union, get_args

import msgspec
from msgspec import Meta

ScriptFormat = Literal["billiard-script/1"]
SCRIPT_FORMAT: str = get_args(ScriptFormat)[0]
MAX_DURATION = 600.0  # s
MAX_TEXT = 1000  # characters of one typed text, key name or choice
MAX_COORD = 1e6  # px: a pointer position or move

Button = Literal["left", "right", "middle"]
BUTTONS: tuple[str, ...] = get_args(Button)
Modifier = Literal[
    "SHIFT", "CTRL", "ALT", "CAPSLOCK", "NUMLOCK", "WINDOWS", "COMMAND", "OPTION", "SCROLLLOCK", "FUNCTION"
]  # pyglet's modifier names, as events and scripts carry them
MODIFIERS: tuple[str, ...] = get_args(Modifier)

Time = Annotated[float, Meta(ge=0.0, le=1e6, extra={"unit": "s"})]
Px = Annotated[float, Meta(ge=-MAX_COORD, le=MAX_COORD, extra={"unit": "px"})]
Text = Annotated[str, Meta(min_length=1, max_length=MAX_TEXT)]
Modifiers = Modifier | Annotated[list[Modifier], Meta(max_length=8)]
Buttons = Button | Annotated[list[Button], Meta(max_length=8)]


class _Event(msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type", kw_only=True):
    t: Time


class MouseMotion(_Event, tag="mouse_motion", frozen=True, kw_only=True):
    x: Px
    y: Px
    dx: Px = 0.0
    dy: Px = 0.0


class MousePress(_Event, tag="mouse_press", frozen=True, kw_only=True):
    x: Px
    y: Px
    button: Button
    modifiers: Modifiers = []


class MouseRelease(_Event, tag="mouse_release", frozen=True, kw_only=True):
    x: Px
    y: Px
    button: Button
    modifiers: Modifiers = []


class MouseDrag(_Event, tag="mouse_drag", frozen=True, kw_only=True):
    x: Px
    y: Px
    buttons: Buttons
    dx: Px = 0.0
    dy: Px = 0.0
    modifiers: Modifiers = []


class MouseScroll(_Event, tag="mouse_scroll", frozen=True, kw_only=True):
    x: Px
    y: Px
    scroll_x: Px = 0.0
    scroll_y: Px = 0.0


class KeyPress(_Event, tag="key_press", frozen=True, kw_only=True):
    symbol: Text
    modifiers: Modifiers = []


class KeyRelease(_Event, tag="key_release", frozen=True, kw_only=True):
    symbol: Text
    modifiers: Modifiers = []


class TypedText(_Event, tag="text", frozen=True, kw_only=True):
    text: Text


class Decide(_Event, tag="decide", frozen=True, kw_only=True):
    """The answer to the rules' pending decision (docs/rules.md): its option's name, as the
    summary's ``rules.decision`` lists them. Not a window event."""

    option: Text


ScriptEventFile = Union[
    MouseMotion, MousePress, MouseRelease, MouseDrag, MouseScroll, KeyPress, KeyRelease, TypedText, Decide
]


class RuleOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The rule options of the script's game; an option left out keeps the game's default."""

    called_shots: bool | msgspec.UnsetType = msgspec.UNSET
    equal_innings: bool | msgspec.UnsetType = msgspec.UNSET

    def given(self) -> tuple[tuple[str, bool], ...]:
        """The options the script sets, by name, sorted."""
        return tuple(sorted((k, v) for k in self.__struct_fields__ if isinstance(v := getattr(self, k), bool)))


class ScriptFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A script as written: the game to start (``seed``: racks shuffled and set imperfectly
    from it, as in the window; ``layout``: a layout file relative to the script; ``drill``: a
    drill's name), how long to play and the events."""

    format: ScriptFormat | None = None
    mode: Annotated[str, Meta(min_length=1, max_length=64)] = "practice"
    table: Annotated[str, Meta(min_length=1, max_length=64)] | None = None
    duration: Annotated[float, Meta(gt=0.0, le=MAX_DURATION, extra={"unit": "s"})] = 5.0
    events: list[ScriptEventFile] = []
    seed: Annotated[int, Meta(ge=0, le=2**63 - 1)] | None = None
    layout: Annotated[str, Meta(min_length=1, max_length=1024)] | None = None
    drill: Annotated[str, Meta(min_length=1, max_length=64)] | None = None
    rules: RuleOptions | None = None


def event_type(event: ScriptEventFile) -> str:
    """The event's ``type`` as the file names it (``mouse_press``, ``decide``, ...)."""
    return str(event.__struct_config__.tag)


def event_args(event: ScriptEventFile) -> dict[str, object]:
    """The handler's arguments of an event by name (everything but ``t`` and ``type``);
    ``modifiers`` and ``buttons`` as frozensets (one name or a list in the file)."""
    out: dict[str, object] = {}
    for name in event.__struct_fields__:
        if name == "t":
            continue
        value = getattr(event, name)
        if name in ("modifiers", "buttons"):
            value = frozenset([value] if isinstance(value, str) else value)
        out[name] = value
    return out
