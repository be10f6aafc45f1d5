"""The referee the coach searches a drill with: the table is kept only for the drill's goal
(practice itself keeps it whatever happens, so level 5 saw every shot succeed)."""

from events import Shot

from billiard.ai.practice_coach import PracticeReferee
from billiard.game import TableState


def test_the_drill_referee_keeps_the_table_only_for_the_drills_goal():
    on = TableState(frozenset({"cue", "1", "2"}))
    pots = PracticeReferee("cue", "in-order", None)
    assert pots.targets(on.on_table) == ("1",)
    assert pots.shot_played(Shot("cue").hit("cue", "1").pot("1").events, on).next_player == 0
    other = PracticeReferee("cue", "in-order", None)  # the 2 first: not the drill's ball
    assert other.shot_played(Shot("cue").hit("cue", "2").pot("2").events, on).next_player == 1
    scratch = PracticeReferee("cue", "pocket-any", None)
    o = scratch.shot_played(Shot("cue").hit("cue", "2").pot("2").pot("cue").events, on)
    assert o.fouls and o.next_player == 1
    kick = PracticeReferee("cue", "kick", "1", cushions=1)
    assert kick.targets(on.on_table) == ("1",)
    assert kick.shot_played(Shot("cue").hit("cue", "1").events, on).next_player == 1  # no cushion first
    kick = PracticeReferee("cue", "kick", "1", cushions=1)
    assert kick.shot_played(Shot("cue").rail("cue").hit("cue", "1").events, on).next_player == 0


def test_potting_the_last_ball_wins_as_a_rack_would():
    """The last ball of the in-order drill: kept with no next shot, its pot was valued as a
    poor leave and the coach called it "play safe"."""
    on = TableState(frozenset({"cue", "6"}))
    o = PracticeReferee("cue", "in-order", None).shot_played(Shot("cue").hit("cue", "6").pot("6").events, on)
    assert o.game_over and o.winner == 0
    missed = PracticeReferee("cue", "in-order", None).shot_played(Shot("cue").hit("cue", "6").events, on)
    assert not missed.game_over and missed.next_player == 1
