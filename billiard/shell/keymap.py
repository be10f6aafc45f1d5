"""One key map of typed commands per screen, which is also the screen's help text.

A :class:`Control` is one line of the help: how it names the keys, what they do, and the
key bindings (key name, modifiers required, :class:`Command`) that do it. Screens look a key
press up with :func:`command_for` and show :func:`help_rows`, so a control is defined once.
Key and modifier names are pyglet's, as the neutral input events carry them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

NONE: frozenset[str] = frozenset()
CTRL, ALT, SHIFT = frozenset({"CTRL"}), frozenset({"ALT"}), frozenset({"SHIFT"})


@dataclass(frozen=True)
class Command:
    """What a key asks the screen to do: ``name`` and an optional value."""

    name: str
    value: Any = None


@dataclass(frozen=True)
class Control:
    """One help line and the keys behind it (mouse-only controls have no bindings)."""

    keys: str
    text: str
    bind: tuple[tuple[str, frozenset[str], Command], ...] = field(default=())


def command_for(keymap: tuple[Control, ...], symbol: str, mods: frozenset[str]) -> Command | None:
    """The command a key press gives: the binding with the most required modifiers that are
    all held wins (CTRL+Z before Z); SHIFT is ignored where no binding asks for it."""
    best, best_n = None, -1
    for control in keymap:
        for key, need, command in control.bind:
            if key == symbol and need <= mods and len(need) > best_n:
                best, best_n = command, len(need)
    return best


def help_rows(keymap: tuple[Control, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((c.keys, c.text) for c in keymap)


def _keys(names: str, command: Command, mods: frozenset[str] = NONE) -> tuple:
    return tuple((k, mods, command) for k in names.split())


ENTER_KEYS = "ENTER RETURN NUM_ENTER"

GAME_KEYS: tuple[Control, ...] = (
    Control("mouse move", "aim at the spot under the pointer (SHIFT: fine; over the HUD it holds)"),
    Control("left press, draw back, push", "stroke: the push speed sets the power, the draw-back caps it"),
    Control("L", "lock / unlock the aim (the view turns behind the cue)", _keys("L", Command("lock-aim"))),
    Control(
        "LEFT / RIGHT",
        "aim by 1 degree (SHIFT: 0.1)",
        _keys("LEFT", Command("turn", 1.0))
        + _keys("RIGHT", Command("turn", -1.0))
        + _keys("LEFT", Command("turn", 0.1), SHIFT)
        + _keys("RIGHT", Command("turn", -0.1), SHIFT),
    ),
    Control(
        "UP / DOWN",
        "keyboard power (also: click or drag the power meter)",
        _keys("UP", Command("key-power", 0.05)) + _keys("DOWN", Command("key-power", -0.05)),
    ),
    Control(
        "SPACE / ENTER",
        "strike with the keyboard power; with the ball in hand: put it down",
        _keys("SPACE " + ENTER_KEYS, Command("key-strike")),
    ),
    Control(
        "spin widget (click, drag)",
        "cue tip on the ball; W A S D move it, C centres it",
        _keys("W", Command("tip", (0.0, 0.05)))
        + _keys("S", Command("tip", (0.0, -0.05)))
        + _keys("A", Command("tip", (-0.05, 0.0)))
        + _keys("D", Command("tip", (0.05, 0.0)))
        + _keys("C", Command("tip-centre")),
    ),
    Control(
        "E + mouse up/down",
        "cue elevation (slider, PAGEUP / PAGEDOWN); it rises over rails and balls",
        _keys("PAGEUP", Command("elevate", 1.0)) + _keys("PAGEDOWN", Command("elevate", -1.0)),
    ),
    Control(
        "ball in hand",
        "follows the pointer; click / ENTER puts it down, M picks it up, CTRL+arrows",
        _keys("M", Command("pick-up"))
        + _keys("LEFT", Command("nudge", (-1, 0)), CTRL)
        + _keys("RIGHT", Command("nudge", (1, 0)), CTRL)
        + _keys("UP", Command("nudge", (0, 1)), CTRL)
        + _keys("DOWN", Command("nudge", (0, -1)), CTRL),
    ),
    Control(
        "right drag / ALT + arrows",
        "orbit the camera",
        _keys("LEFT", Command("orbit", (5.0, 0.0)), ALT)
        + _keys("RIGHT", Command("orbit", (-5.0, 0.0)), ALT)
        + _keys("UP", Command("orbit", (0.0, 3.0)), ALT)
        + _keys("DOWN", Command("orbit", (0.0, -3.0)), ALT),
    ),
    Control(
        "wheel / + -",
        "zoom",
        _keys("EQUAL PLUS NUM_ADD", Command("zoom", 1)) + _keys("MINUS NUM_SUBTRACT", Command("zoom", -1)),
    ),
    Control(
        "G B N T",
        "aim line, ghost ball, object-ball direction, cue-ball path",
        _keys("G", Command("toggle", "aim_line"))
        + _keys("B", Command("toggle", "ghost"))
        + _keys("N", Command("toggle", "object_path"))
        + _keys("T", Command("toggle", "cue_path")),
    ),
    Control(
        "V",
        "top view / view behind the cue ball, which follows the balls in a shot",
        _keys("V", Command("toggle", "top_view")),
    ),
    Control("P", "pause", _keys("P", Command("pause"))),
    Control(
        "1 2 3 4 5",
        "speed 1x, 0.5x, 0.25x, 2x, 4x",
        _keys("_1", Command("speed", 1.0))
        + _keys("_2", Command("speed", 0.5))
        + _keys("_3", Command("speed", 0.25))
        + _keys("_4", Command("speed", 2.0))
        + _keys("_5", Command("speed", 4.0)),
    ),
    Control(
        "X / R", "9-ball: push-out / pass the shot back", _keys("X", Command("push-out")) + _keys("R", Command("pass"))
    ),
    Control("F1 F2 ...", "answer the rules' choice the hint line shows (re-rack, play again, free ball...)"),
    Control(
        "U or CTRL+Z",
        "undo the last shot or set-up change (practice; a match if allowed)",
        _keys("U", Command("undo")) + _keys("Z", Command("undo"), CTRL),
    ),
    Control(
        "Y", "retry: the last shot's balls and cue (aim, power, tip, elevation) back", _keys("Y", Command("retry"))
    ),
    Control(
        "TAB",
        "set-up mode (practice): move, add and remove balls; ENTER plays from there",
        _keys("TAB", Command("setup")),
    ),
    Control("K", "save the last shot: type a name, ENTER saves, ESCAPE cancels", _keys("K", Command("name"))),
    Control("Q", "coach: level 5's shot (in a drill, for its goal); SPACE plays it", _keys("Q", Command("coach"))),
    Control("F", "frame-time counter", _keys("F", Command("toggle", "frame_time"))),
    Control("H", "this help", _keys("H", Command("toggle", "help"))),
    Control("F11", "fullscreen", _keys("F11", Command("fullscreen"))),
    Control(
        "ESCAPE",
        "menu: new game, mode, table, volume, sound, replays of recorded shots, quit",
        _keys("ESCAPE", Command("menu")),
    ),
)

MENU_KEYS: tuple[Control, ...] = (
    Control("UP / DOWN", "choose a line", _keys("UP", Command("select", -1)) + _keys("DOWN", Command("select", 1))),
    Control(
        "LEFT / RIGHT",
        "change the mode, the table, the volume or the quality",
        _keys("LEFT", Command("cycle", -1)) + _keys("RIGHT", Command("cycle", 1)),
    ),
    Control("ENTER / SPACE, click", "do it", _keys("SPACE " + ENTER_KEYS, Command("choose"))),
    Control("ESCAPE", "back to the game", _keys("ESCAPE", Command("menu"))),
)

VIEWER_KEYS: tuple[Control, ...] = (
    Control("SPACE", "pause", _keys("SPACE", Command("pause"))),
    Control("LEFT / RIGHT", "step", _keys("LEFT", Command("step", -1)) + _keys("RIGHT", Command("step", 1))),
    Control("UP / DOWN", "speed", _keys("UP", Command("faster")) + _keys("DOWN", Command("slower"))),
    Control("L", "loop", _keys("L", Command("loop"))),
    Control("C", "camera", _keys("C", Command("camera"))),
    Control("T", "trails", _keys("T", Command("trails"))),
    Control("S", "spin", _keys("S", Command("spin"))),
    Control("HOME / END", "start / end", _keys("HOME", Command("start")) + _keys("END", Command("end"))),
    Control("drag", "orbit / scrub"),
)

BROWSER_KEYS: tuple[Control, ...] = (
    Control("UP / DOWN", "choose", _keys("UP", Command("move", -1)) + _keys("DOWN", Command("move", 1))),
    Control(
        "PAGEUP / PAGEDOWN", "a page", _keys("PAGEUP", Command("move", -10)) + _keys("PAGEDOWN", Command("move", 10))
    ),
    Control(
        "HOME / END", "first / last", _keys("HOME", Command("move", -(10**9))) + _keys("END", Command("move", 10**9))
    ),
)
