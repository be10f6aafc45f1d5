"""Snooker as a referee applies it, one test per WPBSA clause (Official Rules, 2019 edition,
Section 3), from set-up tables and hand-built shots (docs/rules.md)."""

import pytest
from events import Shot

from billiard.errors import BilliardError
from billiard.game import TableState, make_rules
from billiard.game.base import EFFECT_REPLACE
from billiard.game.snooker import COLOURS
from billiard.game.snookered import clear_to_any_part, snookered
from billiard.game.spotting import respot
from billiard.physics.params import SNOOKER
from billiard.physics.state import Balls, Motion
from billiard.table import get_table

R = SNOOKER.ball_radius
TABLE = get_table("snooker")
REDS = [f"red-{n}" for n in range(1, 16)]
FULL = frozenset(["cue", *REDS, *COLOURS])


def laid_out(positions, touching=()):
    """A TableState of the given balls at the given (x, y)."""
    return TableState(frozenset(positions), dict(positions), R, frozenset(), frozenset(touching))


def after_red():
    r = make_rules("snooker")
    r.shot_played(Shot().hit("cue", "red-3").pot("red-3").events, TableState(FULL))
    return r


def test_wpbsa_3_10_d_on_the_pink_after_a_red_missing_everything_gives_seven():
    r = after_red()
    o = r.shot_played(Shot().events, TableState(FULL - {"red-3"}))
    assert o.fouls == ("the cue ball hit nothing",) and o.points == (0, 7) and o.next_player == 1


def test_wpbsa_3_10_a_colour_hit_first_when_on_a_colour_is_nominated_and_fouls_cost_its_value():
    r = after_red()
    o = r.shot_played(Shot().hit("cue", "green").pot("cue").events, TableState(FULL - {"red-3"}))
    assert o.points == (0, 4) and o.fouls == ("in-off",)
    r = after_red()
    o = r.shot_played(Shot().hit("cue", "pink").pot("cue").events, TableState(FULL - {"red-3"}))
    assert o.points == (0, 6)


def test_wpbsa_3_7_a_touching_red_played_away_from_is_no_foul():
    r = make_rules("snooker")
    o = r.shot_played(Shot().events, TableState(FULL, touching=frozenset(["red-1"])))
    assert not o.fouls and o.points == (0, 0) and o.next_player == 1


def test_wpbsa_3_7_a_touching_ball_not_on_played_away_from_still_needs_a_ball_on():
    r = make_rules("snooker")
    o = r.shot_played(Shot().events, TableState(FULL, touching=frozenset(["yellow"])))
    assert o.fouls == ("the cue ball hit nothing",) and o.points == (0, 4)


def _balls(positions):
    ids = ["cue", *REDS, *COLOURS]
    pos = [(*positions.get(b, (0.0, 0.0)), R) for b in ids]
    balls = Balls.create(ids, pos, SNOOKER.ball_mass, R)
    for i, b in enumerate(ids):
        if b not in positions:
            balls.motion[i] = Motion.POCKETED
    return balls


def _at(balls, ball):
    i = balls.index(ball)
    return round(float(balls.pos[i, 0]), 6), round(float(balls.pos[i, 1]), 6)


def test_wpbsa_3_6_pink_spot_taken_and_black_spot_free_the_pink_goes_on_the_black_spot():
    balls = _balls({"cue": (-1.2, 0.2), "red-1": TABLE.spots["pink"]})
    respot(TABLE, balls, ["pink"])
    assert _at(balls, "pink") == tuple(round(v, 6) for v in TABLE.spots["black"])


def test_wpbsa_3_6_own_spots_first_then_the_higher_colour_takes_the_highest_free_spot():
    balls = _balls({"cue": (-1.2, 0.2), "red-1": TABLE.spots["black"]})
    respot(TABLE, balls, ["black", "pink"])  # pink's own spot is free, black's is taken
    assert _at(balls, "pink") == tuple(round(v, 6) for v in TABLE.spots["pink"])
    assert _at(balls, "black") == tuple(round(v, 6) for v in TABLE.spots["blue"])


