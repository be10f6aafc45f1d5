"""The scripted-play file's typed definition: events as a union tagged by ``type``, optional
arguments with their defaults, one line naming the event and the field otherwise."""

import pytest

from billiard.errors import BilliardError
from billiard.formats.decode import convert
from billiard.formats.script import KeyPress, MousePress, ScriptFile, event_args, event_type

GOOD = {
    "mode": "practice",
    "duration": 2.0,
    "events": [
        {"t": 0.1, "type": "mouse_press", "x": 640, "y": 360, "button": "left"},
        {"t": 0.2, "type": "key_press", "symbol": "H", "modifiers": "SHIFT"},
        {"t": 0.3, "type": "decide", "option": "push-out"},
    ],
    "rules": {"called_shots": True},
}


def test_a_script_reads_with_its_defaults_with_or_without_a_format_key():
    for data in (GOOD, {"format": "billiard-script/1", **GOOD}):
        script = convert(data, ScriptFile)
        press, key, decide = script.events
        assert isinstance(press, MousePress) and isinstance(key, KeyPress)
        assert event_args(press) == {"x": 640.0, "y": 360.0, "button": "left", "modifiers": frozenset()}
        assert event_args(key) == {"symbol": "H", "modifiers": frozenset({"SHIFT"})}
        assert event_args(decide) == {"option": "push-out"} and script.seed is None
        assert [event_type(e) for e in script.events] == ["mouse_press", "key_press", "decide"]
        assert script.rules is not None and script.rules.given() == (("called_shots", True),)


@pytest.mark.parametrize(
    "event, line",
    [
        ({"t": -1, "type": "key_press", "symbol": "H"}, "events[0].t: must be >= 0 s, got -1"),
        ({"t": 1, "type": "jump"}, "events[0].type: must be one of mouse_motion, mouse_press, "),
        ({"t": 1, "type": "key_press"}, "events[0].symbol: is required"),
        ({"t": 1, "type": "mouse_press", "x": 1, "y": 2, "button": "up"}, "events[0].button: must be one of "),
        (
            {"t": 1, "type": "mouse_press", "x": 1, "y": 2, "button": "left", "modifiers": ["HYPER"]},
            "events[0].modifiers[0]: must be one of 'ALT', ",
        ),
        (
            {"t": 1, "type": "text", "text": "a", "size": 3},
            "events[0].size: is not a known field (known: type, t, text)",
        ),
    ],
)
def test_a_broken_event_is_one_line(event, line):
    with pytest.raises(BilliardError) as info:
        convert({"events": [event]}, ScriptFile, "s.json")
    assert str(info.value).startswith(f"s.json: {line}")
