"""Position play that steers the cue ball (level 5, 8-ball and 9-ball): for the best few
pot options whose leave is not already easy (or, in 8-ball, leaves a group ball with no open
pocket, which a firmer cue ball may break out of its cluster), a denser set of strikes than the fixed
variants (several speeds x draw, stun and follow) is simulated deterministically, each
judged by the leave it gives (the next ball's ease in 9-ball, the best of the group in
8-ball: :func:`evaluate.score`). The best of them then compete with the rest in the look
ahead and the noisy copies, so the player picks the speed and spin that leave the next ball
short and nearly straight instead of whichever of seven fixed strikes happens to."""

from __future__ import annotations

from dataclasses import replace

from billiard.ai.evaluate import next_ease, problems
from billiard.ai.search import Search, Tried, best_options
from billiard.ai.shots import MAX_POT_SPEED, MIN_SPEED, VARIANTS

# speed factors (x the pot speed) and vertical tip (radii: - draw, + follow) of the grid
STEER_SPEEDS = (0.7, 0.85, 1.0, 1.2, 1.45, 1.75, 2.1)
STEER_TIPS = (-0.45, -0.2, 0.05, 0.25, 0.45)
STEER_EASY = 0.85  # an option whose best leave already has this ease is not steered


def grid() -> list[tuple[float, tuple[float, float]]]:
    """The (speed factor, tip) strikes of the grid not already among the fixed variants."""
    have = set(VARIANTS)
    return [(f, (0.0, b)) for f in STEER_SPEEDS for b in STEER_TIPS if (f, (0.0, b)) not in have]


def steer(search: Search, options: int) -> int:
    """Simulate the grid for the ``options`` best pot options that went in as meant (their
    plain strike's aim, best option first); the number of strikes simulated."""
    made = [t for t in search.tried if t.cand.kind == "pot" and t.success and t.rollout is not None]
    plain: dict[tuple[str | None, str | None], Tried] = {}
    for t in made:
        plain.setdefault((t.cand.target, t.cand.pocket), t)  # the first tried of an option is its plain variant
    eight = search.rules.name == "8-ball"
    done = 0
    for top in best_options(made, options):
        assert top.rollout is not None
        stuck = eight and problems(top.rollout, search.table) > 0
        if next_ease(top.rollout, search.table) >= STEER_EASY and not stuck:
            continue  # already an easy leave (8-ball: and no group ball without a pocket): nothing to steer for
        base = plain[top.cand.target, top.cand.pocket].cand
        for factor, tip in grid():
            if not search.budget.left():
                return done
            speed = min(MAX_POT_SPEED, max(MIN_SPEED, base.strike.speed * factor))
            search.consider(replace(base, strike=base.strike.replace(speed=speed, tip=tip)))
            done += 1
    return done