def test_wpbsa_3_6_every_spot_taken_the_colour_goes_by_its_own_spot_towards_the_top_cushion():
    taken = {f"red-{k + 1}": TABLE.spots[c] for k, c in enumerate(COLOURS)}
    balls = _balls({"cue": (-1.2, 0.2), **taken})
    respot(TABLE, balls, ["blue"])
    x, y = _at(balls, "blue")
    assert y == 0.0 and TABLE.spots["blue"][0] + 2 * R - 1e-6 <= x < TABLE.spots["blue"][0] + 2 * R + 1e-3


def test_wpbsa_3_11_after_a_foul_the_offender_may_be_asked_to_play_again():
    r = make_rules("snooker")
    o = r.shot_played(Shot().hit("cue", "pink").events, TableState(FULL))
    assert o.next_player == 1 and r.pending.kind == "after-foul" and r.pending.player == 1
    assert r.pending.names() == ("play", "again")
    assert r.answer("again") == "" and r.turn == 0 and r.pending is None


def test_a_decision_refuses_an_answer_it_does_not_offer_and_stays_pending():
    r = make_rules("snooker")
    r.shot_played(Shot().hit("cue", "pink").events, TableState(FULL))
    with pytest.raises(BilliardError, match="not an answer"):
        r.answer("re-rack")
    assert r.pending is not None and r.turn == 1


OPEN = {"cue": (-1.0, 0.0), "red-1": (0.5, 0.0), "blue": (0.0, 0.6), "black": (1.4, 0.0)}


def test_wpbsa_3_14_missing_a_ball_on_with_a_clear_path_is_a_foul_and_a_miss():
    r = make_rules("snooker")
    r.scores = [10, 10]
    o = r.shot_played(Shot().events, laid_out(OPEN))
    assert o.points == (0, 4) and r.pending.kind == "after-foul"
    assert r.pending.names() == ("play", "again", "replace") and r.pending.clause == "WPBSA 3.14"
    assert r.answer("replace") == EFFECT_REPLACE and r.turn == 0


def test_wpbsa_3_14_no_miss_when_the_player_was_snookered():
    hidden = {"cue": (-1.0, 0.0), "blue": (-0.9, 0.0), "red-1": (0.5, 0.0), "black": (1.4, 0.0)}
    hidden["green"], hidden["yellow"] = (-0.93, 0.06), (-0.93, -0.06)
    assert not clear_to_any_part(hidden, R, "cue", {"red-1"})
    r = make_rules("snooker")
    r.shot_played(Shot().events, laid_out(hidden))
    assert "replace" not in r.pending.names()


def test_wpbsa_3_14_no_miss_when_a_player_needs_snookers():
    r = make_rules("snooker")
    r.scores = [0, 60]  # 1 red + blue + black left: 21 points, 60 behind
    r.shot_played(Shot().events, laid_out(OPEN))
    assert "replace" not in r.pending.names()


def test_wpbsa_3_14_a_third_miss_in_a_row_loses_the_frame():
    r = make_rules("snooker")
    r.scores = [10, 10]
    for _ in range(2):
        r.shot_played(Shot().events, laid_out(OPEN))
        r.answer("replace")
        assert r.turn == 0
    assert "a third loses the frame" in r.warning()
    o = r.shot_played(Shot().events, laid_out(OPEN))
    assert o.game_over and o.winner == 1


SNOOKERED = {
    "cue": (-1.0, 0.0),
    "blue": (-0.9, 0.0),
    "green": (-0.93, 0.06),
    "yellow": (-0.93, -0.06),
    "red-1": (0.5, 0.0),
    "black": (1.4, 0.0),
}


def test_snookered_means_no_ball_on_can_be_hit_at_both_edges():
    assert snookered(SNOOKERED, R, "cue", {"red-1"})
    assert not snookered(OPEN, R, "cue", {"red-1"})
    assert not snookered(SNOOKERED, R, "cue", {"blue", "red-1"})  # a ball on in the way is no snooker


