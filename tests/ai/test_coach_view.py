"""The coach's key in the window: ask, the advice arrives, its paths and ghost ball are
drawn until the table changes."""

from billiard.ai import Level
from billiard.app.coach_view import CoachView
from billiard.app.controls import StrikeCommand
from billiard.app.setup import new_session

SMALL = Level(
    5, noise=1.0, seconds=5.0, max_sims=4, options=2, variants=1, robust=0, finalists=1, banks=False, position=True
)


def test_ask_show_and_clear_when_the_table_changes():
    s = new_session("9-ball", seed=5)
    s.rules.breaking = False
    coach = CoachView(inline=True, level=SMALL)
    assert coach.ask(s) == "Coach: thinking..."
    advice = coach.poll(s)
    assert advice is not None and coach.advice is advice
    assert "noise" in advice.line() and coach.paths()
    assert coach.ghost() is not None  # the break rack: the cue ball meets a ball
    assert coach.ask(s) == "Coach hidden" and coach.advice is None and not coach.paths()
    coach.ask(s)
    assert coach.poll(s) is not None
    s.strike(StrikeCommand(1.0, 90.0, 0.0, (0.0, 0.0)))  # the table changes: the advice goes
    while s.in_shot:
        s.tick()
    assert coach.poll(s) is None and coach.advice is None
    coach.close()


def test_an_answer_for_a_ball_in_hand_still_comes_when_the_held_ball_moves():
    """With the ball in hand the coach picks its own spot: moving the held ball while it thinks
    (the pointer carries it) changes nothing it was asked, so its answer is kept."""
    s = new_session("9-ball", seed=5)
    assert s.ball_in_hand()
    coach = CoachView(inline=True, level=SMALL)
    coach.ask(s)
    x, y = s.cue_xy()
    assert s.place_cue(x, y + 0.1)
    assert coach.poll(s) is not None
    coach.close()
