"""Snooker: the pace of the best pots swept for position.

A pot's fixed variants (:data:`shots.SNOOKER_VARIANTS`: a few speed factors and spins) leave
the cue ball at a few places only; a break of forty needs it left close to the next ball,
and the next pot's chance falls fast with the distance (about 0.95 from under 0.2 m, 0.7
from 0.3 m at magnitude 1: docs/computer-player.md). So the best few pots that keep the table
are simulated again at a range of paces, each with its own spin: the cue ball then stops at
a line of places along its path, and the leave estimate (:func:`snooker_leave.leave_value`)
picks where it should stop; the plan ahead and the noisy copies judge them as any other pot."""

from __future__ import annotations

from dataclasses import replace

from billiard.ai.search import Search, Tried, best_options
from billiard.ai.shots import pot_pace

PACES = (0.6, 0.75, 0.9, 1.1, 1.3)  # x the pot's own speed
SWEPT = 3  # pots swept (the best distinct pots by their estimate)


def _keeps(t: Tried, me: int) -> bool:
    r = t.rollout
    return (
        t.success and t.cand.kind == "pot" and r is not None and not r.outcome.game_over and r.outcome.next_player == me
    )


def sweep_paces(search: Search, swept: int = SWEPT, paces: tuple[float, ...] = PACES) -> int:
    """Simulate the best strike of each of the best ``swept`` pots that keep the table (ball
    and pocket) again at each of ``paces`` x its speed; the number of strikes simulated."""
    best = best_options((t for t in search.tried if _keeps(t, search.me)), swept)
    done = {(t.cand.target, t.cand.pocket, t.cand.strike.tip, round(t.cand.strike.speed, 2)) for t in search.tried}
    n = 0
    for t in best:
        s = t.cand.strike
        for f in paces:
            speed = round(pot_pace(s.speed * f), 2)
            if (t.cand.target, t.cand.pocket, s.tip, speed) in done:
                continue
            if not search.budget.left():
                return n
            done.add((t.cand.target, t.cand.pocket, s.tip, speed))
            search.consider(replace(t.cand, strike=s.replace(speed=speed)))
            n += 1
    return n
