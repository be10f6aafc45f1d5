"""Table presets: pocket positions and mouths, cushion noses, spots, custom tables."""

import math

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.physics.obstacles import Brick, Sphere
from billiard.physics.params import PRESETS
from billiard.table import TABLE_PRESETS, get_table
from billiard.table.cushion import nose_tilt
from billiard.table.spots import pool_spots

POCKETED = ("pool-7ft", "pool-8ft", "pool-9ft", "snooker")
NAMES = {"corner-top-left", "corner-top-right", "corner-bottom-left", "corner-bottom-right", "side-top", "side-bottom"}
INCH = 0.0254


def by_name(table, name):
    return next(o for o in table.obstacles if o.name == name)


@pytest.mark.parametrize(
    "name,length,width",
    [
        ("pool-7ft", 1.981, 0.991),
        ("pool-8ft", 2.337, 1.168),
        ("pool-9ft", 2.540, 1.270),
        ("snooker", 3.569, 1.778),
        ("carom", 2.84, 1.42),
    ],
)
def test_playing_areas(name, length, width):
    t = get_table(name)
    assert (t.name, t.length, t.width) == (name, length, width)
    assert t.cushion_height == pytest.approx(0.64 * 2 * PRESETS[t.ball_set].ball_radius)


@pytest.mark.parametrize("name", POCKETED)
def test_six_named_pockets_placed_symmetrically(name):
    t = get_table(name)
    assert {p.name for p in t.pockets} == NAMES
    hl, hw = t.half_length, t.half_width
    for p in t.pockets:
        x, y = p.center
        sy = 1 if "top" in p.name else -1
        assert np.sign(y) == sy and abs(y) > hw  # the hole is behind the nose line
        if p.kind == "corner":
            sx = -1 if "left" in p.name else 1
            assert np.sign(x) == sx
            assert abs(x) - hl == pytest.approx(abs(y) - hw, abs=1e-12)  # on the corner diagonal
            assert np.allclose(p.axis, (sx / math.sqrt(2), sy / math.sqrt(2)))
        else:
            assert x == 0.0 and np.allclose(p.axis, (0.0, sy))
        ball = PRESETS[t.ball_set].ball_radius
        assert 1.4 * ball < p.radius < p.mouth / 2 + 1e-12  # a ball falls through, smaller than the mouth


def test_pool_mouths_are_wpa():
    for name in ("pool-7ft", "pool-8ft", "pool-9ft"):
        t = get_table(name)
        for p in t.pockets:
            low, high = (4.5, 4.625) if p.kind == "corner" else (5.0, 5.125)
            assert low * INCH - 1e-9 <= p.mouth <= high * INCH + 1e-9
            assert p.mouth == pytest.approx(math.dist(*p.points))
    corner = get_table("pool-7ft").pocket("corner-top-left")
    assert corner.mouth == pytest.approx(0.118, abs=0.001)  # docs/physics.md reference
    snooker = get_table("snooker")
    assert snooker.pocket("corner-top-left").mouth < corner.mouth  # snooker pockets are tighter
    assert snooker.pocket("side-top").mouth < get_table("pool-7ft").pocket("side-top").mouth


@pytest.mark.parametrize("name", POCKETED)
def test_points_leave_room_for_a_ball_and_round_the_mouth(name):
    """Between the point spheres there is the mouth width (up to a fraction of the point
    radius: the sharp tips are rounded off), measured where a ball would touch them."""
    t = get_table(name)
    for p in t.pockets:
        s1, s2 = (by_name(t, f"point-{p.name}-{k}") for k in (1, 2))
        assert isinstance(s1, Sphere) and s1.center[2] > t.cushion_height
        # a ball on the bed touches a sphere at the nose height: its circle there has
        # radius rp cos(theta) (theta = cushion tilt)
        reach = s1.radius * math.cos(nose_tilt(t.cushion_height, PRESETS[t.ball_set].ball_radius))
        gap = math.dist(s1.center[:2], s2.center[:2]) - 2 * reach
        assert p.mouth - s1.radius < gap <= p.mouth + 1e-12  # facings converge behind the mouth
        assert gap > 2 * PRESETS[t.ball_set].ball_radius * 1.4
        # each sphere sits on the table side of nothing: its centre is behind the mouth line
        mid = np.mean(p.points, axis=0)
        assert (np.array(s1.center[:2]) - mid) @ np.array(p.axis) > 0


def _face(brick: Brick):
    return np.array(brick.origin), np.array(brick.normal)


@pytest.mark.parametrize("name", POCKETED + ("carom",))
def test_cushion_noses_are_on_the_playing_area_edge_at_the_real_height(name):
    t = get_table(name)
    R = PRESETS[t.ball_set].ball_radius
    h = t.cushion_height
    cushions = [o for o in t.obstacles if o.kind == "cushion"]
    assert len(cushions) == (6 if t.pockets else 4)
    for c in cushions:
        o, n = _face(c)
        inward = n[:2] / np.linalg.norm(n[:2])
        mid = o + np.array(c.e_long) * c.length / 2
        # a ball on the bed pressed against the cushion: its centre is R from the face ...
        edge = np.array([abs(inward[0]) * t.half_length, abs(inward[1]) * t.half_width])
        nose = mid[:2] - (mid[:2] - np.sign(mid[:2]) * edge) * np.abs(inward)  # on the nose line
        assert np.abs(nose) @ np.abs(inward) == pytest.approx((edge @ np.abs(inward)), abs=1e-12)
        centre = np.array([*(nose + inward * math.sqrt(R**2 - (h - R) ** 2)), R])
        assert (centre - o) @ n == pytest.approx(R, abs=1e-12)
        # ... and touches it at the nose height
        contact = centre - R * n
        assert contact[2] == pytest.approx(h, abs=1e-12)
        assert (np.array([*nose, h]) - o) @ n == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("name", POCKETED)
