"""Thinking in a worker gives the same decision, and the same next random draws, as
thinking in the caller (a seeded game is the same in the window and headless)."""

import time

import pytest

from billiard.ai import ComputerPlayer, Level, Situation
from billiard.ai.worker import Thinker
from billiard.app.setup import new_session

SMALL = Level(
    5,
    noise=1.0,
    seconds=5.0,
    max_sims=2,
    options=1,
    variants=1,
    robust=0,
    finalists=1,
    banks=False,
    position=True,
    throw=False,
)


def situation():
    s = new_session("9-ball", seed=3)
    s.rules.breaking = False
    return Situation.of_session(s)


@pytest.mark.parametrize("processes", [False, True])
def test_worker_matches_the_caller(processes):
    here = ComputerPlayer(SMALL, seed=1)
    there = ComputerPlayer(SMALL, seed=1)
    expected = here.decide(situation())
    thinker = Thinker(processes=processes)
    try:
        thinker.start(there, situation())
        assert thinker.busy
        deadline = time.monotonic() + 120
        got = None
        while got is None and time.monotonic() < deadline:
            got = thinker.poll()
            time.sleep(0.01)
        assert got is not None and not thinker.busy
        assert (got.strike, got.place, got.kind) == (expected.strike, expected.place, expected.kind)
        assert here.rng.random() == there.rng.random()  # the Generator moved on the same way
        assert here.decisions == there.decisions == 1
        assert here.execute(expected.strike, 0.028575) == there.execute(got.strike, 0.028575)  # the arm too
    finally:
        thinker.close()


def test_the_coach_advises_from_a_worker_thread():
    from billiard.ai.worker import Coaching

    coach = Coaching(processes=False)
    try:
        coach.start(situation(), noise=2.0, seed=1, player=ComputerPlayer(SMALL, seed=1))
        assert coach.busy
        deadline = time.monotonic() + 120
        got = None
        while got is None and time.monotonic() < deadline:
            got = coach.poll()
            time.sleep(0.01)
        assert got is not None and got.decision.strike is not None and 0.0 <= got.chance <= 1.0
        assert got.noise == 2.0 and "cue" in got.paths
    finally:
        coach.close()


def test_each_decision_and_the_arm_have_their_own_draws():
    """Common random numbers: what one decision draws changes neither the next decision's
    draws nor the strike's noise, so two players compare stroke for stroke."""
    a, b = ComputerPlayer(SMALL, seed=3), ComputerPlayer(SMALL, seed=3)
    a.decide(situation())
    a.rng.random(1000)  # a decision that drew far more than the other's
    first_b = b.decide(situation())
    da, db = a.decide(situation()), b.decide(situation())
    assert (da.strike, da.place, da.kind) == (db.strike, db.place, db.kind)
    fresh = ComputerPlayer(SMALL, seed=3)
    assert a.execute(first_b.strike, 0.028575) == fresh.execute(first_b.strike, 0.028575)
