import json

import pytest

from billiard.app.script import load_script, parse_script
from billiard.errors import BilliardError


def test_parse_sorts_events_and_fills_defaults():
    s = parse_script(
        {
            "mode": "8-ball",
            "table": "pool-9ft",
            "duration": 3,
            "events": [
                {"t": 1.0, "type": "mouse_release", "x": 1, "y": 2, "button": "left"},
                {"t": 0.5, "type": "mouse_drag", "x": 1, "y": 2, "dx": 0, "dy": -4, "buttons": "left"},
                {"t": 0.2, "type": "key_press", "symbol": "H", "modifiers": ["SHIFT"]},
            ],
        },
        key_names={"H"},
    )
    assert [e.type for e in s.events] == ["key_press", "mouse_drag", "mouse_release"]
    assert s.events[1].args["buttons"] == frozenset(["left"]) and s.events[2].args["modifiers"] == frozenset()
    assert s.mode == "8-ball" and s.duration == 3.0 and s.seed is None
    assert parse_script({"seed": 7}).seed == 7


@pytest.mark.parametrize(
    "data, msg",
    [
        ([], "must be an object, got a list"),
        ({"events": [{"t": 0, "type": "jump"}]}, "events\\[0\\].type: must be one of mouse_motion, "),
        ({"events": [{"t": -1, "type": "text", "text": "a"}]}, "events\\[0\\].t: must be >= 0 s, got -1"),
        ({"events": [{"t": 0, "type": "mouse_press", "x": 1, "y": 1, "button": "thumb"}]}, "button"),
        ({"events": [{"t": 0, "type": "mouse_press", "x": 1, "button": "left"}]}, "events\\[0\\].y: is required"),
        (
            {"events": [{"t": 0, "type": "mouse_motion", "x": 1, "y": 1, "z": 3}]},
            "events\\[0\\].z: is not a known field",
        ),
        ({"events": [{"t": 0, "type": "key_press", "symbol": "NOPE"}]}, "unknown key"),
        ({"events": [{"t": "soon", "type": "text", "text": "a"}]}, "number"),
        ({"duration": 1e9}, "duration"),
        ({"colour": "red"}, "colour: is not a known field"),
        ({"seed": -1}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": True}, "seed"),
        ({"format": "billiard-script/2"}, "format: must be 'billiard-script/1', got 'billiard-script/2'"),
        ({"mode": 3}, "mode: must be a string, got an integer"),
    ],
)
def test_bad_scripts_give_one_clear_error(data, msg):
    with pytest.raises(BilliardError, match=msg) as err:
        parse_script(data, key_names={"H"})
    assert "\n" not in str(err.value)


def test_load_script_errors(tmp_path):
    with pytest.raises(BilliardError, match="cannot read"):
        load_script(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(BilliardError, match="not valid JSON"):
        load_script(bad)
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"mode": "practice", "events": []}))
    assert load_script(good).events == ()


def test_a_bad_script_is_one_line_and_exit_2_on_the_command_line(tmp_path, capsys):
    from billiard.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"events": [{"t": 0, "type": "key_press"}]}))
    assert main(["play", "--headless", "--script", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.json: events[0].symbol: is required" in err
