"""Undo gives back the state before a shot or a set-up change bit for bit; retry gives back
the balls and the strike; in a match undo exists only when the players allowed it."""

import copy

import pytest
from helpers import play, same_bits

from billiard.app.setup import new_session
from billiard.practice.layouts import parse_layout

LAYOUT = parse_layout(
    {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "balls": [
            {"id": "cue", "pos": [-0.31234567891234, 0.10987654321]},
            {"id": "1", "pos": [0.3, 0.2]},
            {"id": "2", "pos": [0.9, -0.4]},
            {"id": "8", "pos": [1.0, 0.5]},
        ],
    }
)


def test_strike_then_undo_gives_back_the_layout_bit_for_bit():
    s = new_session("practice", layout=LAYOUT)
    before = s.balls.copy()
    play(s, 4.0, 25.0, 3.0, (0.2, -0.3))
    assert not same_bits(before, s.balls)
    assert s.summary()["undo_depth"] == 1
    assert s.undo() and same_bits(before, s.balls)
    assert s.summary()["undo_depth"] == 0 and not s.undo()


def test_undo_after_set_up_changes_walks_back_step_by_step():
    s = new_session("practice", layout=LAYOUT)
    start = s.balls.copy()
    assert s.setup_place("1", 0.0, -0.3)  # move
    moved = s.balls.copy()
    assert s.setup_place("5", 0.5, 0.0)  # add a ball that was off the table
    assert s.setup_remove("2")  # remove one
    set_up = s.balls.copy()
    play(s, 3.0, 0.0)
    assert s.summary()["layout"]["5"][:2] == [0.5, 0.0] and "2" not in s.summary()["layout"]
    assert s.undo() and same_bits(set_up, s.balls)  # the shot
    assert s.undo() and s.undo() and same_bits(moved, s.balls)
    assert s.undo() and same_bits(start, s.balls)
    assert not s.undo()


def test_undo_restores_the_whole_rule_state_in_a_match_only_when_allowed():
    s = new_session("8-ball")
    play(s, 8.0, 0.0)
    assert not s.undo()  # off by default
    s = new_session("8-ball", allow_undo_in_match=True)
    rules = copy.deepcopy(s.rules)
    before = s.balls.copy()
    play(s, 8.0, 0.0)
    assert s.rules.shots == 1 and not s.rules.breaking
    assert s.undo() and same_bits(before, s.balls)
    assert vars(s.rules) == vars(rules) and s.in_hand == "kitchen"


def test_retry_gives_back_the_balls_and_the_strike_as_often_as_wanted():
    s = new_session("practice", layout=LAYOUT)
    assert s.retry() is None
    before = s.balls.copy()
    play(s, 2.5, 12.0, 4.0, (0.1, 0.3))
    after = s.balls.copy()
    for _ in range(2):
        cmd = s.retry()
        assert (cmd.speed, cmd.heading_deg, cmd.elevation_deg, cmd.tip) == (2.5, 12.0, 4.0, (0.1, 0.3))
        assert same_bits(before, s.balls)
        play(s, cmd.speed, cmd.heading_deg, cmd.elevation_deg, cmd.tip)
        assert same_bits(after, s.balls)  # same shot, same result, bit for bit
    assert s.summary()["undo_depth"] == 1  # retries do not pile up undo steps


def test_retry_while_the_balls_roll_abandons_the_shot():
    s = new_session("practice", layout=LAYOUT)
    before = s.balls.copy()
    from billiard.app.controls import StrikeCommand

    s.strike(StrikeCommand(3.0, 0.0, 0.0, (0.0, 0.0)))
    for _ in range(10):
        s.tick()
    assert s.in_shot and s.retry() is not None and not s.in_shot and same_bits(before, s.balls)


@pytest.mark.parametrize("mode", ["practice", "9-ball"])
def test_summary_keeps_its_fields_and_adds_layout_and_undo_depth(mode):
    s = new_session(mode)
    out = s.summary()
    for key in (
        "mode",
        "table",
        "shots",
        "pocketed",
        "fouls",
        "scores",
        "turn",
        "game_over",
        "winner",
        "message",
        "balls",
        "layout",
        "undo_depth",
    ):
        assert key in out
    assert "drill" not in out and out["layout"]["cue"] == [float(v) for v in s.balls.pos[0]]
