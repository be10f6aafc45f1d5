from events import Shot

from billiard.game import TableState, make_rules

ALL = frozenset(["white", "yellow", "red"])


def after_break(**options):
    """A game whose break is played (the break's own rule: the red first)."""
    r = make_rules("three-cushion", **options)
    r.breaking = False
    return r


def test_point_needs_three_cushions_before_second_ball():
    r = after_break(target=2)
    assert r.cue == "white" and r.targets(ALL) == ("yellow", "red")
    s = Shot("white").hit("white", "red").rail("white").rail("white").rail("white").hit("white", "yellow")
    o = r.shot_played(s.events, TableState(ALL))
    assert o.points == (1, 0) and o.next_player == 0 and r.scores == [1, 0]
    assert o.message == f"point for {r.players[0]} (1 of 2)"  # a bare "point" said little in the window


def test_cushions_before_the_first_ball_count():
    r = after_break()
    s = Shot("white").rail("white").rail("white").hit("white", "yellow").rail("white").hit("white", "red")
    assert r.shot_played(s.events, TableState(ALL)).points == (1, 0)


def test_two_cushions_is_a_miss_and_turn_passes_to_yellow():
    r = after_break()
    s = Shot("white").hit("white", "red").rail("white").rail("white").hit("white", "yellow").rail("white")
    o = r.shot_played(s.events, TableState(ALL))
    assert o.points == (0, 0) and o.next_player == 1
    # named: at the other player's turn a bare "miss" did not say whose shot it was
    assert o.message == f"no point for {r.players[0]}: only 2 cushions before the second ball"
    assert r.cue == "yellow"


def test_object_ball_cushions_do_not_count_and_one_ball_is_a_miss():
    r = after_break()
    s = Shot("white").hit("white", "red").rail("red").rail("red").rail("red").hit("white", "yellow")
    assert r.shot_played(s.events, TableState(ALL)).points == (0, 0)
    s = Shot("yellow").rail("yellow").rail("yellow").rail("yellow").hit("yellow", "red")
    o = r.shot_played(s.events, TableState(ALL))
    assert o.next_player == 0 and o.message == f"no point for {r.players[1]}: the cue ball did not reach both balls"


def test_reaching_target_wins():
    r = after_break(target=1)
    s = Shot("white").rail("white").rail("white").rail("white").hit("white", "red").hit("white", "yellow")
    o = r.shot_played(s.events, TableState(ALL))
    assert o.game_over and o.winner == 0
