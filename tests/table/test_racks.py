"""Racks: the right balls on the right spots, touching within the jitter, never overlapping."""

import math

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.physics.params import PRESETS
from billiard.table import get_table
from billiard.table.racks import GAP, JITTER, RACKS, cue_id, default_cue, rack

TABLE_FOR = {"8-ball": "pool-9ft", "9-ball": "pool-9ft", "10-ball": "pool-7ft", "snooker": "snooker", "carom": "carom"}


def positions(name, seed=None, **kw):
    t = get_table(TABLE_FOR[name])
    ids, pos = rack(name, t, seed=seed, **kw)
    return t, dict(zip(ids, pos)), ids, pos


def pair_distances(pos):
    d = np.linalg.norm(pos[:, None, :2] - pos[None, :, :2], axis=2)
    return d[np.triu_indices(len(pos), 1)]


@pytest.mark.parametrize("name", RACKS)
@pytest.mark.parametrize("seed", [None, 0, 7, 12345])
def test_no_overlap_and_balls_on_the_bed(name, seed):
    t, _, ids, pos = positions(name, seed)
    r = PRESETS[t.ball_set].ball_radius
    assert pos.shape == (len(ids), 3) and np.all(pos[:, 2] == r)
    assert len(set(ids)) == len(ids) and ids[0] == cue_id(name)
    assert pair_distances(pos).min() >= 2 * r + GAP - 1e-12
    assert np.all(np.abs(pos[:, 0]) < t.half_length - r) and np.all(np.abs(pos[:, 1]) < t.half_width - r)


@pytest.mark.parametrize(
    "name,count,contacts", [("8-ball", 15, 30), ("9-ball", 9, 16), ("10-ball", 10, 18), ("snooker", 15, 30)]
)
@pytest.mark.parametrize("seed", [None, 3])
def test_racked_balls_touch_within_the_jitter(name, count, contacts, seed):
    """A triangle of n rows has 3 n (n - 1) / 2 touching pairs, the diamond 16."""
    t, _, ids, pos = positions(name, seed)
    r = PRESETS[t.ball_set].ball_radius
    racked = np.array([i.isdigit() or i.startswith("red-") for i in ids])
    assert racked.sum() == count
    d = pair_distances(pos[racked])
    slack = GAP + (4 * JITTER if seed is not None else 1e-12)
    close = d[d < 2 * r + slack]
    assert len(close) == contacts
    assert close.min() >= 2 * r + GAP - 1e-12


def test_jitter_is_seeded_and_small():
    _, a, _, _ = positions("9-ball", 11)
    _, b, _, _ = positions("9-ball", 11)
    _, c, _, _ = positions("9-ball", 12)
    _, plain, _, _ = positions("9-ball")
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert any(not np.array_equal(a[k], c[k]) for k in a)
    assert max(np.linalg.norm(a["1"][:2] - plain["1"][:2]), 0) <= JITTER + 1e-15
    assert a["1"][0] != plain["1"][0]


def test_nine_ball_diamond():
    t, p, ids, _ = positions("9-ball", 5)
    assert sorted(ids) == sorted(["cue"] + [str(i) for i in range(1, 10)])
    assert math.dist(p["1"][:2], t.foot_spot) <= JITTER  # apex on the foot spot
    others = [p[str(i)][:2] for i in range(1, 10)]
    centre = np.mean(others, axis=0)
    assert math.dist(p["9"][:2], centre) < 4 * JITTER  # 9 in the middle
    assert max(p[b][0] for b in p if b != "cue") - p["1"][0] == pytest.approx(
        4 * math.sqrt(3) / 2 * (2 * PRESETS["pool"].ball_radius), rel=1e-3
    )  # five rows deep


@pytest.mark.parametrize("seed", [None, 1, 2, 3, 4])
def test_eight_ball_triangle(seed):
    t, p, ids, _ = positions("8-ball", seed)
    assert sorted(ids) == sorted(["cue"] + [str(i) for i in range(1, 16)])
    balls = {b: v[:2] for b, v in p.items() if b != "cue"}
    apex = min(balls, key=lambda b: balls[b][0])
    assert math.dist(balls[apex], t.foot_spot) <= JITTER
    xs = sorted({round(v[0], 3) for v in balls.values()})
    assert len(xs) == 5
    third = [b for b, v in balls.items() if round(v[0], 3) == xs[2]]
    assert sorted(third, key=lambda b: balls[b][1])[1] == "8"
    back = sorted((b for b, v in balls.items() if round(v[0], 3) == xs[4]), key=lambda b: balls[b][1])
    corners = {int(back[0]), int(back[-1])}
    assert len({n < 8 for n in corners}) == 2 and 8 not in corners  # one solid, one stripe


