"""The compiled plan (billiard.physics.kernels: contact, pocket and transition times) against
the numpy reference: the same contacts with the same kinds and indices, times within 1e-9
relative, on random states and on real racks; the closed-form checks and the first 20
events of seeded breaks the same with both engines."""

import subprocess
import sys

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.physics import kernels
from billiard.physics.detect import OBSTACLE, BALL, PairIndex, compiled_hits, contact_hits
from billiard.physics.kernels.roots import roots_in as compiled_roots
from billiard.physics.motion import accelerations, compiled_kinematics, transition_times
from billiard.physics.obstacle_toi import table_features
from billiard.physics.params import POOL
from billiard.physics.pockets import Holes, entry_rows, next_events
from billiard.physics.polynomial import roots_in
from billiard.physics.state import Balls, Motion
from billiard.physics.world import World
from billiard.shot.shotfile import Shot
from billiard.shot.simulate import make_balls, simulate
from billiard.table import get_table
from billiard.validation import checks
from billiard.validation.speed_targets import break_shot_dict

pytestmark = pytest.mark.skipif(kernels.numba is None, reason="the compiled engine needs numba")

R = POOL.ball_radius
REL = 1e-9


def engine(name):
    return lambda b, t, p: World(b, t, p, engine=name)


def _random_balls(rng, n, table, flying=False):
    ids = [f"b{k}" for k in range(n)]
    hl, hw = 0.5 * table.length, 0.5 * table.width
    pos = np.column_stack([rng.uniform(-hl - 0.02, hl + 0.02, n), rng.uniform(-hw - 0.02, hw + 0.02, n), np.full(n, R)])
    b = Balls.create(ids, pos, POOL.ball_mass, R)
    b.vel[:, :2] = rng.normal(0.0, 2.0, (n, 2))
    b.omega[:] = rng.normal(0.0, 60.0, (n, 3))
    b.motion[:] = rng.choice([Motion.REST, Motion.SPINNING, Motion.SLIDING, Motion.ROLLING], n)
    b.vel[b.motion <= Motion.SPINNING] = 0.0
    roll = b.motion == Motion.ROLLING
    b.omega[roll, 0], b.omega[roll, 1] = -b.vel[roll, 1] / R, b.vel[roll, 0] / R
    if flying:
        up = rng.random(n) < 0.3
        b.motion[up] = Motion.AIRBORNE
        b.pos[up, 2] = R + rng.uniform(0.0, 0.05, up.sum())
        b.vel[up, 2] = rng.normal(0.0, 1.0, up.sum())
    b.motion[rng.random(n) < 0.05] = Motion.POCKETED
    return b


def _hits(t, kind, i, j):
    return sorted(zip(kind.tolist(), i.tolist(), j.tolist(), t.tolist()))


def _assert_same(ref, got, what):
    assert [h[:3] for h in ref] == [h[:3] for h in got], what
    for a, b in zip(ref, got):
        assert abs(a[3] - b[3]) <= REL * max(a[3], 1e-3), (what, a, b)


def _compare_plan(balls, table, horizon, muted=frozenset(), rows=None, pairs=None):
    """contact_hits + next_events (numpy) against compiled_hits; how many hits."""
    acc = accelerations(balls, POOL).full_acc
    features, holes = table_features(table.obstacles), Holes.from_table(table)
    pi, pj = pairs if pairs is not None else (PairIndex(len(balls)).i, PairIndex(len(balls)).j)
    rows = np.nonzero(balls.motion != Motion.POCKETED)[0] if rows is None else rows
    entries = entry_rows(balls, acc, holes, horizon) if holes.names else None
    t, kind, i, j, entry_t = contact_hits(
        balls, acc, horizon, pi, pj, rows, features, muted, 2.5e-7, None if entries is None else entries.coeffs
    )
    ref_pocket = next_events(balls, acc, holes, POOL, horizon, entries, entry_t)
    ct, ck, ci, cj, *got_pocket = compiled_hits(
        balls, acc, horizon, pi, pj, rows, features, muted, 2.5e-7, holes, POOL.g
    )
    ref, got = _hits(t, kind, i, j), _hits(ct, ck, ci, cj)
    _assert_same(ref, got, "contacts")
    assert np.array_equal(ref_pocket[1], got_pocket[1]) and np.array_equal(ref_pocket[2], got_pocket[2])
    fin = np.isfinite(ref_pocket[0])
    assert np.array_equal(fin, np.isfinite(got_pocket[0]))
    assert np.allclose(got_pocket[0][fin], ref_pocket[0][fin], rtol=REL, atol=1e-12)
    return len(ref)


