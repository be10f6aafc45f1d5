from events import Shot

from billiard.game import IN_HAND_ANYWHERE, TableState, make_rules

ALL = frozenset(["cue"] + [str(n) for n in range(1, 16)])


def test_practice_never_fouls_and_keeps_ball_in_hand():
    r = make_rules("practice")
    assert r.ball_in_hand == IN_HAND_ANYWHERE and r.allows_undo
    o = r.shot_played(Shot().pot("cue").events, TableState(ALL))
    assert not o.fouls and o.next_player == 0 and o.respot == ("cue",)
    assert o.ball_in_hand == IN_HAND_ANYWHERE and "cue ball pocketed" in o.message
    o = r.shot_played(Shot().hit("cue", "1").pot("1").pot("2").events, TableState(ALL))
    assert r.scores == [2, 0] and not o.game_over and r.shots == 2
