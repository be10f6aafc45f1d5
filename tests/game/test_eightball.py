import pytest
from events import Shot

from billiard.errors import BilliardError
from billiard.game import IN_HAND_ANYWHERE, IN_HAND_KITCHEN, TableState, make_rules

ALL = frozenset(["cue"] + [str(n) for n in range(1, 16)])


def broken(groups=None):
    """An 8-ball game after a legal break with nothing pocketed, player 2 to shoot."""
    r = make_rules("8-ball")
    r.shot_played(Shot().hit("cue", "1").rail("2").rail("3").rail("4").rail("5").events, TableState(ALL))
    assert r.turn == 1 and not r.fouls
    if groups:
        r.groups = list(groups)
    return r


def table_without(*gone):
    return TableState(ALL - set(gone))


def test_break_starts_in_the_kitchen():
    assert make_rules("8-ball").ball_in_hand == IN_HAND_KITCHEN


def test_break_with_three_rails_is_illegal():
    r = make_rules("8-ball")
    o = r.shot_played(Shot().hit("cue", "1").rail("2").rail("3").rail("4").events, TableState(ALL))
    assert o.fouls and "illegal break" in o.fouls[0] and o.next_player == 1


def test_break_pocketing_a_ball_keeps_the_turn_and_table_open():
    r = make_rules("8-ball")
    o = r.shot_played(Shot().hit("cue", "1").pot("3").events, TableState(ALL))
    assert not o.fouls and o.next_player == 0 and r.groups == [None, None]


def test_scratch_on_break_gives_ball_in_hand_behind_head_string_and_respots_8():
    r = make_rules("8-ball")
    o = r.shot_played(Shot().hit("cue", "1").pot("8").pot("cue").events, TableState(ALL))
    assert o.fouls == ("scratch on the break",) and o.ball_in_hand == IN_HAND_KITCHEN
    assert o.respot == ("8",) and not o.game_over and o.next_player == 1


def test_first_legal_pot_on_open_table_assigns_groups():
    r = broken()
    o = r.shot_played(Shot().hit("cue", "11").pot("11").events, TableState(ALL))
    assert o.next_player == 1 and r.groups == ["solids", "stripes"]
    assert r.group(1) == "stripes" and r.targets(ALL) == tuple(str(n) for n in range(9, 16) if n != 8)


def test_wpa_3_4_eight_first_on_open_table_is_a_foul_with_ball_in_hand():
    r = broken()
    shooter = r.turn
    o = r.shot_played(Shot().hit("cue", "8").hit("8", "3").pot("3").events, TableState(ALL))
    assert o.fouls == ("the 8 hit first on an open table",) and o.ball_in_hand == "anywhere"
    assert o.next_player == 1 - shooter and r.groups == [None, None]


def test_wrong_group_first_is_a_foul_with_ball_in_hand():
    r = broken(["solids", "stripes"])
    o = r.shot_played(Shot().hit("cue", "3").rail("3").events, TableState(ALL))
    assert "not one of the stripes" in o.fouls[0] and o.ball_in_hand == IN_HAND_ANYWHERE
    assert o.next_player == 0 and "Foul" in o.message


def test_no_rail_after_contact_is_a_foul():
    r = broken(["solids", "stripes"])
    o = r.shot_played(Shot().rail("cue").hit("cue", "12").events, TableState(ALL))
    assert o.fouls == ("no ball reached a rail after contact",)


def test_hitting_nothing_is_a_foul():
    r = broken()
    o = r.shot_played(Shot().rail("cue").events, TableState(ALL))
    assert o.fouls == ("the cue ball hit nothing",) and o.ball_in_hand == IN_HAND_ANYWHERE


def test_pocketing_only_opponent_ball_passes_turn():
    r = broken(["solids", "stripes"])
    o = r.shot_played(Shot().hit("cue", "12").hit("12", "2").pot("2").events, TableState(ALL))
    assert not o.fouls and o.next_player == 0


def test_eight_early_loses():
    r = broken(["solids", "stripes"])
    o = r.shot_played(Shot().hit("cue", "12").hit("12", "8").pot("8").events, TableState(ALL))
    assert o.game_over and o.winner == 0 and "before the group" in o.message


def test_eight_with_scratch_loses_even_after_clearing():
    stripes = [str(n) for n in range(9, 16)]
    r = broken(["solids", "stripes"])
    o = r.shot_played(Shot().hit("cue", "8").pot("8").pot("cue").events, table_without(*stripes))
    assert o.game_over and o.winner == 0 and o.fouls == ("scratch",)


def test_eight_after_clearing_wins_and_game_refuses_more_shots():
    stripes = [str(n) for n in range(9, 16)]
    r = broken(["solids", "stripes"])
    assert r.targets(table_without(*stripes).on_table) == ("8",)
    o = r.shot_played(Shot().hit("cue", "8").pot("8").events, table_without(*stripes))
    assert o.game_over and o.winner == 1 and "Player 2 wins" in o.message
    assert r.scores == [0, 1]  # pool scores count racks won
    with pytest.raises(BilliardError):
        r.shot_played(Shot().events, table_without(*stripes))


def test_group_ball_first_after_clearing_is_a_foul():
    solids = [str(n) for n in range(1, 8)]
    r = broken(["stripes", "solids"])
    o = r.shot_played(Shot().hit("cue", "9").rail("9").events, table_without(*solids))
    assert "instead of the 8" in o.fouls[0]


def test_scratch_with_nothing_else_pocketed_is_a_foul_with_ball_in_hand():
    """A legal hit (own group first, a rail after contact) followed by the cue ball
    dropping, with no object ball pocketed: still a foul (WPA 6.4)."""
    r = broken(groups=["stripes", "solids"])
    o = r.shot_played(Shot().hit("cue", "2").rail("2").pot("cue").events, table_without("cue"))
    assert list(o.fouls) == ["scratch"]
    assert o.next_player == 0 and r.ball_in_hand == IN_HAND_ANYWHERE