@pytest.mark.parametrize("table_name", ["pool-9ft", "snooker", "carom"])
def test_random_states_give_the_same_contacts_and_pocket_entries(table_name):
    rng = np.random.default_rng(14)
    table = get_table(table_name)
    found = 0
    for trial in range(60):
        balls = _random_balls(rng, 12, table, flying=trial % 2 == 1)
        found += _compare_plan(balls, table, float(rng.choice([0.25, 0.05, 0.01])))
    assert found > 100  # the states do meet balls, cushions and jaws


def test_balls_falling_into_the_holes_meet_the_same_wall_drop_or_exit():
    rng = np.random.default_rng(11)
    table = get_table("pool-9ft")
    holes = Holes.from_table(table)
    codes = set()
    for _ in range(40):
        balls = _random_balls(rng, 12, table)
        k = rng.integers(0, len(holes.names), 6)
        off = rng.uniform(0.0, 0.9, 6)[:, None] * holes.radius[k, None] * _unit(rng.normal(size=(6, 2)))
        balls.pos[:6, :2] = holes.center[k] + off
        balls.pos[:6, 2] = rng.uniform(-R, 1.5 * R, 6)
        balls.vel[:6] = rng.normal(0.0, 1.0, (6, 3))
        balls.motion[:6] = Motion.AIRBORNE
        _compare_plan(balls, table, float(rng.choice([0.25, 0.05])))
        codes |= set(next_events(balls, accelerations(balls, POOL).full_acc, holes, POOL, 0.25)[1].tolist())
    assert {2, 3, 4} <= codes  # WALL, EXIT and DROP all met


def _unit(a):
    return a / np.linalg.norm(a, axis=1)[:, None]


def test_muted_contacts_and_a_subset_of_rows_match_too():
    rng = np.random.default_rng(3)
    table = get_table("pool-9ft")
    for _ in range(30):
        balls = _random_balls(rng, 10, table)
        muted = frozenset({(BALL, 0, 1), (BALL, 2, 5), (OBSTACLE, 3, 7), (OBSTACLE, 4, 0)})
        pairs = PairIndex(len(balls))
        some = (pairs.i < 4) | (pairs.j == 7)
        _compare_plan(balls, table, 0.2, muted, rows=np.array([0, 3, 4, 8]), pairs=(pairs.i[some], pairs.j[some]))


def test_touching_rack_and_balls_on_the_cushions_match():
    """The states where first_entry's 'touching' rules apply: a frozen rack (every gap zero)
    and balls pressed on cushion noses, moving in, out and along."""
    shot = Shot.from_dict(break_shot_dict("8-ball", 0))
    table = shot.table
    balls = make_balls(shot.layout, shot.params)
    rng = np.random.default_rng(5)
    for _ in range(20):
        b = balls.copy()
        b.vel[:, :2] = rng.normal(0.0, 0.5, (len(b), 2))
        b.motion[:] = Motion.SLIDING
        _compare_plan(b, table, 0.1)
    hl = 0.5 * table.length
    b = Balls.create(
        ["a", "b", "c"],
        [(hl - R, 0.1, R), (hl - R, -0.2, R), (0.3, 0.5 * table.width - R, R)],
        POOL.ball_mass,
        R,
        vel=[(0.5, 0.0, 0.0), (-0.5, 0.1, 0.0), (1.0, 0.0, 0.0)],
    )
    b.motion[:] = Motion.SLIDING
    assert _compare_plan(b, table, 0.1) >= 1


def test_states_along_real_breaks_match_at_every_event():
    """Every plan of a 9-ball and a 15-ball break (numpy engine), planned again by both."""
    compared = 0
    for rack in ("9-ball", "8-ball"):
        shot = Shot.from_dict(break_shot_dict(rack, 1))
        w = World(make_balls(shot.layout, shot.params), shot.table, shot.params, engine="numpy")
        w.strike("cue", 8.0, 0.0, 0.0)
        for _ in range(240):
            if w.step():
                compared += _compare_plan(w.balls, shot.table, 0.05, frozenset(w._muted))
    assert compared > 50


