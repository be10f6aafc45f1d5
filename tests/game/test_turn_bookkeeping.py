"""The shared turn and score bookkeeping (``game/base.py``) and the 8-ball turn rules,
from hand-built event sequences. Each test kills a mutant the rest of the suite let through
(docs/testing.md, "Mutation probe")."""

import pytest
from events import Shot

from billiard.errors import BilliardError
from billiard.game import TableState, make_rules

ALL = frozenset(["cue"] + [str(n) for n in range(1, 16)])


def legal_break(mode="8-ball"):
    """A game after a legal break with nothing pocketed: player 2 to shoot, table open."""
    r = make_rules(mode)
    r.shot_played(Shot().hit("cue", "1").rail("2").rail("3").rail("4").rail("5").events, TableState(ALL))
    return r


def test_a_new_game_starts_with_nothing_said_and_nothing_counted():
    r = make_rules("8-ball")
    assert (r.message, r.fouls, r.shots, r.turn, r.scores, r.game_over, r.winner) == ("", 0, 0, 0, [0, 0], False, None)


def test_fouled_shots_are_counted_and_legal_ones_are_not():
    r = legal_break()
    assert (r.shots, r.fouls) == (1, 0)
    r.shot_played(Shot().events, TableState(ALL))  # hit nothing: a foul
    r.shot_played(Shot().hit("cue", "2").pot("cue").events, TableState(ALL - {"cue"}))  # scratch
    assert (r.shots, r.fouls) == (3, 2)
    r.shot_played(Shot().hit("cue", "3").rail("3").events, TableState(ALL))  # legal miss
    assert (r.shots, r.fouls) == (4, 2) and r.scores == [0, 0]


def test_a_pool_rack_is_a_point_to_its_winner_whoever_wins():
    for winner in (0, 1):
        r = legal_break()  # player 2 (index 1) on turn
        r.groups = ["solids", "stripes"]
        on = ALL - {"8"} - {str(n) for n in range(9, 16)} if winner == 1 else ALL - {"8"}
        # winner 1: stripes cleared, the 8 legally; winner 0: the 8 before the stripes
        o = r.shot_played(Shot().hit("cue", "8").pot("8").events, TableState(on))
        assert o.game_over and o.winner == winner
        assert r.scores == ([1, 0] if winner == 0 else [0, 1])


def test_open_table_pot_takes_the_group_and_keeps_the_turn():
    r = legal_break()
    o = r.shot_played(Shot().hit("cue", "3").pot("3").events, TableState(ALL - {"3"}))
    assert not o.fouls and o.next_player == 1 and r.groups == ["stripes", "solids"]
    assert "takes the solids" in o.message


def test_potting_an_own_ball_keeps_the_turn_and_only_an_opponents_passes_it():
    r = legal_break()
    r.groups = ["stripes", "solids"]
    o = r.shot_played(Shot().hit("cue", "2").pot("2").events, TableState(ALL - {"2"}))
    assert not o.fouls and o.next_player == 1 and r.turn == 1
    o = r.shot_played(Shot().hit("cue", "4").hit("4", "12").pot("12").events, TableState(ALL - {"2", "12"}))
    assert not o.fouls and o.next_player == 0


def test_nine_ball_push_out_is_refused_before_the_break():
    r = make_rules("9-ball")
    with pytest.raises(BilliardError, match="right after the break"):
        r.declare_push_out()


def test_a_nine_ball_rack_is_a_point_to_its_winner():
    nine = frozenset(["cue"] + [str(n) for n in range(1, 10)])
    r = make_rules("9-ball")
    r.shot_played(Shot().hit("cue", "1").hit("1", "9").pot("9").events, TableState(nine))
    assert r.game_over and r.scores == [1, 0]


def test_two_nine_ball_fouls_in_a_row_do_not_lose_for_either_player():
    nine = frozenset(["cue"] + [str(n) for n in range(1, 10)])
    r = make_rules("9-ball")
    r.shot_played(Shot().hit("cue", "1").pot("4").events, TableState(nine))  # P1 breaks, keeps
    for _ in range(2):
        for player in (0, 1):
            assert r.turn == player
            o = r.shot_played(Shot().events, TableState(nine))  # hits nothing
            assert o.fouls and not o.game_over
    assert r.consecutive_fouls == [2, 2]


NINE = frozenset(["cue"] + [str(n) for n in range(1, 10)])


def test_nine_ball_break_with_exactly_four_rails_is_legal_and_the_next_player_may_push():
    r = make_rules("9-ball")
    o = r.shot_played(Shot().hit("cue", "1").rail("2").rail("3").rail("4").rail("5").events, TableState(NINE))
    assert not o.fouls and o.next_player == 1 and o.message == "Player 2 may push out"
    r = make_rules("9-ball")
    o = r.shot_played(Shot().hit("cue", "1").pot("4").events, TableState(NINE - {"4"}))
    assert o.next_player == 0 and o.message == "Player 1 may push out"


