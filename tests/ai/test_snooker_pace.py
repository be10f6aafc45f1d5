"""Snooker break building, fifth session: the best pots swept over paces for position, the
pot chance held back by its geometric estimate (the winner's curse), the break-off judged
by its noisy copies."""

import numpy as np
import pytest
from snooker_red import red_potted

from billiard.ai.search import PRIOR_COPIES, Budget, Tried
from billiard.ai.shots import Candidate
from billiard.ai.snooker_break import _mean_played
from billiard.ai.snooker_pace import PACES, sweep_paces
from billiard.ai.strike import Strike


def test_the_best_pot_is_swept_over_paces_and_the_cue_ball_stops_along_its_path():
    search, first = red_potted(Budget(40, 10**6))
    assert sweep_paces(search) == len(PACES)
    swept = search.tried[1:]
    for t, f in zip(swept, PACES):
        # only the pace changes: the same ball, pocket, heading and spin
        assert (t.cand.target, t.cand.pocket) == (first.cand.target, first.cand.pocket)
        assert t.cand.strike.heading_deg == first.cand.strike.heading_deg
        assert t.cand.strike.tip == first.cand.strike.tip
        assert t.cand.strike.speed == pytest.approx(first.cand.strike.speed * f, abs=0.006)
    kept = [t for t in swept if t.success]
    assert len(kept) >= 3  # the red still drops at most paces
    stops = [tuple(np.round(t.rollout.balls.pos[t.rollout.balls.index("cue"), :2], 3)) for t in kept]
    assert len(set(stops)) == len(kept)  # each pace leaves the cue ball somewhere else
    # ... and the leave estimate tells them apart
    assert len({round(t.nominal, 3) for t in kept}) > 1


def test_a_snooker_pots_chance_is_held_back_by_its_geometric_estimate():
    cand = Candidate(Strike(2.0, 0.0), "pot", "red-1", chance=0.5)
    ok = [True] * 16
    plain = Tried(cand, 300.0, True, noisy=[300.0] * 16, noisy_success=list(ok))
    own = Tried(cand, 300.0, True, noisy=[300.0] * 16, noisy_success=list(ok), own_leaves=True)
    miss = -60.0
    assert plain.value == pytest.approx((16.5 / 17) * 300.0 + (0.5 / 17) * miss)
    c = (PRIOR_COPIES * 0.5 + 16) / (PRIOR_COPIES + 16)
    assert own.value == pytest.approx(c * 300.0 + (1 - c) * miss)
    assert own.value < plain.value
    # a safety has no geometric chance to lean on: its copies alone say how often it fouls
    safe = Candidate(Strike(1.0, 0.0), "safety", "red-1")
    fouls = [True] * 12 + [False] * 4
    own_safety = Tried(safe, 10.0, True, noisy=[10.0] * 12 + [-100.0] * 4, noisy_success=fouls, own_leaves=True)
    assert own_safety.value == pytest.approx((13 / 17) * 10.0 + (4 / 17) * -100.0)


def test_a_break_off_is_judged_by_its_noisy_copies_not_by_the_stroke_as_meant():
    # the stroke as meant drops a red (a lucky draw of a chaotic shot) but goes in-off often
    lucky = Tried(Candidate(Strike(6.0, 0.0), "break", "red-15"), 117.0, True, noisy=[-100.0, 0.0, -100.0, 0.0])
    steady = Tried(Candidate(Strike(4.5, 0.0), "break", "red-15"), -3.0, True, noisy=[-5.0, -2.0, -4.0, -1.0])
    assert _mean_played(steady) > _mean_played(lucky)
    assert _mean_played(Tried(lucky.cand, 117.0, True)) == 117.0  # no copies: as meant
