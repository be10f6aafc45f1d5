"""The replay list's "what happened" line, from the rules' verdict."""

from billiard.app.shot_note import shot_note
from billiard.game.outcome import Outcome


def test_pots_fouls_points_and_the_end_of_a_rack():
    assert shot_note(Outcome(pocketed=("6",)), "cue") == "pots the 6"
    assert shot_note(Outcome(pocketed=("3", "cue", "9")), "cue") == "pots the 3 and 9"
    assert shot_note(Outcome(pocketed=("cue",), fouls=("scratch",)), "cue") == "foul (scratch)"
    assert shot_note(Outcome(pocketed=("9",), game_over=True, winner=0), "cue") == "pots the 9; ends the rack"
    assert shot_note(Outcome(points=(1, 0)), "white", pockets=False) == "scores"
    assert shot_note(Outcome(), "white", pockets=False) == "no point"
    assert shot_note(Outcome(), "cue") == "no ball potted"
    assert shot_note(None, "cue") == ""