def test_cushions_end_at_the_points(name):
    """Each cushion nose stops where its point's rounding starts: within a point radius
    of a pocket point, never inside a mouth."""
    t = get_table(name)
    points = np.array([q for p in t.pockets for q in p.points])
    rp = by_name(t, "point-side-top-1").radius
    for c in (o for o in t.obstacles if o.kind == "cushion"):
        for end in (np.array(c.origin), np.array(c.origin) + c.length * np.array(c.e_long)):
            nearest = np.min(np.linalg.norm(points - end[:2], axis=1))
            assert nearest < rp


@pytest.mark.parametrize("name", POCKETED)
def test_jaws_and_liners_belong_to_pockets(name):
    t = get_table(name)
    names = [o.name for o in t.obstacles]
    assert len(names) == len(set(names))
    for p in t.pockets:
        jaws = [o for o in t.obstacles if o.kind == "jaw" and o.name.startswith(f"jaw-{p.name}-")]
        liner = [o for o in t.obstacles if o.kind == "pocket-wall" and o.name.startswith(f"liner-{p.name}-")]
        assert len(jaws) == 2 and len(liner) == 4
        for j in jaws:  # a facing starts at a point and runs away from the table
            ends = [np.array(j.origin)[:2], (np.array(j.origin) + j.length * np.array(j.e_long))[:2]]
            rp = by_name(t, f"point-{p.name}-1").radius
            assert min(math.dist(e, q) for e in ends for q in p.points) < rp + 0.004
            assert np.array(j.e_long)[:2] @ np.array(p.axis) != 0
        R = PRESETS[t.ball_set].ball_radius
        for b in liner:  # vertical bricks (width is the height) behind the hole, above a ball
            assert b.origin[2] + b.width > 2 * R and b.origin[2] < -R
            assert -np.array(b.normal)[:2] @ np.array(p.axis) > 0
            inner = (np.array(b.origin)[:2] - np.array(p.center)) @ -np.array(b.normal)[:2]
            assert inner == pytest.approx(p.radius + R + 0.001)


def test_pool_spots_and_head_string():
    t = get_table("pool-9ft")
    assert t.head_string_x == pytest.approx(-2.54 / 4)
    assert t.foot_spot == (2.54 / 4, 0.0)
    assert t.spots["head"] == (-2.54 / 4, 0.0)


def test_snooker_spots_are_wpbsa():
    t = get_table("snooker")
    s = t.spots
    bottom, top = -3.569 / 2, 3.569 / 2
    assert s["brown"][0] - bottom == pytest.approx(0.737) and t.head_string_x == s["brown"][0]
    assert t.d_radius == pytest.approx(0.292)
    assert s["yellow"] == (s["brown"][0], -0.292) and s["green"] == (s["brown"][0], 0.292)
    assert s["blue"] == (0.0, 0.0)
    assert s["pink"][0] == pytest.approx(top / 2) and top - s["black"][0] == pytest.approx(0.324)
    assert t.ball_set == "snooker" and t.foot_spot == s["pink"]


def test_carom_has_no_pockets():
    t = get_table("carom")
    assert t.pockets == () and t.ball_set == "carom"
    assert t.spots == pool_spots(2.84)


def test_custom_tables():
    smallest = get_table({"length": 0.5, "width": 0.3, "pockets": True})  # still has cushions between pockets
    assert all(c.length > 0.05 for c in smallest.obstacles if c.kind == "cushion")
    plain = get_table({"length": 2.0, "width": 1.0})
    assert plain.pockets == () and plain.ball_set == "pool"
    pocketed = get_table({"length": 2.0, "width": 1.0, "pockets": True})
    assert {p.name for p in pocketed.pockets} == NAMES
    assert pocketed.pocket("side-top").mouth == get_table("pool-9ft").pocket("side-top").mouth
    snooker = get_table({"length": 3.0, "width": 1.5, "pockets": True, "ball_set": "snooker"})
    assert snooker.pocket("corner-top-left").mouth == get_table("snooker").pocket("corner-top-left").mouth


@pytest.mark.parametrize(
    "spec,message",
    [
        ("pool-10ft", "unknown table"),
        (42, "preset name"),
        ({"length": 2.0}, "table.width: is required"),
        ({"length": 2.0, "width": 1.0, "pockets": "yes"}, "table.pockets: must be true or false, got a string"),
        (
            {"length": 2.0, "width": 1.0, "ball_set": "golf"},
            "table.ball_set: must be one of pool, snooker, carom, got 'golf'",
        ),
        ({"length": 2.0, "width": 1.0, "colour": "red"}, "table.colour: is not a known field \\(known: length, width,"),
        ({"length": "2.0", "width": 1.0}, "table.length: must be a number, got a string"),
        ({"length": 20.0, "width": 1.0}, "table.length: must be <= 10 m, got 20"),
    ],
)
def test_bad_table_specs_are_one_line_errors(spec, message):
    with pytest.raises(BilliardError, match=message):
        get_table(spec)


def test_presets_are_listed():
    assert set(TABLE_PRESETS) >= {"pool-7ft", "pool-8ft", "pool-9ft", "snooker", "carom"}


def test_a_preset_is_built_once_and_shared():
    """Reading a shot file mostly built its table; a preset is now built once per process."""
    assert get_table("pool-9ft") is get_table("pool-9ft")
    assert get_table("pool-9ft") is not get_table("pool-8ft")
    assert get_table({"length": 2.0, "width": 1.0}) is not get_table({"length": 2.0, "width": 1.0})
