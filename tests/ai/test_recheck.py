"""More noisy copies for the few candidates that contend for the choice (Search.recheck,
``Level.recheck``): the top candidates by their value after the copies are topped up, the
rest are left as they were, and the extra strikes are a fixed count on top of the budget."""

from dataclasses import replace

import numpy as np

from billiard.ai import ComputerPlayer, Situation
from billiard.ai.noise import Noise
from billiard.ai.options import pot_rows
from billiard.ai.rollout import fast_params
from billiard.ai.search import Budget, Search
from billiard.ai.shots import VARIANTS

from test_choices import planner
from test_steer import session


def copied_search() -> Search:
    s = session()
    params = fast_params(s.params)
    search = Search(s.balls, s.table, params, s.rules, s.rules.turn, Budget(400, 400 * 40))
    for cand in pot_rows(search, s.balls, params, "cue", ("1",), 1.0, 1, len(VARIANTS), False, False, True)[0]:
        search.consider(cand)
    r = float(s.balls.radius[s.balls.index("cue")])
    search.robustness(4, 6, Noise(1.0, r), np.random.default_rng(5))
    return search


def test_recheck_tops_up_the_best_by_value_and_leaves_the_rest():
    search = copied_search()
    copied = [t for t in search.tried if t.noisy]
    assert len(copied) == 4 and all(len(t.noisy) == 6 for t in copied)
    top = sorted(copied, key=lambda t: -t.value)[:2]
    rest = [t for t in copied if t not in top]
    sims = search.budget.sims
    r = float(search.balls.radius[search.balls.index("cue")])
    chosen = search.recheck(2, 15, Noise(1.0, r), np.random.default_rng(6))
    assert search.budget.sims == sims + 2 * 9
    assert all(len(t.noisy) == len(t.noisy_success) == 15 for t in top)
    assert all(len(t.noisy) == 6 for t in rest)
    assert chosen is not None and chosen in top and chosen.value == max(t.value for t in top)


def test_the_player_rechecks_on_top_of_its_budget_and_still_pots():
    """The same decision with and without the recheck: the same candidates up to it, then
    exactly recheck x (recheck_copies - robust) more strikes; the shot is still the pot."""
    base = replace(planner(40), robust=3, finalists=3)
    plain = ComputerPlayer(base, seed=4).decide(Situation.of_session(session()))
    more = ComputerPlayer(replace(base, recheck=2, recheck_copies=8), seed=4).decide(Situation.of_session(session()))
    assert more.simulations == plain.simulations + 2 * (8 - 3)
    assert more.kind == "pot" and more.target == "1"
    assert more.strike is not None and more.strike.speed > 0


def test_8_ball_decisions_are_not_rechecked():
    """The recheck is 9-ball's only (in 8-ball it cost run-outs): an 8-ball decision spends the
    same strikes with it as without."""
    from test_choices import only

    base = replace(planner(40), robust=3, finalists=3)
    layout = {"cue": (0.4, 0.2), "1": (0.8, 0.4), "9": (-0.5, 0.3), "8": (0.3, -0.5)}
    plain = ComputerPlayer(base, seed=4).decide(Situation.of_session(only("8-ball", layout)))
    more = ComputerPlayer(replace(base, recheck=2, recheck_copies=8), seed=4).decide(
        Situation.of_session(only("8-ball", layout))
    )
    assert more.simulations == plain.simulations > 0
    assert (more.kind, more.target, more.strike) == (plain.kind, plain.target, plain.strike)