def test_wpbsa_3_12_a_foul_that_leaves_the_player_snookered_gives_a_free_ball():
    r = make_rules("snooker")
    r.shot_played(Shot().hit("cue", "black").events, laid_out(OPEN))  # player 1 fouls: 7 away
    r.table_at_rest(laid_out(SNOOKERED))
    assert r.pending.names() == ("play", "again", "replace", "free-ball") and r.pending.player == 1
    r.answer("free-ball")
    assert r.pending.kind == "nominate" and r.pending.default is None
    assert set(r.pending.names()) == {"yellow", "green", "blue", "black"}
    with pytest.raises(BilliardError):
        r.before_stroke()  # a free ball is nominated before the stroke
    r.answer("blue")
    table = laid_out(SNOOKERED)
    assert r.targets(table.on_table) == ("blue",) and "free ball" in r.on_text(table.on_table)
    o = r.shot_played(Shot().hit("cue", "blue").pot("blue").events, table)
    assert not o.fouls and o.points == (0, 1) and o.respot == ("blue",)  # a red's value, re-spotted
    assert r.colour_next and o.next_player == 1


def test_wpbsa_3_12_c_the_free_ball_must_be_hit_first():
    r = make_rules("snooker")
    r.shot_played(Shot().hit("cue", "black").events, laid_out(OPEN))
    r.table_at_rest(laid_out(SNOOKERED))
    r.answer("free-ball")
    r.answer("green")
    o = r.shot_played(Shot().hit("cue", "red-1").events, laid_out(SNOOKERED))
    assert o.fouls and "free ball" in o.fouls[0] and r.free_ball is None


def test_no_free_ball_when_the_incoming_player_can_see_a_ball_on():
    r = make_rules("snooker")
    r.shot_played(Shot().hit("cue", "black").events, laid_out(OPEN))
    r.table_at_rest(laid_out(OPEN))
    assert "free-ball" not in r.pending.names()


def test_layout_on_colour_starts_with_a_colour_on():
    r = make_rules("snooker")
    r.set_on("colour")
    assert r.on_text(FULL).startswith("On: a colour") and r.targets(FULL) == (
        "yellow",
        "green",
        "brown",
        "blue",
        "pink",
        "black",
    )


def test_wpbsa_3_14_misses_with_the_ball_on_partly_hidden_never_lose_the_frame():
    partly = {"cue": (-1.0, 0.0), "red-1": (0.5, 0.0), "blue": (-0.25, 0.05), "black": (1.4, 0.0)}
    assert clear_to_any_part(partly, R, "cue", {"red-1"}) and snookered(partly, R, "cue", {"red-1"})
    r = make_rules("snooker")
    r.scores = [10, 10]
    for _ in range(3):
        o = r.shot_played(Shot().events, laid_out(partly))
        assert "replace" in r.pending.names()  # still a miss: some of the red was in view
        r.answer("replace")
    assert not o.game_over and r.misses[0] == 0


def test_wpbsa_3_12_f_free_ball_and_a_red_both_potted_each_scores_one():
    r = make_rules("snooker")
    r.shot_played(Shot().hit("cue", "black").events, laid_out(OPEN))
    r.table_at_rest(laid_out(SNOOKERED))
    r.answer("free-ball")
    r.answer("blue")
    o = r.shot_played(
        Shot().hit("cue", "blue").hit("blue", "red-1").pot("blue").pot("red-1").events, laid_out(SNOOKERED)
    )
    assert not o.fouls and o.points == (0, 2) and o.respot == ("blue",)


def test_wpbsa_3_12_e_free_ball_hit_first_and_only_the_ball_on_potted_scores_the_ball_on():
    r = make_rules("snooker")
    r.shot_played(Shot().hit("cue", "black").events, laid_out(OPEN))
    r.table_at_rest(laid_out(SNOOKERED))
    r.answer("free-ball")
    r.answer("green")
    o = r.shot_played(Shot().hit("cue", "green").hit("green", "red-1").pot("red-1").events, laid_out(SNOOKERED))
    assert not o.fouls and o.points == (0, 1) and o.respot == () and r.colour_next


def test_wpbsa_3_11_after_an_in_off_the_offender_may_be_asked_to_play_again_from_the_d():
    r = make_rules("snooker")
    o = r.shot_played(Shot().hit("cue", "red-1").pot("cue").events, laid_out(OPEN))
    assert o.ball_in_hand == "D" and r.pending.names()[:2] == ("play", "again")
    r.table_at_rest(laid_out(SNOOKERED))  # from the D: never a free ball
    assert "free-ball" not in r.pending.names()
