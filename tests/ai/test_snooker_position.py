"""Snooker break building: leaves rated by the next pot's chance under the player's own noise
and the ball's worth, averaged over the noisy copies; the frame-ending foul on the last black
scored as a foul even when it wins; the red that leaves the black chosen."""

import math

import numpy as np
import pytest
from test_choices import only, planner

from billiard.ai import ComputerPlayer, Situation
from billiard.ai.evaluate import FOUL, POINT, WIN, score
from billiard.ai.geometry import Layout, pot_aims
from billiard.ai.options import heading_sigma
from billiard.ai.rollout import fast_params, play
from billiard.ai.search import Tried
from billiard.ai.shots import Candidate
from billiard.ai.snooker_leave import leave_value, pot_worth
from billiard.ai.strike import Strike

SIGMA = heading_sigma(1.0)


def test_a_foul_that_ends_the_frame_on_the_last_black_scores_as_a_foul_even_when_it_wins():
    # player 0 leads by 40 with only the black left: a foul ends the frame and still wins it
    s = only("snooker", {"cue": (1.25, 0.55), "black": (1.5, 0.7)})
    s.rules.scores = [60, 20]
    s.look()
    params = fast_params(s.params)
    aim = max(pot_aims(Layout.of(s.balls), s.table, "cue", "black"), key=lambda a: a.ease)
    potted = play(s.balls, s.table, params, s.rules, Strike(1.5, aim.heading_deg))
    assert "black" in potted.outcome.pocketed and not potted.outcome.fouls
    fouled = play(s.balls, s.table, params, s.rules, Strike(1.0, (aim.heading_deg + 180.0) % 360.0))
    assert fouled.outcome.fouls and fouled.outcome.game_over and fouled.outcome.winner == 0
    assert score(potted, 0, s.table) == WIN
    # scored as the foul it is (the black's 7 to the opponent, and FOUL): below a safety's
    # leave, so the leader never misses the black on purpose to end the frame
    assert fouled.outcome.points[1] == 7
    assert score(fouled, 0, s.table) == -7 * POINT - FOUL < 0


def test_a_leave_is_worth_more_close_to_the_ball_and_more_on_the_black():
    black = (1.0, 0.5)
    pocket = np.array([1.78, 0.89])  # near the top-right corner's mouth
    u = (pocket - black) / np.hypot(*(pocket - black))
    s = only("snooker", {"cue": tuple(black - 0.3 * u), "black": black})
    table = s.table
    near = leave_value(Layout.of(s.balls), table, "cue", ("black",), SIGMA)
    far_layout = Layout.of(s.balls).moved("cue", tuple(black - 1.5 * u))
    far = leave_value(far_layout, table, "cue", ("black",), SIGMA)
    assert 0.0 < far < near <= 1.0
    # the same position on the blue is worth the blue's 5 against the black's 7
    blue = Layout(("cue", "blue"), Layout.of(s.balls).xy, Layout.of(s.balls).r)
    on_blue = leave_value(blue, table, "cue", ("blue",), SIGMA)
    assert on_blue == pytest.approx(near * pot_worth(5) / pot_worth(7))
    # a larger heading error makes the same leave worth less
    assert leave_value(Layout.of(s.balls), table, "cue", ("black",), 3 * SIGMA) < near


def test_a_kept_tables_worth_is_averaged_over_the_noisy_copies_that_kept_it():
    cand = Candidate(Strike(2.0, 0.0), "pot", "red-1", chance=1.0)
    noisy, ok = [150.0, 150.0, 150.0], [True, True, True]
    plain = Tried(cand, 300.0, True, noisy=list(noisy), noisy_success=list(ok))
    own = Tried(cand, 300.0, True, noisy=list(noisy), noisy_success=list(ok), own_leaves=True)
    assert plain.value == pytest.approx(300.0)  # pool: the planned leave stands for every pot
    assert own.value == pytest.approx((300.0 + 3 * 150.0) / 4)  # snooker: each pot's own leave


def test_the_red_whose_leave_gives_the_black_is_chosen():
    # two reds, mirror images about the cue ball's line, equally easy into the top corners;
    # the right-hand one leaves the cue ball near the black, the left-hand one far from it
    s = only(
        "snooker",
        {"cue": (0.0, 0.35), "red-1": (0.55, 0.62), "red-2": (-0.55, 0.62), "black": (1.46, 0.0)},
    )
    s.look()
    left = leave_value(Layout.of(s.balls).moved("cue", (-0.5, 0.3)), s.table, "cue", ("black",), SIGMA)
    right = leave_value(Layout.of(s.balls).moved("cue", (0.5, 0.3)), s.table, "cue", ("black",), SIGMA)
    assert right > left
    d = ComputerPlayer(planner(60), seed=1).decide(Situation.of_session(s))
    assert d.kind == "pot" and d.target == "red-1"
    assert d.next_ball == "black"
    assert math.isfinite(d.expected)


@pytest.mark.parametrize("mode", ["9-ball", "8-ball"])
def test_the_pool_games_score_leaves_as_before(mode):
    from billiard.ai.search import Budget, Search

    s = only(mode, {"cue": (0.0, 0.0), "1": (0.5, 0.3)})
    search = Search(s.balls, s.table, fast_params(s.params), s.rules, 0, Budget(5, 10**5), True, SIGMA)
    assert search.sigma is None  # the own-noise leave is snooker's alone
    r = play(s.balls, s.table, fast_params(s.params), s.rules, Strike(1.0, 90.0))
    assert score(r, 0, s.table, True, sigma=SIGMA) == score(r, 0, s.table, True)


def test_a_hidden_last_red_is_escaped_without_a_foul():
    # the last red frozen to the top cushion behind the pink near the corner: the kicks
    # aimed by the mirror model all miss it and a jump over the pink fouls it most times
    # under the noise; the escape fan finds paths that hit the red (3 of 20 noisy plays
    # without a foul before it, 14 with it)
    from dataclasses import replace

    from billiard.ai.noise import Noise

    s = only(
        "snooker",
        {
            "cue": (0.728, 0.59),
            "red-6": (1.75, 0.797),
            "pink": (1.712, 0.834),
            "black": (1.46, 0.0),
            "blue": (0.0, 0.0),
            "brown": (-1.047, 0.0),
            "green": (-1.054, 0.349),
            "yellow": (-1.723, -0.072),
        },
    )
    s.look()
    d = ComputerPlayer(replace(planner(200), jumps=True), seed=1).decide(Situation.of_session(s))
    rng = np.random.default_rng(0)
    arm = Noise(1.0, s.ball_radius())
    clean = sum(
        not play(s.balls, s.table, s.params, s.rules, arm.apply(d.strike, rng)).outcome.fouls for _ in range(20)
    )
    assert clean >= 10
