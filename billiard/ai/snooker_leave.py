"""Snooker position play: what the cue ball's leave is worth to the player who keeps the table.

A break is a chain of pots, each played from where the last one left the cue ball, so a
leave is worth the next pot's chance *under the player's own noise* (not a club player's,
as the pool games' ease is) times what that pot is worth: its points and the break it lets
go on. After a red the colours are on and the black's 7 is worth more than the blue's 5;
after a colour a red. The estimate is geometric (ghost-ball aims, clear paths, the pocket's
acceptance: :func:`geometry.pot_aims`) and costs no simulation, so the search can judge
every candidate's leave, and every noisy copy's too: a shot whose cue ball travels far
leaves a different position with each error of speed and heading, and the mean over its
noisy outcomes says how well it controls the cue ball (speed control)."""

from __future__ import annotations

from billiard.ai.geometry import SIGMA_REF, Layout, chance, direct_pots, tolerance
from billiard.game.snooker import value as snooker_value
from billiard.table.model import Table

# points a kept break is still worth beyond the next pot (its continuation): 24, not the
# fourth session's 12, so the easier colour and the closer red weigh more against the
# black's extra points (visit drill, docs/computer-player.md: 9.8 -> 11.4 points a visit)
BREAK_ON = 24.0


def pot_worth(points: int) -> float:
    """0..1: what potting a ball of ``points`` is worth to a break, the black's 7 as 1."""
    return (BREAK_ON + points) / (BREAK_ON + 7)


def leave_value(layout: Layout, table: Table, cue: str, targets: tuple[str, ...], sigma: float) -> float:
    """0..1: the best next pot's chance under a heading error of ``sigma`` (rad), weighed by
    :func:`pot_worth` of the ball (0 when no direct pot is open). The pots are
    :func:`geometry.pot_aims`' direct ones (those of ease over 1e-3), every target at once."""
    if cue not in layout.index:
        return 0.0
    best = 0.0
    for d in direct_pots(layout, table, cue, tuple(dict.fromkeys(t for t in targets if t in layout.index))):
        tol = tolerance(d.d1, d.d2, d.cut, d.w, float(layout.r[layout.index[d.target]]))
        if chance(tol, SIGMA_REF) > 1e-3:
            best = max(best, pot_worth(snooker_value(d.target)) * chance(tol, sigma))
    return best
