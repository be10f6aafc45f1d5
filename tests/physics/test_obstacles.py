"""Annex B obstacles: closest points and times of impact on faces, edges and corners."""

import numpy as np
import pytest

from billiard.physics.obstacle_distance import closest_point
from billiard.physics.obstacle_toi import Features, obstacle_hits
from billiard.physics.obstacles import Brick, Plane, PlanePortion, Sphere
from billiard.physics.polynomial import roots_in

RNG = np.random.default_rng(7)


def rotation(rng):
    q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    return q * np.sign(np.linalg.det(q))


def rotated_brick(rng=RNG):
    rot = rotation(rng)
    n, el = rot[:, 0], rot[:, 1]
    return Brick(
        origin=tuple(rng.normal(size=3)), normal=tuple(n), e_long=tuple(el), length=0.8, width=0.3, height=0.2, name="b"
    )


def local(b: Brick):
    """Brick frame: corner o, axes (e_L, e_l, -n) with extents (L, l, h)."""
    n, el = np.array(b.normal), np.array(b.e_long)
    axes = np.stack([el, np.cross(n, el), -n])
    return np.array(b.origin), axes, np.array([b.length, b.width, b.height])


def box_closest(b: Brick, x):
    o, axes, ext = local(b)
    c = np.clip(axes @ (x - o), 0.0, ext)
    return o + axes.T @ c


def box_distance(b, x):
    return np.linalg.norm(x - box_closest(b, x))


def test_brick_closest_point_matches_box_clamp_outside():
    for _ in range(50):
        b = rotated_brick()
        o, axes, ext = local(b)
        for _ in range(20):
            c = RNG.uniform(-0.5, 1.5, 3) * ext
            if np.all((c >= 0) & (c <= ext)):
                continue
            x = o + axes.T @ c
            np.testing.assert_allclose(closest_point(b, x), box_closest(b, x), atol=1e-12)


@pytest.mark.parametrize("where", ["face", "edge", "corner"])
def test_closest_point_on_each_feature(where):
    b = rotated_brick(np.random.default_rng(3))
    o, axes, ext = local(b)
    target = {
        "face": np.array([0.5, 0.5, 0.0]),
        "edge": np.array([0.5, 0.0, 0.0]),
        "corner": np.array([0.0, 0.0, 0.0]),
    }[where] * ext
    outward = {"face": [0, 0, -1], "edge": [0, -1, -1], "corner": [-1, -1, -1]}[where]
    outward = np.array(outward, float) / np.linalg.norm(outward)
    p = o + axes.T @ target
    x = p + axes.T @ outward * 0.05
    np.testing.assert_allclose(closest_point(b, x), p, atol=1e-12)


def test_sphere_plane_and_portion_closest_points():
    s = Sphere((1.0, 0.0, 0.0), 0.5)
    np.testing.assert_allclose(closest_point(s, [3.0, 0.0, 0.0]), [1.5, 0, 0])
    pl = Plane((0, 0, 1.0), (0, 0, 1.0))
    np.testing.assert_allclose(closest_point(pl, [2.0, 3.0, 5.0]), [2, 3, 1])
    pp = PlanePortion((0, 0, 0), (0, 0, 1.0), (1.0, 0, 0), 2.0, 1.0)
    np.testing.assert_allclose(closest_point(pp, [3.0, -1.0, 2.0]), [2, 0, 0])
    np.testing.assert_allclose(closest_point(pp, [1.0, 0.5, -2.0]), [1, 0.5, 0])


def brute_first_contact(b, p, v, a, r, horizon, samples=20001):
    ts = np.linspace(0, horizon, samples)
    xs = p + np.outer(ts, v) + 0.5 * np.outer(ts * ts, a)
    o, axes, ext = local(b)
    c = (xs - o) @ axes.T
    d = np.linalg.norm(c - np.clip(c, 0.0, ext), axis=1) - r
    hit = np.nonzero(d <= 0)[0]
    return (ts[hit[0]] if len(hit) else None), ts[1] - ts[0]