def test_ten_ball_triangle():
    t, p, ids, _ = positions("10-ball")
    assert sorted(ids) == sorted(["cue"] + [str(i) for i in range(1, 11)])
    assert math.dist(p["1"][:2], t.foot_spot) < 1e-12
    xs = sorted({round(v[0], 4) for b, v in p.items() if b != "cue"})
    assert len(xs) == 4 and round(p["10"][0], 4) == xs[2] and abs(p["10"][1]) < 1e-12


def test_snooker_rack():
    t, p, ids, _ = positions("snooker", 9)
    assert sorted(ids) == sorted(
        ["cue", "yellow", "green", "brown", "blue", "pink", "black"] + [f"red-{i}" for i in range(1, 16)]
    )
    for colour in ("yellow", "green", "brown", "blue", "pink", "black"):
        assert tuple(p[colour][:2]) == t.spots[colour]
    r = PRESETS["snooker"].ball_radius
    reds = np.array([p[f"red-{i}"][:2] for i in range(1, 16)])
    gap_to_pink = np.min(np.linalg.norm(reds - np.array(t.spots["pink"]), axis=1)) - 2 * r
    assert GAP <= gap_to_pink < GAP + 4 * JITTER  # close, not touching
    assert np.all(reds[:, 0] > t.spots["pink"][0]) and np.all(reds[:, 0] < t.spots["black"][0] - 2 * r)
    assert math.dist(p["cue"][:2], (t.head_string_x, 0.0)) <= t.d_radius  # cue ball in the D


def test_carom_start():
    t, p, ids, _ = positions("carom", 4)
    assert ids == ("white", "red", "yellow")
    assert tuple(p["red"][:2]) == t.foot_spot
    assert tuple(p["yellow"][:2]) == (-t.length / 4, 0.0)
    assert tuple(p["white"][:2]) == (-t.length / 4, -0.1524)


def test_cue_position_given_or_default():
    t = get_table("pool-9ft")
    ids, pos = rack("9-ball", t, cue=[-0.9, 0.2])
    assert ids[0] == "cue" and tuple(pos[0, :2]) == (-0.9, 0.2)
    assert default_cue("9-ball", t) == (-2.54 / 4, 0.0) == tuple(rack("9-ball", t)[1][0, :2])


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"name": "7-ball"}, "unknown rack"),
        ({"name": "snooker"}, "needs a snooker table"),
        ({"name": "9-ball", "cue": [2.0, 0.0]}, "off the bed"),
        ({"name": "9-ball", "cue": ["a", 0.0]}, "must be"),
        ({"name": "9-ball", "cue": [0.0]}, "must be"),
        ({"name": "9-ball", "cue": [float("nan"), 0.0]}, "must be"),
        ({"name": "9-ball", "cue": [2.54 / 4, 0.0]}, "overlaps"),
        ({"name": "9-ball", "seed": 1.5}, "seed"),
        ({"name": "9-ball", "seed": -1}, "seed"),
        ({"name": "9-ball", "seed": True}, "seed"),
    ],
)
def test_bad_rack_requests_are_one_line_errors(kwargs, message):
    with pytest.raises(BilliardError, match=message):
        rack(table=get_table("pool-9ft"), **kwargs)


def test_rack_that_does_not_fit():
    with pytest.raises(BilliardError, match="does not fit"):
        rack("8-ball", get_table({"length": 0.6, "width": 0.3}))


def test_rack_balls_state_and_alias():
    from billiard.physics.params import CAROM
    from billiard.physics.state import Motion
    from billiard.table.racks import rack_balls

    b = rack_balls("three-cushion", get_table("carom"), CAROM, seed=2)
    assert b.ids == ("white", "red", "yellow") and np.all(b.radius == CAROM.ball_radius)
    assert np.all(b.mass == CAROM.ball_mass) and np.all(b.motion == Motion.REST)
    assert np.all(b.pos[:, 2] == CAROM.ball_radius)
