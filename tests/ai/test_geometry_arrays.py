"""The aiming geometry in arrays (billiard/ai/geometry.py) against the one-path-at-a-time code it
replaced (billiard/ai/geometry_reference.py): the same aims, to the last bit, on random layouts of
every pocketed table (scattered balls, clusters, balls in the jaws)."""

from dataclasses import astuple

import numpy as np
import pytest

from billiard.ai import geometry as G
from billiard.ai import geometry_reference as R
from billiard.ai import indirect_aims as I
from billiard.ai import pockets as P
from billiard.table import TABLE_PRESETS, get_table

TABLES = [name for name in TABLE_PRESETS if get_table(name).pockets]


def rows(aims) -> list[tuple]:
    return [astuple(a) for a in aims]


@pytest.mark.parametrize("table_name", TABLES)
def test_the_arrays_give_the_reference_aims_bit_for_bit(table_name):
    table = get_table(table_name)
    rng = np.random.default_rng(sum(map(ord, table_name)))
    aims = problems = 0
    for _ in range(8):
        ids, xy, r = R.random_layout(rng, table, int(rng.integers(2, 17)))
        new, old = G.Layout(ids, xy.copy(), r.copy()), R.Layout(ids, xy.copy(), r.copy())
        balls = ids[1:]
        for t in balls:
            for banks in (False, True):
                got = rows(G.pot_aims(new, table, "cue", t, banks))
                assert got == rows(R.pot_aims(old, table, "cue", t, banks))
                aims += len(got)
            assert G.open_pockets(new, table, "cue", t) == R.open_pockets(old, table, "cue", t)
            assert rows(I.combo_aims(new, table, "cue", t)) == rows(R.combo_aims(old, table, "cue", t))
        assert G.best_ease(new, table, "cue", balls) == R.best_ease(old, table, "cue", balls)
        n = G.problem_balls(new, table, "cue", balls)
        assert n == R.problem_balls(old, table, "cue", balls)
        problems += n
        for _ in range(30):
            a = rng.uniform(-1.2, 1.2, 2)
            b = xy[int(rng.integers(len(xy)))].copy() if rng.random() < 0.5 else rng.uniform(-1.2, 1.2, 2)
            skip = tuple(ids[int(i)] for i in rng.integers(len(ids), size=int(rng.integers(0, 3))))
            assert G.clear(new, a, b, float(r[0]), skip) == R.clear(old, a, b, float(r[0]), skip)
    assert aims > 20 and problems > 0  # the layouts have pots to compare and blocked balls


def test_a_path_blocked_by_one_ball_among_many():
    """clear_paths: each path is judged on its own, the balls in ``skip`` never block."""
    layout = G.Layout(("cue", "1", "2"), np.array([[0.0, 0.0], [0.5, 0.0], [0.5, 0.3]]), np.full(3, 0.028575))
    ends = np.array([[1.0, 0.0], [1.0, 0.6], [0.0, 0.6], [0.0, 0.0]])  # through 1, through 2, past, none
    skip = layout.mask(("cue",))
    assert G.clear_paths(layout, np.zeros(2), ends, 0.028575, skip).tolist() == [False, False, True, True]
    skip_1 = layout.mask(("cue", "1"))
    assert G.clear_paths(layout, np.zeros(2), ends, 0.028575, skip_1).tolist() == [True, False, True, True]


def test_the_snooker_leave_is_the_one_pocket_at_a_time_value():
    """snooker_leave.leave_value (all reds and colours at once) against the loop over
    geometry_reference.pot_aims it replaced, on random snooker layouts."""
    from billiard.ai.snooker_leave import leave_value, pot_worth
    from billiard.game.snooker import value as snooker_value

    def reference(layout, table, cue, targets, sigma):
        best = 0.0
        for t in targets:
            if t not in layout.ids:
                continue
            w = pot_worth(snooker_value(t))
            if w <= best:
                continue
            for a in R.pot_aims(layout, table, cue, t):
                best = max(best, w * G.chance(a.tolerance, sigma))
        return best

    table = get_table("snooker")
    rng = np.random.default_rng(11)
    names = ("red-1", "red-2", "red-3", "red-4", "yellow", "green", "brown", "blue", "pink", "black")
    seen = 0.0
    for _ in range(25):
        _, xy, r = R.random_layout(rng, table, 11)
        ids = ("cue",) + names[: len(xy) - 1]
        new, old = G.Layout(ids, xy.copy(), r.copy()), R.Layout(ids, xy.copy(), r.copy())
        for targets in (ids[1:5], ids[5:], ids[1:]):
            for sigma in (0.004, 0.012):
                got = leave_value(new, table, "cue", targets, sigma)
                assert got == reference(old, table, "cue", targets, sigma)
                seen = max(seen, got)
    assert seen > 0.1


def test_the_pockets_worked_out_per_table_are_kept_while_the_table_lives():
    """pockets.mouths keeps each table's pockets in arrays (read-only, its own pockets'), by the
    table's identity, and lets them go with the table (a process that makes many tables keeps no
    old ones)."""
    import dataclasses
    import gc

    base = get_table("pool-9ft")
    tables = [dataclasses.replace(base, name=f"copy-{k}") for k in range(5)]
    for t in tables:
        m = P.mouths(t)
        assert m.pockets is t.pockets and not m.centre.flags.writeable
        assert np.array_equal(m.centre, [R.pocket_mouth(p)[0] for p in t.pockets])
        assert P.mouths(t) is m
    keys = {id(t) for t in tables}
    assert keys <= set(P._TABLES)
    del t, tables
    gc.collect()
    assert not keys & set(P._TABLES)