@pytest.mark.parametrize("where", ["face", "edge", "corner"])
def test_time_of_impact_on_rotated_brick(where):
    rng = np.random.default_rng({"face": 11, "edge": 12, "corner": 13}[where])
    r = 0.03
    checked = 0
    for _ in range(12):
        b = rotated_brick(rng)
        o, axes, ext = local(b)
        frac = {
            "face": [rng.uniform(0.1, 0.9), rng.uniform(0.1, 0.9), 0.0],
            "edge": [rng.uniform(0.1, 0.9), 0.0, 0.0],
            "corner": [0.0, 0.0, 0.0],
        }[where]
        aim = o + axes.T @ (np.array(frac) * ext)
        away = {"face": [0, 0, -1], "edge": [0, -1, -1], "corner": [-1, -1, -1]}[where]
        away = axes.T @ (np.array(away, float) / np.linalg.norm(away))
        start = aim + 0.4 * away + rng.normal(scale=0.02, size=3)
        v = (aim - start) / 0.05 + rng.normal(scale=0.5, size=3)
        a = rng.normal(scale=2.0, size=3)
        feats = Features.from_obstacles((b,))
        t, ball, ob = obstacle_hits(start[None], v[None], a[None], np.array([r]), np.array([10.0]), 0.1, feats)
        expect, step = brute_first_contact(b, start, v, a, r, 0.1)
        if expect is None:
            assert len(t) == 0 or t.min() > 0.1 - step
            continue
        toi = t.min()
        assert toi == pytest.approx(expect, abs=step)
        x = start + v * toi + 0.5 * a * toi * toi
        assert box_distance(b, x) == pytest.approx(r, abs=1e-9)
        checked += 1
    assert checked >= 8


def test_time_of_impact_sphere_and_plane():
    feats = Features.from_obstacles((Sphere((1.0, 0.0, 0.0), 0.1), Plane((0, 0, 0), (0, 0, 1.0))))
    p = np.array([[0.0, 0.0, 0.5]])
    v = np.array([[2.0, 0.0, 0.0]])
    a = np.array([[0.0, 0.0, -9.81]])
    t, _, ob = obstacle_hits(p, v, a, np.array([0.03]), np.array([5.0]), 1.0, feats)
    plane_t = t[ob == 1].min()
    assert plane_t == pytest.approx(np.sqrt(2 * 0.47 / 9.81), rel=1e-12)
    t, _, ob = obstacle_hits(
        np.array([[0.0, 0.0, 0.0]]), v, np.zeros((1, 3)), np.array([0.03]), np.array([5.0]), 1.0, feats
    )
    assert t[ob == 0].min() == pytest.approx((1.0 - 0.13) / 2.0, rel=1e-12)


def test_polynomial_roots():
    # (t - 0.1)(t - 0.3)(t - 0.7)(t + 2) and a quadratic with a double root
    c = np.array([np.poly([0.1, 0.3, 0.7, -2.0]), [0, 0, 1.0, -1.0, 0.25]])
    r = roots_in(c, 1.0)
    np.testing.assert_allclose(r[0, :3], [0.1, 0.3, 0.7], atol=1e-12)
    assert np.isnan(r[0, 3])
    assert r[1, 0] == pytest.approx(0.5, abs=1e-6)


def test_closest_point_from_inside_a_brick_is_on_the_nearest_face():
    b = rotated_brick(np.random.default_rng(5))
    o, axes, ext = local(b)
    c = np.array([0.4 * ext[0], 0.5 * ext[1], 0.02])  # 2 cm under face 1
    x = o + axes.T @ c
    expect = o + axes.T @ np.array([c[0], c[1], 0.0])
    np.testing.assert_allclose(closest_point(b, x), expect, atol=1e-12)


def test_broad_phase_keeps_far_obstacles_out():
    far = Brick((10.0, 10.0, 0.0), (0, 0, 1.0), (1.0, 0, 0), 1.0, 1.0, 1.0)
    near = Brick((0.5, -0.5, 0.5), (-1.0, 0, 0), (0, 1.0, 0), 1.0, 0.5, 0.2)  # x in [0.5, 0.7], z in [0, 0.5]
    feats = Features.from_obstacles((far, near))
    t, _, ob = obstacle_hits(
        np.array([[0.0, 0.0, 0.25]]),
        np.array([[1.0, 0.0, 0.0]]),
        np.zeros((1, 3)),
        np.array([0.03]),
        np.array([1.0]),
        1.0,
        feats,
    )
    assert set(ob.tolist()) == {1}
    assert t.min() == pytest.approx(0.47, abs=1e-12)
