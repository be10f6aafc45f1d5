"""The coach shows the shot level 5 plays (same strike, same path), its ghost ball, its
chance at the player's noise, and the next ball it plays for."""

import math

import numpy as np

from billiard.ai import ComputerPlayer, Level, Situation
from billiard.ai.coach import advise
from billiard.ai.rollout import fast_params, play
from billiard.app.setup import new_session
from billiard.game.spotting import put_on_table
from billiard.physics.state import Motion


def quick5() -> Level:
    return Level(
        5,
        noise=1.0,
        seconds=5.0,
        max_sims=6,
        options=2,
        variants=2,
        robust=0,
        finalists=1,
        banks=False,
        position=True,
        throw=True,
    )


def layout(positions: dict[str, tuple[float, float]]):
    """A 9-ball session after the break with only the given balls on the table."""
    s = new_session("9-ball", seed=0)
    s.rules.breaking = False
    b = s.balls
    for i, bid in enumerate(b.ids):
        if bid not in positions:
            b.motion[i] = Motion.POCKETED
            b.pocket[i] = "corner-top-left"
    for bid, xy in positions.items():
        put_on_table(b, bid, xy)
    s.in_hand = None
    return s


STRAIGHT = {"cue": (0.3, 0.2), "1": (0.9, 0.45), "2": (-0.6, -0.3), "9": (-0.2, 0.1)}


def test_coach_shows_the_strike_and_path_level_5_plays():
    s = layout(STRAIGHT)
    sit = Situation.of_session(s)
    played = ComputerPlayer(quick5(), seed=4).decide(sit)
    advice = advise(sit, noise=1.0, player=ComputerPlayer(quick5(), seed=4), copies=4)
    assert advice.decision.strike == played.strike
    # the traced path ends where the search's own simulation of that strike leaves the balls
    r = play(sit.balls, sit.table, fast_params(sit.params), sit.rules, played.strike)
    for bid, path in advice.paths.items():
        i = r.balls.index(bid)
        if r.balls.motion[i] != Motion.POCKETED:
            assert np.hypot(*(path[-1] - r.balls.pos[i, :2])) < 2e-3, bid
    assert np.allclose(advice.paths["cue"][0], advice.cue_xy)
    # the ghost ball touches the first ball where that ball lay
    assert advice.first_ball == "1"
    g = np.asarray(advice.ghost) - np.asarray(STRAIGHT["1"])
    assert math.isclose(float(np.hypot(*g)), 2 * s.ball_radius(), rel_tol=0.02)


def test_chance_falls_with_the_players_noise_and_the_next_ball_is_named():
    s = layout(STRAIGHT)
    sit = Situation.of_session(s)
    steady = advise(sit, noise=1.0, player=ComputerPlayer(quick5(), seed=1), copies=8, seed=2)
    shaky = advise(sit, noise=12.0, player=ComputerPlayer(quick5(), seed=1), copies=8, seed=2)
    assert steady.decision.kind == "pot" and steady.decision.target == "1"
    assert steady.decision.strike == shaky.decision.strike
    assert steady.chance >= 0.75
    assert shaky.chance < steady.chance
    assert steady.next_ball in ("2", None)  # 9-ball: after the 1 only the 2 may be played
    assert steady.line().startswith("Coach: pot the 1") and "noise 1" in steady.line()
    assert steady.line_with_chance().endswith(f"({100 * steady.chance:.0f} %)")
