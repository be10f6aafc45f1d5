"""The coach on the practice table: in a drill it plays for the drill's goal (found in play,
it advised a game's shot that met the goal in none of 24 plays: a safety in the kick drill,
the 3 before the 1 in order, no stop in the stop-shot ladder); on a carom table, a carom."""

import pytest
from billiard.ai.coach import advise, placed, trace
from billiard.ai.practice_coach import goal_met
from billiard.ai.player import Situation
from billiard.app.coach_view import CoachView
from billiard.app.setup import new_session
from billiard.game.facts import shot_facts
from billiard.practice.drills import load_drill


def _advice(name: str, rung: int = 0):
    drill = load_drill(name)
    s = new_session("practice", None, drill=drill)
    if rung:
        s.put_layout(drill.start_positions(rung))
    sit = Situation.of_session(s)
    return drill, sit, advise(sit, 1.0, seed=0, drill=drill)


@pytest.mark.parametrize(
    "name, rung, kind, least",
    [
        ("stop-ladder", 0, "pot", 0.8),
        ("stop-ladder", 2, "pot", 0.6),
        ("kick", 0, "kick", 0.8),
        ("in-order", 0, "pot", 0.8),
    ],
)
def test_the_coachs_shot_meets_the_drills_goal(name, rung, kind, least):
    drill, sit, a = _advice(name, rung)
    assert a.decision.kind == kind and a.chance >= least, a.line()
    balls = placed(sit, a.decision)
    _, events, after, _, _ = trace(balls, sit, a.decision)  # the shot drawn: played as meant
    assert goal_met(drill, sit.rules.cue, balls, after, events)
    if kind == "pot":  # named for the pocket it drops in (at rung 2 a "bank" dropped straight in)
        assert shot_facts(events, sit.rules.cue).pocket_of(a.decision.target) == a.decision.pocket
    if drill.reset == "each":
        assert a.next_ball is None  # the layout comes back: there is no next ball
    assert "noise 1" in a.line()


def test_in_order_the_coach_plays_the_lowest_ball_and_names_the_next():
    _, _, a = _advice("in-order")
    assert a.decision.target == "1" and a.next_ball == "2"


def test_the_last_ball_in_order_is_a_pot_not_a_safety():
    drill = load_drill("in-order")
    s = new_session("practice", None, drill=drill)
    s.put_layout({b: p for b, p in drill.start_positions().items() if b in ("cue", "6")})
    a = advise(Situation.of_session(s), 1.0, seed=0, drill=drill)
    assert a.decision.kind == "pot" and a.decision.target == "6" and a.chance >= 0.8, a.line()


def test_the_carom_drill_is_coached_as_three_cushion():
    drill, sit, a = _advice("three-cushion")
    assert a.decision.kind == "carom" and a.chance > 0.0
    balls = placed(sit, a.decision)
    _, events, after, _, _ = trace(balls, sit, a.decision)
    assert goal_met(drill, sit.rules.cue, balls, after, events)


def test_the_window_asks_the_coach_for_the_drill():
    drill = load_drill("kick")
    s = new_session("practice", None, drill=drill)
    coach = CoachView(inline=True)
    coach.ask(s)
    advice = coach.poll(s)
    assert advice is not None and advice.decision.kind == "kick" and advice.decision.target == "1"
    coach.close()


def test_on_the_carom_practice_table_the_coach_plays_a_carom():
    """Practice keeps the table whatever happens: searched as practice, with no pockets, the
    coach advised "play safe"."""
    s = new_session("practice", "carom", seed=1)
    a = advise(Situation.of_session(s), 1.0, seed=0)
    assert a.decision.kind == "carom" and set(a.paths) >= {"white"}
    # from where the ball lies: a spot chosen for pots was a random one here (8 % chance)
    assert a.decision.place is None and a.chance >= 0.5


def test_a_cleared_practice_table_has_no_ball_to_play():
    """It said "kick at the None" with a stroke to lay."""
    s = new_session("practice", None, seed=1)
    s.put_layout({"cue": (0.0, 0.0)})
    a = advise(Situation.of_session(s), 1.0, seed=0)
    assert a.decision.strike is None and a.line() == "Coach: no ball to play" and not a.paths