def test_roots_match_the_eigenvalue_solver():
    rng = np.random.default_rng(1)
    out = np.empty(4)
    rows = []
    for _ in range(2000):
        deg = rng.integers(1, 5)
        roots = rng.uniform(-0.5, 1.5, deg)
        c = np.zeros(5)
        c[4 - deg :] = np.poly(roots) * rng.uniform(0.1, 10.0)
        rows.append(c)
    rows.append(np.array([0.0, 0.0, 1.0, -1.0, 0.25]))  # a double root at 0.5
    rows.append(np.array([1e-30, 0.0, 1.0, -0.3, 0.0]))  # a negligible leading term, a root at 0
    c = np.array(rows)
    for horizon in (1.0, 0.25):
        ref = roots_in(c, horizon)
        for k, row in enumerate(c):
            n = compiled_roots(*row, horizon, out, np.empty((6, 5)))
            want = ref[k][np.isfinite(ref[k])]
            want = want[np.r_[True, np.diff(want) > 1e-9]] if len(want) else want  # a double root once
            assert n == len(want), (row, want, out[:n])
            assert np.allclose(out[:n], want, rtol=1e-9, atol=1e-12), (row, want, out[:n])


@pytest.mark.parametrize("model", ["force", "torque"])
def test_accelerations_and_transition_times_match(model):
    rng = np.random.default_rng(8)
    table = get_table("pool-9ft")
    holes = Holes.from_table(table)
    params = POOL.with_overrides({"rolling_model": model})
    for _ in range(40):
        b = _random_balls(rng, 12, table, flying=True)
        over = rng.random(len(b)) < 0.2  # some fly over a hole's middle
        b.pos[over, :2] = holes.center[rng.integers(0, len(holes.names), over.sum())]
        ref = accelerations(b, params)
        rel = transition_times(b, params)
        rel[holes.falling(b)] = np.inf
        kin, got = compiled_kinematics(b, params, holes.center, holes.radius)
        assert np.array_equal(np.arange(len(b))[ref.idx], np.arange(len(b))[kin.idx])
        assert np.allclose(kin.full_acc, ref.full_acc, rtol=1e-12, atol=1e-12)
        assert np.allclose(kin.acc, ref.acc, rtol=1e-12, atol=1e-12)
        assert np.allclose(kin.alpha, ref.alpha, rtol=1e-12, atol=1e-12)
        assert np.array_equal(kin.spin_rate, ref.spin_rate) and kin.z_spin == ref.z_spin
        assert (kin.decay is None) == (ref.decay is None)
        if ref.decay is not None:
            assert np.array_equal(kin.decay, ref.decay)
        assert np.array_equal(np.isfinite(rel), np.isfinite(got))
        assert np.allclose(got[np.isfinite(rel)], rel[np.isfinite(rel)], rtol=1e-12)


def test_every_closed_form_check_passes_with_both_engines():
    for name in ("compiled", "numpy"):
        failed = [r for r in checks.all_checks(POOL, engine(name)) if not r.ok]
        assert not failed, (name, [f"{r.quantity}: {r.error}" for r in failed])


@pytest.mark.parametrize("rack,seed", [("9-ball", 0), ("9-ball", 1), ("10-ball", 2), ("8-ball", 1)])
def test_breaks_first_20_events_match_between_engines(rack, seed):
    shot = break_shot_dict(rack, seed)
    fast = simulate(shot, world_factory=engine("compiled"))
    ref = simulate(shot, world_factory=engine("numpy"))
    assert len(fast.events) >= 20
    for f, r in zip(fast.events[:20], ref.events[:20]):
        assert (f.type, f.balls) == (r.type, r.balls)
        assert abs(f.t - r.t) < 1e-9


def test_incremental_plan_runs_on_the_compiled_engine_too():
    shot = break_shot_dict("9-ball", 0)
    fast = simulate(shot, world_factory=lambda b, t, p: World(b, t, p, replan="incremental", engine="compiled"))
    ref = simulate(shot, world_factory=lambda b, t, p: World(b, t, p, replan="incremental", engine="numpy"))
    for f, r in zip(fast.events[:20], ref.events[:20]):
        assert (f.type, f.balls) == (r.type, r.balls) and abs(f.t - r.t) < 1e-9


def test_engine_is_chosen_by_argument_and_environment():
    table = get_table({"length": 2.0, "width": 1.0})
    balls = Balls.create(["cue"], [(0.0, 0.0, R)], POOL.ball_mass, R)
    assert World(balls, table, POOL).engine == kernels.ENGINE
    assert World(balls, table, POOL, engine="numpy").engine == "numpy"
    with pytest.raises(BilliardError):
        World(balls, table, POOL, engine="fortran")
    code = "from billiard.physics import kernels; print(kernels.ENGINE)"
    for env, want in (("numpy", "numpy"), ("compiled", "compiled"), ("bogus", "numpy")):
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**__import__("os").environ, "BILLIARD_ENGINE": env},
        ).stdout.strip()
        assert out == want, env
