"""Where the computer puts the cue ball in hand: always a spot the rules allow
(``game.spotting.in_hand_ok``), chosen for the easiest pot it leaves.

Spots are generated behind the ghost ball of each promising (target, pocket) pair, at a few
distances and small cut angles, plus spots drawn at random over the allowed region; each is
checked with ``in_hand_ok`` and rated with the pot likelihood of :mod:`geometry`."""

from __future__ import annotations

import math

import numpy as np

from billiard.ai.geometry import Layout, best_ease, direct_hits
from billiard.ai.pockets import pocket_mouth
from billiard.game import IN_HAND_D, IN_HAND_KITCHEN
from billiard.game.spotting import in_hand_ok
from billiard.physics.state import Balls
from billiard.table.model import Table

DISTANCES = (0.18, 0.32, 0.55)
ANGLES = (0.0, 12.0, -12.0, 25.0, -25.0)
RANDOM_SPOTS = 24
MAX_PAIRS = 10
HIT_ONLY = 1e-4  # the rating of a spot with no pot but a legal ball to hit straight


def _random_spot(kind: str, table: Table, r: float, rng: np.random.Generator) -> tuple[float, float]:
    hl, hw = table.half_length - r, table.half_width - r
    if kind == IN_HAND_D:
        a = rng.uniform(math.pi / 2, 3 * math.pi / 2)
        rad = table.d_radius * math.sqrt(rng.uniform())
        return table.head_string_x + rad * math.cos(a), rad * math.sin(a)
    x_hi = table.head_string_x if kind == IN_HAND_KITCHEN else hl
    return float(rng.uniform(-hl, x_hi)), float(rng.uniform(-hw, hw))


def candidate_spots(
    kind: str, table: Table, balls: Balls, cue: str, targets: tuple[str, ...], rng: np.random.Generator
) -> list[tuple[float, float]]:
    """Legal spots worth rating (never an illegal one)."""
    layout = Layout.of(balls)
    r = float(balls.radius[balls.index(cue)])
    pairs = []
    for t in targets:
        if t not in layout.ids:
            continue
        o = layout.at(t)
        for p in table.pockets:
            mouth, half = pocket_mouth(p)
            d2 = float(np.hypot(*(mouth - o)))
            pairs.append((half / max(d2, r), o, (mouth - o) / max(d2, 1e-9)))
    pairs.sort(key=lambda x: -x[0])
    spots = []
    for _, o, u in pairs[:MAX_PAIRS]:
        ghost = o - 2 * r * u
        back = math.atan2(-u[1], -u[0])
        for dist in DISTANCES:
            for ang in ANGLES:
                a = back + math.radians(ang)
                spots.append((float(ghost[0] + dist * math.cos(a)), float(ghost[1] + dist * math.sin(a))))
    spots += [_random_spot(kind, table, r, rng) for _ in range(RANDOM_SPOTS)]
    return [s for s in spots if in_hand_ok(kind, table, balls, cue, *s)]


def choose_spot(
    kind: str, table: Table, balls: Balls, cue: str, targets: tuple[str, ...], rng: np.random.Generator, keep: int = 1
) -> list[tuple[float, float]]:
    """The ``keep`` best legal spots, best first (the cue ball's own spot when no other is
    legal and it is)."""
    spots = candidate_spots(kind, table, balls, cue, targets, rng)
    layout = Layout.of(balls) if cue in Layout.of(balls).ids else None
    rated = []
    for s in spots:
        lay = _with_cue(balls, cue, s)
        ease = best_ease(lay, table, cue, targets)
        if ease <= 0.0:  # no pot from here: at least a legal ball in plain sight (a safety, not a kick)
            ease = HIT_ONLY if any(t in lay.ids and direct_hits(lay, cue, t) for t in targets) else 0.0
        rated.append((ease, s))
    rated.sort(key=lambda x: -x[0])
    out = [s for _, s in rated[:keep]]
    if not out and layout is not None:
        x, y = layout.at(cue)
        here = (float(x), float(y))
        if in_hand_ok(kind, table, balls, cue, *here):
            out = [here]
    return out


def _with_cue(balls: Balls, cue: str, xy: tuple[float, float]) -> Layout:
    b = balls.copy()
    i = b.index(cue)
    b.pos[i, :2] = xy
    b.motion[i] = 0
    b.pocket[i] = None
    return Layout.of(b)
