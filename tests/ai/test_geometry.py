"""Ghost-ball aiming, blocked paths and the pot likelihood."""

import math

import numpy as np

from billiard.ai.geometry import Layout, best_ease, likelihood, pot_aims
from billiard.ai.pockets import pocket_mouth
from billiard.table import get_table

R = 0.028575


def layout(**balls):
    ids = tuple(balls)
    return Layout(ids, np.array([balls[b] for b in ids], float), np.full(len(ids), R))


def corner_line():
    """The 9 ft table, its top-right corner pocket, the unit vector from the centre to its
    mouth and an object ball 0.5 m short of the mouth on that line."""
    table = get_table("pool-9ft")
    pocket = next(p for p in table.pockets if p.name == "corner-top-right")
    mouth, _ = pocket_mouth(pocket)
    u = mouth / np.hypot(*mouth)
    return table, pocket, u, mouth - 0.5 * u


def test_straight_in_shot_aims_along_the_line():
    table, pocket, u, obj = corner_line()
    cue = obj - 0.6 * u
    aims = [a for a in pot_aims(layout(cue=cue, **{"1": obj}), table, "cue", "1") if a.pocket == pocket.name]
    assert len(aims) == 1
    a = aims[0]
    assert abs(a.cut_deg) < 1e-4
    assert abs(a.heading_deg - math.degrees(math.atan2(u[1], u[0])) % 360.0) < 1e-6
    assert a.ease > 0.5


def test_a_ball_in_the_way_blocks_the_pot():
    table, pocket, u, obj = corner_line()
    open_ = layout(cue=obj - 0.6 * u, **{"1": obj})
    blocked = layout(cue=obj - 0.6 * u, **{"1": obj, "2": obj + 0.25 * u})
    names = lambda lay: {a.pocket for a in pot_aims(lay, table, "cue", "1")}  # noqa: E731
    assert pocket.name in names(open_)
    assert pocket.name not in names(blocked)


def test_likelihood_falls_with_cut_and_distance():
    easy = likelihood(0.3, 0.3, 0.0, 0.04, R)
    long = likelihood(1.5, 1.5, 0.0, 0.04, R)
    thin = likelihood(0.3, 0.3, math.radians(70), 0.04, R)
    assert easy > long and easy > thin
    assert likelihood(0.3, 0.3, math.radians(80), 0.04, R) == 0.0


def test_best_ease_is_zero_when_nothing_is_open():
    table = get_table("pool-9ft")
    # the 1 is surrounded: no clear path to any pocket
    ring = {
        str(k + 2): (0.3 * 0 + 2.2 * R * math.cos(a), 2.2 * R * math.sin(a))
        for k, a in enumerate(np.linspace(0, 2 * math.pi, 8, endpoint=False))
    }
    lay = layout(cue=(-0.8, 0.0), **{"1": (0.0, 0.0)}, **ring)
    assert best_ease(lay, table, "cue", ("1",)) == 0.0
