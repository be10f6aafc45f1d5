"""8-ball and 9-ball as a referee applies them, one test per WPA clause (World Standardized
Rules, 2016 edition), from hand-built shots (docs/rules.md)."""

import pytest
from events import Shot

from billiard.errors import BilliardError
from billiard.game import TableState, make_rules
from billiard.game.base import EFFECT_RERACK
from billiard.game.facts import shot_facts
from billiard.game.nineball import LAST_TURNS, NO_PROGRESS_INNINGS

ALL = frozenset(["cue"] + [str(n) for n in range(1, 16)])
NINE = frozenset(["cue"] + [str(n) for n in range(1, 10)])
FOUR_RAILS = ("2", "3", "4", "5")


def break_shot(*pots, jumped=(), scratch=False):
    s = Shot().hit("cue", "1")
    for b in FOUR_RAILS:
        s.rail(b)
    for b in pots:
        s.pot(b)
    for b in jumped:
        s.jump(b)
    if scratch:
        s.pot("cue")
    return s.events


def test_wpa_3_3_e_eight_on_the_break_the_breaker_spots_it_or_re_racks():
    r = make_rules("8-ball")
    o = r.shot_played(break_shot("8"), TableState(ALL))
    assert not o.fouls and o.respot == ("8",) and o.next_player == 0
    d = r.pending
    assert d.kind == "eight-on-break" and d.player == 0 and d.names() == ("spot", "re-rack") and d.default == "spot"
    assert r.answer("re-rack") == EFFECT_RERACK and r.rerack_by == 0


def test_wpa_3_3_e_striking_after_the_eight_on_the_break_means_play_on():
    r = make_rules("8-ball")
    r.shot_played(break_shot("8"), TableState(ALL))
    assert r.before_stroke() == "" and r.pending is None and r.rerack_by is None


def test_wpa_3_3_f_eight_and_a_scratch_on_the_break_the_opponent_chooses():
    r = make_rules("8-ball")
    o = r.shot_played(break_shot("8", scratch=True), TableState(ALL))
    assert o.fouls and o.ball_in_hand == "kitchen" and o.respot == ("8",) and o.next_player == 1
    assert r.pending.player == 1 and "head string" in r.pending.options[0].label
    assert r.answer("re-rack") == EFFECT_RERACK and r.rerack_by == 1


def test_wpa_3_3_d_after_an_illegal_break_the_incoming_player_accepts_or_re_racks():
    r = make_rules("8-ball")
    o = r.shot_played(Shot().hit("cue", "1").rail("2").events, TableState(ALL))
    assert o.fouls and o.next_player == 1
    assert r.pending.kind == "illegal-break" and r.pending.names() == ("accept", "re-rack", "re-break")
    assert r.answer("re-break") == EFFECT_RERACK and r.rerack_by == 0  # the offender breaks again


def test_wpa_3_3_a_ball_driven_off_the_table_on_the_break_is_a_foul_and_goes_back():
    r = make_rules("8-ball")
    o = r.shot_played(break_shot("2", jumped=("6",)), TableState(ALL))
    assert o.fouls == ("6 off the table",) and o.respot == ("6",) and o.next_player == 1
    assert o.ball_in_hand == "kitchen"


def test_wpa_3_3_a_jumped_ball_alone_does_not_make_the_break_legal():
    r = make_rules("8-ball")
    o = r.shot_played(Shot().hit("cue", "1").rail("2").jump("3").events, TableState(ALL))
    assert "illegal break" in o.fouls and o.respot == ("3",)


def test_wpa_3_3_the_eight_jumped_on_the_break_is_a_foul_and_spotted():
    r = make_rules("8-ball")
    o = r.shot_played(break_shot(jumped=("8",)), TableState(ALL))
    assert o.fouls == ("8 off the table",) and o.respot == ("8",) and not o.game_over
    assert r.pending.kind == "eight-on-break" and r.pending.player == 1


def test_wpa_3_4_open_table_status_says_any_ball_but_the_eight():
    r = make_rules("8-ball")
    r.set_on("open")
    assert r.on_text(ALL) == "On: any ball but the 8 (open table)"
    r.set_on("stripes")
    assert r.groups[r.turn] == "stripes" and r.on_text(ALL) == "On: the stripes"


def test_wpa_8_4_a_ball_frozen_to_a_rail_is_not_driven_to_it_when_pressed_into_it():
    pressed = Shot().hit("cue", "1").events
    pressed.append(type(pressed[1])(pressed[1].t + 0.001, "ball-cushion", ("1",), {"speed": 0.5}))
    assert shot_facts(pressed, "cue").rail_after_contact  # not frozen: a rail hit
    assert not shot_facts(pressed, "cue", frozenset({"1"})).rail_after_contact
    back = pressed + [type(pressed[1])(pressed[1].t + 0.4, "ball-cushion", ("1",), {"speed": 0.3})]
    assert shot_facts(back, "cue", frozenset({"1"})).rail_after_contact  # left the rail and came back


def test_wpa_6_3_no_rail_after_contact_with_the_object_ball_frozen_is_a_foul_in_nine_ball():
    r = make_rules("9-ball")
    r.breaking = False
    pressed = Shot().hit("cue", "1").events
    pressed.append(type(pressed[1])(pressed[1].t, "ball-cushion", ("1",), {"speed": 0.5}))
    o = r.shot_played(pressed, TableState(NINE, frozen=frozenset({"1"})))
    assert o.fouls == ("no ball reached a rail after contact",)


