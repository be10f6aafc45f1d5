from events import Shot

from billiard.game import IN_HAND_D, TableState, make_rules
from billiard.game.snooker import COLOURS

REDS = [f"red-{n}" for n in range(1, 16)]
FULL = frozenset(["cue", *REDS, *COLOURS])


def test_red_then_colour_scores_and_colour_is_respotted():
    r = make_rules("snooker")
    assert r.ball_in_hand == IN_HAND_D
    o = r.shot_played(Shot().hit("cue", "red-3").pot("red-3").events, TableState(FULL))
    assert o.points == (1, 0) and o.next_player == 0 and r.targets(FULL - {"red-3"})[0] == "yellow"
    o = r.shot_played(Shot().hit("cue", "black").pot("black").events, TableState(FULL - {"red-3"}))
    assert o.points == (7, 0) and o.respot == ("black",) and o.next_player == 0
    assert r.targets(FULL - {"red-3"})[0].startswith("red")


def test_colour_first_when_red_on_is_foul_worth_its_value():
    r = make_rules("snooker")
    o = r.shot_played(Shot().hit("cue", "pink").events, TableState(FULL))
    assert o.points == (0, 6) and o.next_player == 1 and "not a ball on" in o.fouls[0]


def test_foul_minimum_four_and_in_off_gives_ball_in_hand_in_d():
    r = make_rules("snooker")
    o = r.shot_played(Shot().hit("cue", "red-1").rail("red-1").pot("cue").events, TableState(FULL))
    assert o.points == (0, 4) and o.ball_in_hand == IN_HAND_D and o.fouls == ("in-off",)


def test_potting_a_colour_with_a_red_is_a_foul_and_colour_respotted():
    r = make_rules("snooker")
    o = r.shot_played(Shot().hit("cue", "red-1").pot("red-1").pot("blue").events, TableState(FULL))
    assert o.points == (0, 5) and o.respot == ("blue",)


def test_potting_a_different_colour_than_the_one_hit_is_a_foul():
    r = make_rules("snooker")
    r.shot_played(Shot().hit("cue", "red-1").pot("red-1").events, TableState(FULL))
    o = r.shot_played(Shot().hit("cue", "green").hit("green", "pink").pot("pink").events, TableState(FULL - {"red-1"}))
    assert o.points == (0, 6) and o.respot == ("pink",) and r.turn == 1


def test_colours_in_sequence_stay_down_and_black_ends_frame():
    r = make_rules("snooker")
    table = frozenset(["cue", *COLOURS])
    assert r.targets(table) == ("yellow",)
    o = r.shot_played(Shot().hit("cue", "yellow").pot("yellow").events, TableState(table))
    assert o.points == (2, 0) and o.respot == ()
    table -= {"yellow"}
    o = r.shot_played(Shot().hit("cue", "blue").rail("blue").events, TableState(table))
    assert o.points == (0, 5) and "not a ball on" in o.fouls[0]  # green was on
    r.scores = [30, 20]
    r.turn = 0
    o = r.shot_played(Shot().hit("cue", "black").pot("black").events, TableState(frozenset(["cue", "black"])))
    assert o.game_over and o.winner == 0 and "37-20" in o.message


def test_foul_on_last_black_ends_the_frame_for_the_opponent():
    r = make_rules("snooker")
    r.scores = [40, 36]
    o = r.shot_played(Shot().hit("cue", "black").pot("cue").events, TableState(frozenset(["cue", "black"])))
    assert o.game_over and o.winner == 1 and o.points == (0, 7)


def test_colour_after_last_red_is_respotted_then_sequence_starts():
    r = make_rules("snooker")
    table = frozenset(["cue", "red-7", *COLOURS])
    r.shot_played(Shot().hit("cue", "red-7").pot("red-7").events, TableState(table))
    table -= {"red-7"}
    o = r.shot_played(Shot().hit("cue", "pink").pot("pink").events, TableState(table))
    assert o.points == (6, 0) and o.respot == ("pink",)
    assert r.targets(table) == ("yellow",)


def test_tie_after_last_black_respots_it_for_the_other_player():
    r = make_rules("snooker")
    r.scores = [50, 57]
    table = TableState(frozenset(["cue", "black"]))
    o = r.shot_played(Shot().hit("cue", "black").pot("black").events, table)
    assert not o.game_over and o.respot == ("black",) and o.ball_in_hand == IN_HAND_D
    assert o.next_player == 1 and "re-spotted black" in o.message and r.scores == [57, 57]
    o = r.shot_played(Shot().hit("cue", "black").pot("black").events, table)
    assert o.game_over and o.winner == 1
