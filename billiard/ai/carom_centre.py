"""Three-cushion: move a scoring carom to the middle of the engine's window of scoring
headings, so the arm's heading error (0.125 deg a standard deviation at magnitude 1) falls
inside it either way.

A point found by the search scores when played as meant, but it may sit at the edge of its
window: half the noisy copies then miss. Probing headings either side with
:func:`rollout.carom_miss` (each probe runs only until the cue ball meets the second ball
or passes it) finds how far the window reaches on each side, and the candidate is turned
to its middle. The same is done across speed, whose error (0.075 m/s) shifts the path on
long patterns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from billiard.ai.rollout import carom_miss
from billiard.ai.search import Search
from billiard.ai.shots import Candidate
from billiard.physics.params import Params

PROBE_STEPS_DEG = (0.15, 0.3, 0.5)  # heading offsets probed either side, nearest first
SPEED_STEPS = (0.12, 0.25)  # m/s offsets probed either side, nearest first


def _scores(search: Search, params: Params, cue: str, cand: Candidate, second: str, **change: float) -> bool | None:
    """Whether the strike changed by ``change`` still scores (None: budget spent)."""
    if not search.budget.left():
        return None
    assert cand.target is not None
    got = carom_miss(search.balls, search.table, params, cue, cand.strike.replace(**change), cand.target, second)
    search.budget.sims += 1  # a whole shot's worth of engine work at most
    if got is None:
        return False
    search.budget.events += got[1]
    return got[0] == 0.0


def _reach(flags: list[bool | None]) -> int:
    """How many probes outward still score (stops at the first miss or unknown)."""
    n = 0
    for f in flags:
        if not f:
            break
        n += 1
    return n


def _middle_shift(steps: tuple[float, ...], scores: Callable[[float], bool | None]) -> float:
    """How far the middle of the scoring window lies from the strike as meant: ``scores(d)``
    says whether the strike moved by ``d`` still scores; probed outward on each side, the
    lower side first, stopping at the first miss."""
    reach = {}
    for sign in (-1.0, 1.0):
        flags: list[bool | None] = []
        for step in steps:
            flags.append(scores(sign * step))
            if not flags[-1]:
                break
        reach[sign] = _reach(flags)
    lo = steps[reach[-1.0] - 1] if reach[-1.0] else 0.0
    hi = steps[reach[1.0] - 1] if reach[1.0] else 0.0
    return (hi - lo) / 2.0


def centre_carom(search: Search, params: Params, cue: str, cand: Candidate, second: str) -> Candidate:
    """``cand`` (a carom that scores as meant) turned to the middle of its scoring window in
    heading, then in speed; unchanged when the window is symmetric or the budget is spent."""
    if cand.target is None:
        return cand
    h0 = cand.strike.heading_deg
    turn = _middle_shift(
        PROBE_STEPS_DEG, lambda d: _scores(search, params, cue, cand, second, heading_deg=(h0 + d) % 360.0)
    )
    out = replace(cand, strike=cand.strike.replace(heading_deg=(h0 + turn) % 360.0))
    v0 = out.strike.speed
    more = _middle_shift(SPEED_STEPS, lambda d: _scores(search, params, cue, out, second, speed=max(0.3, v0 + d)))
    return replace(out, strike=out.strike.replace(speed=max(0.3, v0 + more)))
