"""Layouts are shot files: saved and loaded to the last bit; broken or impossible files refused."""

import json

import in_process
import numpy as np
import pytest
from helpers import play

from billiard.app.setup import new_session
from billiard.errors import BilliardError
from billiard.practice.layouts import layout_dict, layout_path, list_layouts, load_layout, parse_layout, save_layout
from billiard.shot.shotfile import Shot


def test_a_layout_saved_and_loaded_gives_the_same_positions_to_the_last_bit(tmp_path):
    s = play(new_session("practice", seed=7), 6.0, 3.3, tip=(0.1, -0.2))  # balls at odd, unrounded places
    on = [i for i, b in enumerate(s.balls.ids) if s.balls.motion[i] != 5]
    assert len(on) > 3
    path = save_layout("after the break", layout_dict(s.balls, s.table.name, s.params), tmp_path)
    assert path.name == "after the break.json" and list_layouts(tmp_path) == ["after the break"]
    loaded = load_layout(layout_path("after the break", tmp_path))
    assert loaded.strike is None and "strike" not in json.loads(path.read_text())
    got = new_session("practice", layout=loaded)
    for i in on:
        bid = s.balls.ids[i]
        assert got.balls.pos[got.balls.index(bid)].tobytes() == s.balls.pos[i].tobytes(), bid
    off = set(s.balls.ids) - {s.balls.ids[i] for i in on}
    assert off == set(got.off_table())  # pocketed balls are not in the layout: off the table


def test_a_layout_with_the_last_strike_is_a_shot_file_billiard_can_simulate(tmp_path):
    s = new_session("practice")
    strike = {"ball": "cue", "speed": 2.0, "heading_deg": 10.0, "elevation_deg": 5.0, "tip": [0.1, 0.2]}
    path = save_layout("with strike", layout_dict(s.balls, s.table.name, s.params, strike), tmp_path)
    layout = load_layout(path)
    assert layout.strike.heading_deg == 10.0 and layout.strike.tip == (0.1, 0.2)
    Shot.from_dict(json.loads(path.read_text()))  # a plain shot file too


@pytest.mark.parametrize(
    "data, words",
    [
        (
            {
                "format": "billiard-shot/1",
                "table": "pool-9ft",
                "balls": [{"id": "cue", "pos": [0, 0]}, {"id": "1", "pos": [0.01, 0]}],
            },
            "overlap",
        ),
        ({"format": "billiard-shot/1", "table": "pool-9ft", "balls": [{"id": "cue", "pos": [5, 0]}]}, "outside"),
        (
            {"format": "billiard-shot/1", "table": "pool-9ft", "balls": [{"id": "cue", "pos": [0, 0], "vel": [1, 0]}]},
            "moving",
        ),
        ({"format": "billiard-shot/2", "table": "pool-9ft", "balls": []}, "format"),
    ],
)
def test_impossible_layouts_are_one_clear_error(data, words):
    with pytest.raises(BilliardError, match=words):
        parse_layout(data)


def test_a_layout_the_mode_cannot_use_is_refused():
    carom = parse_layout(
        {
            "format": "billiard-shot/1",
            "table": "carom",
            "balls": [{"id": "white", "pos": [0, 0]}, {"id": "red", "pos": [0.5, 0]}],
        }
    )
    with pytest.raises(BilliardError, match="pool table"):
        new_session("9-ball", layout=carom)
    with pytest.raises(BilliardError, match="yellow"):
        new_session("three-cushion", layout=carom)
    pool = parse_layout(
        {
            "format": "billiard-shot/1",
            "table": "pool-9ft",
            "balls": [{"id": "cue", "pos": [0, 0]}, {"id": "12", "pos": [0.5, 0]}],
        }
    )
    with pytest.raises(BilliardError, match="'12'"):
        new_session("9-ball", layout=pool)
    s = new_session("8-ball", layout=pool)
    assert s.in_hand is None and not s.rules.breaking and s.on_table() == {"cue", "12"}


def test_saving_over_a_layout_is_atomic_and_a_bad_name_is_refused(tmp_path):
    s = new_session("practice")
    path = save_layout("a", layout_dict(s.balls, s.table.name, s.params), tmp_path)
    before = path.read_bytes()
    with pytest.raises(BilliardError):
        save_layout("../..", layout_dict(s.balls, s.table.name, s.params), tmp_path)
    with pytest.raises(BilliardError):
        save_layout("a", {"format": "billiard-shot/1", "table": "pool-9ft", "balls": []}, tmp_path)
    assert path.read_bytes() == before and [p.name for p in path.parent.iterdir()] == ["a.json"]


@pytest.fixture
def _play(monkeypatch):
    """``billiard play ARGS`` in this process, with no display: a layout or drill that is not
    refused first would end at "no display" (no window opens from a test)."""
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    return lambda *args: in_process.billiard("play", *args)


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "billiard-shot/1", "table": ',
        '{"format": "billiard-shot/1", "table": "pool-9ft", "balls": '
        '[{"id": "cue", "pos": [0, 0]}, {"id": "1", "pos": [0.02, 0]}]}',
        '{"format": "billiard-shot/1", "table": "carom", "balls": [{"id": "white", "pos": [0, 0]}]}',
    ],
)
def test_play_layout_with_a_broken_or_impossible_file_exits_2_with_one_line(tmp_path, text, _play):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    mode = ["--mode", "9-ball"] if "carom" in text else []
    script = tmp_path / "script.json"
    script.write_text('{"duration": 0.1}')
    for extra in ([], ["--headless", "--script", str(script)]):
        ran = _play("--layout", str(bad), *mode, *extra)
        assert ran.code == 2, ran.err
        assert len(ran.err.strip().splitlines()) == 1 and "error" in ran.err
        assert "script" not in ran.err and ("layout" in ran.err or "table" in ran.err or "JSON" in ran.err)
        assert bad.read_text() == text


def test_play_unknown_drill_exits_2(_play):
    ran = _play("--drill", "no-such-drill")
    assert ran.code == 2 and "stop-ladder" in ran.err and len(ran.err.splitlines()) == 1


def test_positions_round_trip_through_json_exactly():
    xs = np.random.default_rng(3).uniform(-1, 1, 100)
    assert all(json.loads(json.dumps(float(x))) == x for x in xs)