def after_nine_break():
    r = make_rules("9-ball")
    r.shot_played(Shot().hit("cue", "1").rail("2").rail("3").rail("4").rail("5").pot("4").events, TableState(NINE))
    return r


def test_wpa_2_4_the_push_out_is_offered_after_the_break_and_answered_by_name():
    r = after_nine_break()
    d = r.pending
    assert d.kind == "push-out" and d.player == 0 and d.by_key("X").name == "push-out" and d.default == "play"
    r.answer("push-out")
    o = r.shot_played(Shot().hit("cue", "7").events, TableState(NINE - {"4"}))
    assert not o.fouls and r.pending.kind == "after-push-out" and r.pending.player == 1
    r.answer("pass")
    assert r.turn == 0 and r.pending is None


def test_wpa_2_8_the_second_foul_in_a_row_brings_a_warning_and_the_third_loses():
    r = after_nine_break()
    table = TableState(NINE - {"4"})
    r.shot_played(Shot().events, table)  # player 1: foul 1
    r.shot_played(Shot().hit("cue", "1").rail("1").events, table)  # player 2: legal miss
    o = r.shot_played(Shot().events, table)  # player 1: foul 2
    assert "a third foul loses the rack" in o.message and r.consecutive_fouls == [2, 0]
    assert ". Warning: " in o.message  # a sentence of its own after the foul's
    r.shot_played(Shot().hit("cue", "1").rail("1").events, table)  # player 2
    assert "a third loses the rack" in r.warning()
    assert r.status(table.on_table).warning == r.warning() and r.status(table.on_table).consecutive_fouls == (2, 0)
    o = r.shot_played(Shot().events, table)
    assert o.game_over and o.winner == 1


def test_wpa_2_8_a_legal_shot_clears_the_count_and_the_warning():
    r = after_nine_break()
    table = TableState(NINE - {"4"})
    for _ in range(2):
        r.shot_played(Shot().events, table)
        r.shot_played(Shot().hit("cue", "1").rail("1").events, table)
    r.shot_played(Shot().hit("cue", "1").rail("1").events, table)  # player 1's legal shot
    assert r.consecutive_fouls[0] == 0 and r.warning() == ""


def test_wpa_2_9_a_stalemate_re_racks_and_the_original_breaker_breaks_again():
    r = after_nine_break()
    table = TableState(NINE - {"4"})
    for _ in range(NO_PROGRESS_INNINGS):
        r.shot_played(Shot().hit("cue", "1").rail("1").events, table)
    assert r.last_turns == LAST_TURNS and "re-rack" in r.warning()
    for _ in range(LAST_TURNS - 1):
        r.shot_played(Shot().hit("cue", "1").rail("1").events, table)
    assert r.rerack_by is None
    o = r.shot_played(Shot().hit("cue", "1").rail("1").events, table)
    assert r.rerack_by == 0 and "stalemate" in o.message and not o.game_over


def test_push_out_refused_by_name_when_not_offered():
    r = make_rules("9-ball")
    with pytest.raises(BilliardError, match="no decision"):
        r.answer("push-out")


def called(pocket="corner-top-left"):
    """8-ball with called shots after the break, solids to player 1, the call offered."""
    r = make_rules("8-ball", called_shots=True)
    r.breaking = False
    r.groups = ["solids", "stripes"]
    r.table_at_rest(TableState(ALL, pockets=("corner-top-left", "side-top")))
    return r


def test_wpa_1_6_called_shots_the_call_is_offered_with_obvious_shots_as_default():
    r = called()
    d = r.pending
    assert d.kind == "call" and d.names() == ("corner-top-left", "side-top", "obvious") and d.default == "obvious"
    assert d.by_key("F2").name == "side-top"


def test_wpa_1_6_an_obvious_shot_need_not_be_called():
    r = called()
    o = r.shot_played(Shot().hit("cue", "3").pot("3").events, TableState(ALL))
    assert not o.fouls and o.next_player == 0


def test_wpa_1_6_a_bank_not_called_is_no_legal_pot_and_the_ball_stays_down():
    r = called()
    o = r.shot_played(Shot().hit("cue", "3").rail("3").pot("3").events, TableState(ALL))
    assert not o.fouls and o.next_player == 1 and o.respot == () and "not the called shot" in o.message


def test_wpa_1_6_a_called_pocket_makes_a_combination_legal():
    r = called()
    r.answer("corner-top-left")
    s = Shot().hit("cue", "3").hit("3", "5")
    s.events.append(type(s.events[0])(1.0, "ball-pocket", ("5",), {"pocket": "corner-top-left"}))
    o = r.shot_played(s.events, TableState(ALL))
    assert not o.fouls and o.next_player == 0


def test_wpa_1_6_the_8_in_a_pocket_not_called_loses():
    r = called()
    r.groups = ["solids", "stripes"]
    table = TableState(frozenset(["cue", "8", "9"]))
    r.answer("side-top")
    s = Shot().hit("cue", "8").rail("8")
    s.events.append(type(s.events[0])(1.0, "ball-pocket", ("8",), {"pocket": "corner-top-left"}))
    o = r.shot_played(s.events, table)
    assert o.game_over and o.winner == 1 and "not called" in o.message
