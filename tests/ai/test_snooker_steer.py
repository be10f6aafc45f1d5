"""Snooker break building, eighth session: the best pots steered by a grid of paces x
draw, stun and follow, so the cue ball's stopping places cover an area round the next balls
and the leave estimate picks where it stops."""

import numpy as np
from snooker_red import red_potted

from billiard.ai.search import Budget
from billiard.ai.shots import SNOOKER_VARIANTS
from billiard.ai.snooker_steer import GRID_SPEEDS, GRID_TIPS, grid, steer_snooker


def test_the_grid_leaves_out_the_fixed_variants():
    g = grid()
    fixed = sum((f, (0.0, b)) in SNOOKER_VARIANTS for f in GRID_SPEEDS for b in GRID_TIPS)
    assert fixed > 0 and len(g) == len(GRID_SPEEDS) * len(GRID_TIPS) - fixed
    assert not set(g) & set(SNOOKER_VARIANTS)
    assert all(side == 0.0 for _, (side, _) in g)


def test_the_best_pot_is_steered_over_an_area_and_the_leave_tells_the_places_apart():
    search, first = red_potted(Budget(400, 10**7))
    assert steer_snooker(search, 3) == len(grid())  # one pot option: one grid
    steered = search.tried[1:]
    for t in steered:  # the same ball, pocket and heading; pace and spin change
        assert (t.cand.target, t.cand.pocket) == (first.cand.target, first.cand.pocket)
        assert t.cand.strike.heading_deg == first.cand.strike.heading_deg
    kept = [t for t in steered if t.success]
    assert len(kept) >= len(steered) // 2  # the red still drops at most strikes
    stops = np.array([t.rollout.balls.pos[t.rollout.balls.index("cue"), :2] for t in kept])
    # draw and follow send the cue ball either side of the stun line: an area, not a line
    centred = stops - stops.mean(axis=0)
    spread = np.linalg.svd(centred, compute_uv=False)
    assert spread[1] > 0.05 * spread[0] and spread[1] > 0.05
    assert len({round(t.nominal, 3) for t in kept}) > len(kept) // 2  # the leave tells them apart


def test_the_grid_stops_when_the_budget_is_spent():
    search, _ = red_potted(Budget(6, 10**7))
    assert steer_snooker(search, 3) == 5
    assert search.budget.sims == 6
