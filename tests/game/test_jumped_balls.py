"""A ball driven off the table is a foul in every rule set (WPA general rules; UMB; WPBSA)."""

from events import Shot

from billiard.game import IN_HAND_ANYWHERE, TableState, make_rules
from billiard.game.facts import shot_facts

POOL9 = frozenset(["cue"] + [str(n) for n in range(1, 10)])
POOL15 = frozenset(["cue"] + [str(n) for n in range(1, 16)])


def _after_break(mode, on_table):
    r = make_rules(mode)
    r.shot_played(Shot().hit("cue", "1").pot("2").events, TableState(on_table))
    assert r.turn == 0 and not r.fouls
    return r


def test_facts_tell_jumped_balls_from_pocketed_ones():
    f = shot_facts(Shot().hit("cue", "1").pot("2").jump("1").events, "cue")
    assert f.pocketed == ("2", "1") and f.jumped == ("1",)
    assert f.jump_foul == ["1 off the table"]


def test_nine_ball_jumped_object_ball_is_a_foul_and_the_nine_comes_back():
    r = _after_break("9-ball", POOL9)
    o = r.shot_played(Shot().hit("cue", "1").rail("1").jump("1").events, TableState(POOL9 - {"2"}))
    assert o.fouls == ("1 off the table",) and o.ball_in_hand == IN_HAND_ANYWHERE and o.next_player == 1
    r2 = _after_break("9-ball", POOL9)
    o2 = r2.shot_played(Shot().hit("cue", "1").pot("9").jump("1").events, TableState(POOL9 - {"2"}))
    assert not o2.game_over and o2.respot == ("9",)


def test_eight_ball_jumped_cue_ball_is_ball_in_hand_and_a_jumped_eight_loses():
    r = _after_break("8-ball", POOL15)
    o = r.shot_played(Shot().hit("cue", "1").rail("1").jump("cue").events, TableState(POOL15 - {"2"}))
    assert "off the table" in o.fouls[-1] and o.ball_in_hand == IN_HAND_ANYWHERE
    r = _after_break("8-ball", POOL15)
    o = r.shot_played(Shot().hit("cue", "3").jump("8").events, TableState(POOL15 - {"2"}))
    assert o.game_over and o.winner == 1


def test_snooker_ball_off_the_table_gives_away_its_value():
    r = make_rules("snooker")
    reds = frozenset(f"red-{k}" for k in range(1, 16))
    colours = frozenset(["yellow", "green", "brown", "blue", "pink", "black"])
    o = r.shot_played(Shot().hit("cue", "red-1").jump("red-1").events, TableState(reds | colours | {"cue"}))
    assert o.fouls == ("red-1 off the table",) and o.points == (0, 4) and o.next_player == 1


def test_three_cushion_ball_off_the_table_ends_the_turn_and_is_respotted():
    r = make_rules("three-cushion")
    s = Shot("white").rail("white").rail("white").rail("white").hit("white", "yellow").hit("white", "red").jump("red")
    o = r.shot_played(s.events, TableState(frozenset(["white", "yellow", "red"])))
    assert o.fouls and o.points == (0, 0) and o.next_player == 1 and o.respot == ("red",)
