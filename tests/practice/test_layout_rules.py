"""A layout played in a game mode starts after the break, and its optional
``"rules": {"on": ...}`` says what is on (docs/formats.md); a bad value is one line, exit 2."""

import json

import in_process
import pytest
from helpers import play

from billiard.app.setup import new_session
from billiard.errors import BilliardError
from billiard.practice.layouts import parse_layout
from billiard.shot.shotfile import Shot

SNOOKER = {
    "format": "billiard-shot/1",
    "table": "snooker",
    "balls": [
        {"id": "cue", "pos": [-1.0, 0.0]},
        {"id": "red-1", "pos": [0.5, 0.3]},
        {"id": "pink", "pos": [0.89, 0.0]},
        {"id": "black", "pos": [1.4, 0.0]},
    ],
}
POOL = {
    "format": "billiard-shot/1",
    "table": "pool-9ft",
    "balls": [
        {"id": "cue", "pos": [-0.6, 0.0]},
        {"id": "3", "pos": [0.3, 0.2]},
        {"id": "8", "pos": [0.6, -0.1]},
        {"id": "12", "pos": [0.2, -0.3]},
    ],
}


def test_a_snooker_layout_on_a_colour_starts_with_a_colour_on():
    s = new_session("snooker", layout=parse_layout({**SNOOKER, "rules": {"on": "colour"}}))
    assert s.rules.colour_next and s.in_hand is None
    assert s.summary()["rules"]["on"].startswith("On: a colour")


def test_a_snooker_layout_without_rules_has_a_red_on():
    s = new_session("snooker", layout=parse_layout(SNOOKER))
    assert not s.rules.colour_next and s.rules.targets(s.on_table()) == ("red-1",)


def test_an_eight_ball_layout_starts_open_after_the_break_or_with_the_shooters_group():
    s = new_session("8-ball", layout=parse_layout(POOL))
    assert not s.rules.breaking and s.summary()["rules"]["on"] == "On: any ball but the 8 (open table)"
    s = new_session("8-ball", layout=parse_layout({**POOL, "rules": {"on": "stripes"}}))
    assert s.rules.groups == ["stripes", "solids"] and s.rules.targets(s.on_table()) == ("12",)


def test_a_nine_ball_layout_has_the_lowest_ball_on_and_takes_no_on():
    nine = {**POOL, "balls": POOL["balls"][:3]}
    s = new_session("9-ball", layout=parse_layout(nine))
    assert s.rules.targets(s.on_table()) == ("3",) and not s.rules.push_available and s.decision() is None
    with pytest.raises(BilliardError, match="takes no"):
        new_session("9-ball", layout=parse_layout({**nine, "rules": {"on": "open"}}))


def test_an_on_of_another_game_is_refused_in_one_line():
    with pytest.raises(BilliardError, match="one of open, solids, stripes in 8-ball") as err:
        new_session("8-ball", layout=parse_layout({**POOL, "rules": {"on": "red"}}))
    assert "\n" not in str(err.value)


def test_the_rules_field_round_trips_in_a_shot_file():
    data = {**SNOOKER, "rules": {"on": "red"}, "strike": {"ball": "cue", "speed": 1.0, "heading_deg": 0.0}}
    assert Shot.from_dict(data).to_dict()["rules"] == {"on": "red"}


@pytest.mark.parametrize(
    "rules, words",
    [
        ({"on": "purple"}, "rules.on: must be one of 'colour', 'open', 'red',"),
        ({"on": "red", "x": 1}, "rules.x: is not a known field (known: on)"),
        ("red", "rules: must be an object, got a string"),
    ],
)
def test_play_with_a_bad_rules_value_exits_2_with_one_line(tmp_path, monkeypatch, rules, words):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    bad = tmp_path / "bad.json"
    text = json.dumps({**SNOOKER, "rules": rules})
    bad.write_text(text)
    ran = in_process.billiard("play", "--mode", "snooker", "--layout", str(bad))
    assert ran.code == 2 and len(ran.err.strip().splitlines()) == 1 and words in ran.err, ran.err
    assert bad.read_text() == text


def test_a_touching_red_played_away_from_on_the_real_table_is_no_foul():
    r = 0.02625
    layout = {
        **SNOOKER,
        "balls": [
            {"id": "cue", "pos": [0.0, 0.0]},
            {"id": "red-1", "pos": [2 * r + 2e-5, 0.0]},
            {"id": "black", "pos": [1.4, 0.0]},
        ],
    }
    s = new_session("snooker", layout=parse_layout(layout))
    play(s, 0.4, 180.0)  # away from the red, softly: it hits nothing
    assert not s.last_outcome.fouls and s.rules.turn == 1 and s.rules.scores == [0, 0]


def test_a_foul_and_a_miss_on_the_real_table_the_balls_are_replaced_and_the_offender_plays_again():
    s = new_session("snooker", layout=parse_layout(SNOOKER))
    start = s.balls.pos.copy()
    play(s, 0.5, 180.0)  # away from every ball: a miss with a clear path
    assert s.last_outcome.points == (0, 4) and s.rules.turn == 1
    assert "replace" in s.decision().names()
    s.answer("replace")
    assert s.rules.turn == 0 and (s.balls.pos == start).all() and s.decision() is None


def test_practice_plays_a_layout_with_rules_as_it_lies():
    s = new_session("practice", layout=parse_layout({**SNOOKER, "rules": {"on": "colour"}}))
    assert s.on_table() == {"cue", "red-1", "pink", "black"}


def test_the_layouts_group_goes_to_whoever_starts_from_it():
    s = new_session("8-ball", layout=parse_layout({**POOL, "rules": {"on": "solids"}}))
    s.set_breaker(1)
    assert s.rules.turn == 1 and s.rules.groups == ["stripes", "solids"] and s.rules.targets(s.on_table()) == ("3",)


@pytest.mark.parametrize("gap, foul", [(0.0, True), (0.01, False)])
def test_wpa_8_4_a_ball_frozen_to_a_rail_and_pushed_into_it_is_not_driven_to_it(gap, foul):
    from billiard.table import get_table

    y = get_table("pool-9ft").half_width - 0.028575 - gap
    layout = {
        **POOL,
        "balls": [{"id": "cue", "pos": [0.6, y - 0.3]}, {"id": "1", "pos": [0.6, y]}, {"id": "2", "pos": [-0.8, 0.0]}],
    }
    s = new_session("9-ball", layout=parse_layout(layout))
    play(s, 0.6, 90.0, tip=(0.0, -0.3))  # straight into the rail, the cue ball drawn back
    assert bool(s.last_outcome.fouls) == foul
    if foul:
        assert s.last_outcome.fouls == ("no ball reached a rail after contact",)
