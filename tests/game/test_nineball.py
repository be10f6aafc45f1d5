import pytest
from events import Shot

from billiard.errors import BilliardError
from billiard.game import IN_HAND_ANYWHERE, TableState, make_rules

ALL = frozenset(["cue"] + [str(n) for n in range(1, 10)])


def after_break():
    r = make_rules("9-ball")
    r.shot_played(Shot().hit("cue", "1").pot("4").events, TableState(ALL))
    assert r.turn == 0 and not r.fouls
    return r


def test_break_must_hit_the_one_first():
    r = make_rules("9-ball")
    o = r.shot_played(Shot().hit("cue", "2").pot("5").events, TableState(ALL))
    assert "instead of the 1" in o.fouls[0] and o.ball_in_hand == IN_HAND_ANYWHERE and o.next_player == 1


def test_break_needs_four_rails_when_nothing_drops():
    r = make_rules("9-ball")
    o = r.shot_played(Shot().hit("cue", "1").rail("2").rail("3").rail("4").events, TableState(ALL))
    assert o.fouls and "four balls" in o.fouls[0]


def test_nine_on_the_break_wins():
    r = make_rules("9-ball")
    o = r.shot_played(Shot().hit("cue", "1").hit("1", "9").pot("9").events, TableState(ALL))
    assert o.game_over and o.winner == 0 and "on the break" in o.message


def test_lowest_ball_first_then_combination_on_nine_wins():
    r = after_break()
    table = TableState(ALL - {"1", "4"})
    assert r.targets(table.on_table) == ("2",)
    o = r.shot_played(Shot().hit("cue", "2").hit("2", "9").pot("9").events, table)
    assert o.game_over and o.winner == 0


def test_nine_pocketed_on_a_foul_is_respotted():
    r = after_break()
    o = r.shot_played(Shot().hit("cue", "3").hit("3", "9").pot("9").events, TableState(ALL - {"4"}))
    assert o.respot == ("9",) and not o.game_over and o.next_player == 1


def test_push_out_only_right_after_break_and_opponent_may_pass():
    r = after_break()
    r.declare_push_out()
    o = r.shot_played(Shot().rail("cue").events, TableState(ALL - {"4"}))  # hits nothing: legal on a push
    assert not o.fouls and o.next_player == 1 and r.may_pass
    r.pass_back()
    assert r.turn == 0
    with pytest.raises(BilliardError):
        r.declare_push_out()
    with pytest.raises(BilliardError):
        r.pass_back()


def test_push_out_pocketing_nine_respots_it_and_scratch_is_still_a_foul():
    r = after_break()
    r.declare_push_out()
    o = r.shot_played(Shot().hit("cue", "9").pot("9").pot("cue").events, TableState(ALL - {"4"}))
    assert o.fouls == ("scratch",) and o.respot == ("9",) and not o.game_over


def test_no_rail_after_contact_and_three_consecutive_fouls_lose():
    r = after_break()
    table = TableState(ALL - {"4"})
    r.shot_played(Shot().hit("cue", "1").events, table)  # foul 1 by player 1
    assert r.turn == 1
    r.shot_played(Shot().hit("cue", "1").rail("1").events, table)  # player 2 legal miss
    r.shot_played(Shot().events, table)  # foul 2
    r.shot_played(Shot().hit("cue", "1").rail("1").events, table)
    o = r.shot_played(Shot().hit("cue", "5").rail("5").events, table)  # foul 3
    assert o.game_over and o.winner == 1 and "three consecutive" in o.message
