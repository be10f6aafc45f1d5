"""Three-cushion as a referee applies it (UMB rules), from hand-built shots (docs/rules.md)."""

from events import Shot

from billiard.game import TableState, make_rules
from billiard.table import get_table

ALL = frozenset(["white", "yellow", "red"])
POINT = ("rail", "rail", "rail")


def scoring(cue, first, second):
    s = Shot(cue).hit(cue, first)
    for _ in POINT:
        s.rail(cue)
    return s.hit(cue, second).events


def test_umb_the_break_must_hit_the_red_first():
    r = make_rules("three-cushion")
    assert r.targets(ALL) == ("red",) and r.on_text(ALL).startswith("On: the red first")
    o = r.shot_played(scoring("white", "yellow", "red"), TableState(ALL))
    assert o.fouls == ("the break must hit the red first",) and o.points == (0, 0) and o.next_player == 1
    assert r.targets(ALL) == ("white", "red")  # after the break: both balls


def test_umb_a_break_on_the_red_scores_as_any_shot():
    r = make_rules("three-cushion")
    o = r.shot_played(scoring("white", "red", "yellow"), TableState(ALL))
    assert o.points == (1, 0) and o.next_player == 0


def test_umb_each_breaker_breaks_from_its_own_side_of_the_head_spot():
    r = make_rules("three-cushion")
    table = get_table("carom")
    hx, hy = table.spots["head"]
    white_breaks = r.break_layout(table, 0)
    yellow_breaks = r.break_layout(table, 1)
    assert white_breaks["yellow"] == (hx, hy) and white_breaks["white"][1] < hy
    assert yellow_breaks["white"] == (hx, hy) and yellow_breaks["yellow"][1] > hy
    assert white_breaks["red"] == yellow_breaks["red"] == table.spots["foot"]
    assert abs(white_breaks["white"][1] - hy) == abs(yellow_breaks["yellow"][1] - hy)


def test_equal_innings_option_the_second_player_has_a_last_inning_and_may_draw():
    r = make_rules("three-cushion", target=1, equal_innings=True)
    o = r.shot_played(scoring("white", "red", "yellow"), TableState(ALL))  # the breaker reaches 1
    assert not o.game_over and o.next_player == 1 and "last inning" in o.message
    assert "last inning" in r.warning()
    o = r.shot_played(scoring("yellow", "red", "white"), TableState(ALL))  # equalled: a draw
    assert o.game_over and o.winner is None and r.scores == [1, 1]


def test_equal_innings_the_last_inning_short_of_the_target_loses():
    r = make_rules("three-cushion", target=1, equal_innings=True)
    r.shot_played(scoring("white", "red", "yellow"), TableState(ALL))
    o = r.shot_played(Shot("yellow").hit("yellow", "red").events, TableState(ALL))
    assert o.game_over and o.winner == 0


def test_without_equal_innings_the_target_wins_at_once():
    r = make_rules("three-cushion", target=1)
    o = r.shot_played(scoring("white", "red", "yellow"), TableState(ALL))
    assert o.game_over and o.winner == 0


def test_umb_the_session_puts_the_balls_on_the_breakers_side_when_the_yellow_breaks():
    from billiard.app.setup import new_session

    s = new_session("three-cushion")
    white, yellow = (tuple(s.balls.pos[s.balls.index(b)][:2]) for b in ("white", "yellow"))
    s.set_breaker(1)
    assert s.rules.turn == 1 and s.rules.cue == "yellow"
    assert tuple(s.balls.pos[s.balls.index("white")][:2]) == yellow  # the white on the head spot
    assert s.balls.pos[s.balls.index("yellow")][1] == -white[1]  # the yellow on its own side
