"""Snooker: the cue ball steered for position by a grid of strikes (level 5).

A break of forty lives on the cue ball left short of the next ball: from under 0.2 m a pot
goes in about 95 % of the time at noise magnitude 1, from 0.4-0.7 m about 62 %
(docs/computer-player.md). The fixed variants (:data:`shots.SNOOKER_VARIANTS`) and the pace
sweep (:mod:`snooker_pace`: one spin at five paces) leave the cue ball at a handful of
places; here the best few pots that keep the table are simulated again at a grid of paces x
draw, stun and follow (as :mod:`steer` does for pool), each on its plain strike's
throw-corrected heading, so the cue ball's stopping places cover an area round the next
balls, and the leave (:func:`snooker_leave.leave_value`, the next pot's chance under the
player's own noise) picks the place. The look ahead and the noisy copies then judge the best
of them with the rest."""

from __future__ import annotations

from billiard.ai.search import Search, Tried, best_options
from billiard.ai.shots import SNOOKER_VARIANTS
from billiard.ai.steer import Grid, first_strikes, strike_grid, try_strike

# speed factors (x the pot's plain speed) and vertical tip (radii: - draw, + follow)
GRID_SPEEDS = (0.6, 0.75, 0.9, 1.0, 1.15, 1.35, 1.6, 2.0)
GRID_TIPS = (-0.4, -0.2, 0.05, 0.25, 0.45)


def grid() -> Grid:
    """The (speed factor, tip) strikes of the grid that are not fixed variants already."""
    return strike_grid(GRID_SPEEDS, GRID_TIPS, SNOOKER_VARIANTS)


def _keeps(t: Tried, me: int) -> bool:
    r = t.rollout
    return (
        t.success and t.cand.kind == "pot" and r is not None and not r.outcome.game_over and r.outcome.next_player == me
    )


def steer_snooker(search: Search, options: int) -> int:
    """Simulate :func:`grid` for the ``options`` best pots (target and pocket) that keep the
    table, each on its plain strike (the option's first tried, aimed for throw); the number
    of strikes simulated."""
    plain = first_strikes(t for t in search.tried if t.cand.kind == "pot")
    done = 0
    for top in best_options((t for t in search.tried if _keeps(t, search.me)), options):
        base = plain[top.cand.target, top.cand.pocket].cand
        for factor, tip in grid():
            if not search.budget.left():
                return done
            try_strike(search, base, factor, tip)
            done += 1
    return done
