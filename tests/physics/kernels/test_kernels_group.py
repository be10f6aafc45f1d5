"""The compiled group solver (billiard.physics.kernels.group_wave) against its numpy reference
(billiard.physics.group.wave.solve_wave with nnls.py and friction.py): the same velocities,
spins and impulses to round-off on random touching clusters (with and without a cushion,
mixed restitution, friction along the impulse), Newton's cradle exactly, its NNLS against
SciPy's, and the same events from a World on a frozen rack."""

import math

import numpy as np
import pytest

from billiard.physics import kernels
from billiard.physics.group import solve_wave
from billiard.physics.params import POOL
from billiard.physics.state import Balls, Motion
from billiard.physics.world import World
from billiard.table import get_table
from tests.physics.group.helpers import frozen_line, random_cluster

pytestmark = pytest.mark.skipif(kernels.numba is None, reason="the compiled engine needs numba")


def _compiled(group):
    from billiard.physics.group.engine import solve_wave_compiled

    return solve_wave_compiled(group)


def _assert_same(ref, fast, group, rtol=1e-11):
    speed = max(float(np.abs(ref.vel).max()), float(np.abs(ref.omega * group.radius[:, None]).max()))
    np.testing.assert_allclose(fast.vel, ref.vel, rtol=0, atol=rtol * speed)
    np.testing.assert_allclose(fast.omega * group.radius[:, None], ref.omega * group.radius[:, None], atol=rtol * speed)
    impulse = max(float(ref.normal_impulse.max()), 1e-30)
    np.testing.assert_allclose(fast.normal_impulse, ref.normal_impulse, rtol=0, atol=rtol * impulse)
    np.testing.assert_allclose(fast.friction_impulse, ref.friction_impulse, rtol=0, atol=rtol * impulse)


@pytest.mark.parametrize("seed", range(3))
def test_compiled_wave_equals_the_reference_on_random_clusters(seed):
    rng = np.random.default_rng(seed)
    parts = 0
    for trial in range(20):
        group = random_cluster(rng, int(rng.integers(2, 8)), obstacle=bool(trial % 2))
        ref, fast = solve_wave(group), _compiled(group)
        _assert_same(ref, fast, group)
        parts += bool(np.any(ref.friction_impulse))
    assert parts > 10  # friction acted in most of them


@pytest.mark.parametrize("n", [2, 3, 5])
def test_compiled_cradle_passes_the_speed_down_the_line(n):
    result = _compiled(frozen_line(n, v0=2.0, e=1.0))
    expected = np.zeros(n + 1)
    expected[-1] = 2.0
    np.testing.assert_allclose(result.vel[:, 0], expected, atol=1e-12)
    np.testing.assert_allclose(result.normal_impulse, 2.0 * 0.170097, rtol=1e-12)


def test_compiled_double_cut_uses_friction_along_the_impulse():
    """The cue ball into two touching balls at once, with friction: the normal impulses change
    the slips, so the reference splits the impulse into parts; the kernel must too."""
    from billiard.physics.group import make_group

    r, m = 0.028575, 0.170097
    cut = math.radians(30.0)
    o1 = np.array([2 * r * math.cos(cut), 2 * r * math.sin(cut), r])
    o2 = o1 * [1, -1, 1]
    cue = np.array([0.0, 0.0, r])
    normals = [(cue - o) / np.linalg.norm(cue - o) for o in (o1, o2)]
    group = make_group(
        [cue, o1, o2],
        [[3.0, 0, 0], [0, 0, 0], [0, 0, 0]],
        np.zeros((3, 3)),
        m,
        r,
        [0, 0],
        [1, 2],
        normals,
        [o + r * n for o, n in zip((o1, o2), normals)],
        0.95,
        0.06,
    )
    ref, fast = solve_wave(group), _compiled(group)
    _assert_same(ref, fast, group)
    angle = math.degrees(math.atan2(fast.vel[1, 1], fast.vel[1, 0]))
    assert angle != pytest.approx(30.0, abs=0.5)  # thrown: friction acted
    assert math.degrees(math.atan2(fast.vel[2, 1], fast.vel[2, 0])) == pytest.approx(-angle, abs=1e-9)


def test_compiled_nnls_equals_scipy():
    scipy_optimize = pytest.importorskip("scipy.optimize")
    from billiard.physics.kernels.group_nnls import nnls

    rng = np.random.default_rng(7)
    for trial in range(60):
        m, n = int(rng.integers(3, 30)), int(rng.integers(1, 12))
        c = rng.normal(size=(m, n))
        if trial % 3 == 0 and n > 2:
            c[:, 1] = c[:, 0]  # dependent columns: the minimiser c @ p is still unique
        d = rng.normal(size=m)
        p = nnls(c, d)
        ref, _ = scipy_optimize.nnls(c, d)
        assert np.all(p >= 0.0)
        np.testing.assert_allclose(c @ p, c @ ref, atol=1e-9 * (1 + np.abs(d).max()))


def _rack_world(engine: str) -> World:
    """A frozen 15-ball triangle, the cue ball striking its apex at 6 m/s: touching groups."""
    r = POOL.ball_radius
    pos = []
    for row in range(5):
        for k in range(row + 1):
            pos.append([0.6 + row * math.sqrt(3.0) * r, (2 * k - row) * r, r])
    pos.append([0.6 - 2 * r - 1e-4, 0.0, r])
    vel = np.zeros((len(pos), 3))
    vel[-1, 0] = 6.0
    balls = Balls.create([str(k) for k in range(len(pos))], pos, POOL.ball_mass, r, vel=vel)
    balls.motion[-1] = Motion.SLIDING
    return World(balls, get_table("pool-9ft"), POOL, engine=engine)


def test_compiled_engine_resolves_a_frozen_rack_like_the_reference():
    """The break of a frozen rack: the first group (cue ball on the apex, every ball touching)
    gives the same hits and, after it, the same velocities in both engines."""
    out = []
    for engine in ("numpy", "compiled"):
        w = _rack_world(engine)
        hits = []
        while not hits:
            hits = [e for e in w.step() if e.type == "ball-ball"]
        out.append((w, hits))
    (ref, ref_hits), (fast, fast_hits) = out
    assert len(ref_hits) > 3  # a group, not a lone contact
    assert [(e.t, e.balls) for e in fast_hits] == [(e.t, e.balls) for e in ref_hits]
    for a, b in zip(fast_hits, ref_hits):
        assert a.info["speed"] == pytest.approx(b.info["speed"], rel=1e-9)
    np.testing.assert_allclose(fast.balls.vel, ref.balls.vel, atol=1e-9)
    np.testing.assert_allclose(fast.balls.pos, ref.balls.pos, atol=1e-12)