def test_nine_ball_push_out_hands_the_choice_to_the_opponent():
    r = make_rules("9-ball")
    r.shot_played(Shot().hit("cue", "1").pot("4").events, TableState(NINE - {"4"}))
    r.declare_push_out()
    o = r.shot_played(Shot().hit("cue", "3").pot("3").events, TableState(NINE - {"3", "4"}))
    assert not o.fouls and o.next_player == 1 and r.may_pass
    assert o.message == "push-out: Player 2 may shoot or pass the shot back"


def test_nine_ball_foul_respots_the_nine_only_when_it_was_pocketed():
    r = make_rules("9-ball")
    r.shot_played(Shot().hit("cue", "1").pot("4").events, TableState(NINE - {"4"}))
    o = r.shot_played(Shot().hit("cue", "5").pot("5").events, TableState(NINE - {"4", "5"}))
    assert o.fouls and o.respot == ()
    o = r.shot_played(Shot().hit("cue", "2").pot("9").events, TableState(NINE - {"4", "5", "9"}))
    assert o.fouls and o.respot == ("9",) and not o.game_over


def test_three_nine_ball_fouls_by_the_second_player_win_for_the_first():
    r = make_rules("9-ball")
    r.shot_played(
        Shot().hit("cue", "1").rail("2").rail("3").rail("4").rail("5").events, TableState(NINE)
    )  # player 2 to shoot
    for k in range(3):
        assert r.turn == 1
        o = r.shot_played(Shot().events, TableState(NINE))  # player 2 fouls
        if k < 2:
            r.shot_played(Shot().hit("cue", "1").rail("1").events, TableState(NINE))
    assert o.game_over and o.winner == 0 and r.scores == [1, 0]


def test_practice_pot_and_scratch_in_one_shot():
    r = make_rules("practice")
    o = r.shot_played(Shot().hit("cue", "3").pot("3").pot("5").pot("cue").events, TableState(ALL - {"3", "5", "cue"}))
    assert o.message == "2 balls pocketed; cue ball pocketed" and o.respot == ("cue",)
    assert r.scores == [2, 0] and o.next_player == 0


def test_snooker_hitting_a_red_when_on_a_colour_is_a_foul_of_seven():
    from billiard.game.snooker import COLOURS

    full = frozenset(["cue", *(f"red-{n}" for n in range(1, 16)), *COLOURS])
    r = make_rules("snooker")
    r.shot_played(Shot().hit("cue", "red-3").pot("red-3").events, TableState(full))
    o = r.shot_played(Shot().hit("cue", "red-5").rail("red-5").events, TableState(full - {"red-3"}))
    assert o.fouls and o.points == (0, 7) and o.next_player == 1  # WPBSA 3.10 (d)


def test_snooker_missing_every_ball_is_a_foul_of_four():
    from billiard.game.snooker import COLOURS

    full = frozenset(["cue", *(f"red-{n}" for n in range(1, 16)), *COLOURS])
    o = make_rules("snooker").shot_played(Shot().rail("cue").events, TableState(full))
    assert o.fouls == ("the cue ball hit nothing",) and o.points == (0, 4)


def test_three_cushion_is_played_to_fifteen_points_by_default():
    table = TableState(frozenset(["white", "yellow", "red"]))
    r = make_rules("three-cushion")
    point = Shot("white").rail("white").rail("white").rail("white").hit("white", "red").hit("white", "yellow").events
    for _ in range(14):
        assert not r.shot_played(point, table).game_over
    o = r.shot_played(point, table)
    assert o.game_over and o.winner == 0 and r.scores == [15, 0]


def test_only_practice_allows_undo_and_an_outcome_knows_it_is_a_foul():
    from billiard.game.outcome import Outcome

    assert make_rules("practice").allows_undo and not make_rules("8-ball").allows_undo
    assert Outcome(fouls=("scratch",)).foul and not Outcome().foul


def test_snooker_score_messages():
    from billiard.game.snooker import COLOURS

    full = frozenset(["cue", *(f"red-{n}" for n in range(1, 16)), *COLOURS])
    r = make_rules("snooker")
    o = r.shot_played(Shot().hit("cue", "red-3").pot("red-3").events, TableState(full))
    assert o.message == "1 point"
    o = r.shot_played(Shot().hit("cue", "black").pot("black").events, TableState(full - {"red-3"}))
    assert o.message == "7 points"


def test_an_unknown_mode_is_one_clear_error():
    with pytest.raises(BilliardError, match="unknown game mode 'pétanque'"):
        make_rules("pétanque")


def test_a_fouled_nine_ball_break_is_the_first_of_three_fouls_not_the_second():
    r = make_rules("9-ball")
    for shooter in (0, 1, 0):
        assert r.turn == shooter
        assert not r.shot_played(Shot().events, TableState(NINE)).game_over
    assert r.consecutive_fouls == [2, 1]
