"""Position play that steers the cue ball (level 5, 8-ball and 9-ball): for the best few
pot options whose leave is not already easy (or, in 8-ball, leaves a group ball with no open
pocket, which a firmer cue ball may break out of its cluster), a denser set of strikes than the fixed
variants (several speeds x draw, stun and follow) is simulated deterministically, each
judged by the leave it gives (the next ball's ease in 9-ball, the best of the group in
8-ball: :func:`evaluate.score`). The best of them then compete with the rest in the look
ahead and the noisy copies, so the player picks the speed and spin that leave the next ball
short and nearly straight instead of whichever of seven fixed strikes happens to."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from billiard.ai.evaluate import next_ease, problems
from billiard.ai.search import Search, Tried, best_options
from billiard.ai.shots import VARIANTS, Candidate, pot_pace

# speed factors (x the pot speed) and vertical tip (radii: - draw, + follow) of the grid
STEER_SPEEDS = (0.7, 0.85, 1.0, 1.2, 1.45, 1.75, 2.1)
STEER_TIPS = (-0.45, -0.2, 0.05, 0.25, 0.45)
STEER_EASY = 0.85  # an option whose best leave already has this ease is not steered
# side spin (level 5, ``steer_side``): the fixed side variants' sideways offset, at these speed
# factors and tip heights; each aimed as its fixed side variant was (squirt, swerve and throw
# depend mostly on the side, which is the same)
SIDE = 0.25
SIDE_SPEEDS = (0.75, 1.0, 1.3, 1.75)
SIDE_TIPS = (-0.35, 0.1, 0.35)


Grid = list[tuple[float, tuple[float, float]]]  # (speed factor, tip) strikes


def strike_grid(
    speeds: tuple[float, ...],
    tips: tuple[float, ...],
    fixed: Iterable[tuple[float, tuple[float, float]]],
    side: Grid | None = None,
) -> Grid:
    """Every speed factor x vertical tip (then the ``side`` strikes), less those already
    among the ``fixed`` variants (tried with every option anyway)."""
    have = set(fixed)
    return [g for g in [(f, (0.0, b)) for f in speeds for b in tips] + (side or []) if g not in have]


def first_strikes(tried: Iterable[Tried]) -> dict[tuple[str | None, str | None], Tried]:
    """The first tried strike of each pot option (target and pocket): its plain variant,
    aimed for throw, which the grids vary."""
    plain: dict[tuple[str | None, str | None], Tried] = {}
    for t in tried:
        plain.setdefault((t.cand.target, t.cand.pocket), t)
    return plain


def try_strike(search: Search, base: Candidate, factor: float, tip: tuple[float, float]) -> None:
    """Simulate ``base`` at ``factor`` x its speed (within the pots' range) with ``tip``."""
    speed = pot_pace(base.strike.speed * factor)
    search.consider(replace(base, strike=base.strike.replace(speed=speed, tip=tip)))


def grid(side: bool = False) -> Grid:
    """The (speed factor, tip) strikes of the grid not already among the fixed variants
    (with ``side``: the side-spin strikes too, left side first)."""
    sided = [(f, (s * SIDE, b)) for s in (-1.0, 1.0) for f in SIDE_SPEEDS for b in SIDE_TIPS] if side else []
    return strike_grid(STEER_SPEEDS, STEER_TIPS, VARIANTS, sided)


def steer(search: Search, options: int, side: bool = False) -> int:
    """Simulate the grid for the ``options`` best pot options that went in as meant (their
    plain strike's aim, or for a side-spin strike the aim of the fixed variant with that side;
    best option first); the number of strikes simulated."""
    made = [t for t in search.tried if t.cand.kind == "pot" and t.success and t.rollout is not None]
    plain = first_strikes(made)
    sided: dict[tuple[str | None, str | None, float], Tried] = {}
    for t in search.tried:
        if t.cand.kind == "pot" and t.cand.strike.tip[0] != 0.0:  # aimed for its side, whether it went in or not
            sided.setdefault((t.cand.target, t.cand.pocket, t.cand.strike.tip[0]), t)
    eight = search.rules.name == "8-ball"
    done = 0
    for top in best_options(made, options):
        assert top.rollout is not None
        stuck = eight and problems(top.rollout, search.table, search.eight) > 0
        if next_ease(top.rollout, search.table) >= STEER_EASY and not stuck:
            continue  # already an easy leave (8-ball: and no group ball without a pocket): nothing to steer for
        for factor, tip in grid(side):
            if not search.budget.left():
                return done
            if tip[0]:
                aimed = sided.get((top.cand.target, top.cand.pocket, tip[0]))
                if aimed is None:
                    continue
                base = aimed.cand
            else:
                base = plain[top.cand.target, top.cand.pocket].cand
            try_strike(search, base, factor, tip)
            done += 1
    return done
