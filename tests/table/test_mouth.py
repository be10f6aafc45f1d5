"""A ball in a pocket's mouth is on the table (issue 20, fuzz seed 11 shot 3987): the shot-file
parser and the end-state audit agree on where a ball may rest, on every table with pockets."""

import math

import numpy as np
import pytest

from billiard.errors import BilliardError
from billiard.physics.params import PRESETS
from billiard.physics.state import Balls
from billiard.shot.shotfile import BallSpec, _check_on_table
from billiard.table import get_table
from billiard.table.audit import violations
from billiard.table.cushion import nose_setback
from billiard.table.mouth import in_pocket_mouth

TABLES = [
    "pool-7ft",
    "pool-9ft",
    "snooker",
    {"length": 1.7761, "width": 1.0203, "pockets": True, "ball_set": "carom"},
    {"length": 0.6, "width": 0.35, "pockets": True, "ball_set": "pool"},
    {"length": 4.0, "width": 2.0, "pockets": True, "ball_set": "snooker"},
]


def _accepted(table, radius, x, y) -> bool:
    try:
        _check_on_table(BallSpec("b", (x, y)), table, radius)
    except BilliardError:
        return False
    return True


def _at_rest(table, radius, x, y) -> list[str]:
    b = Balls.create(["b"], [(x, y, radius)], 0.17, radius)
    return violations(b, table)


@pytest.mark.parametrize("spec", TABLES, ids=lambda s: s if isinstance(s, str) else f"custom-{s['length']}")
def test_every_spot_the_parser_accepts_in_a_pocket_is_on_the_table_at_rest(spec):
    table = get_table(spec)
    radius = PRESETS[table.ball_set].ball_radius
    setback = nose_setback(table.cushion_height, radius)
    rng = np.random.default_rng(5)
    accepted = behind = 0
    for p in table.pockets:
        span = p.radius + 2 * radius
        for dx, dy in rng.uniform(-span, span, (400, 2)):
            x, y = p.center[0] + dx, p.center[1] + dy
            if not _accepted(table, radius, x, y):
                continue
            assert _at_rest(table, radius, x, y) == []
            if abs(x) > table.half_length - setback or abs(y) > table.half_width - setback:
                accepted += 1
                behind += (x - p.center[0]) * p.axis[0] + (y - p.center[1]) * p.axis[1] > 0
    assert accepted > 20  # the mouths hold spots beyond the cushion noses...
    assert behind > 0  # ...including the ledge behind the hole, inside the liner


@pytest.mark.parametrize("spec", TABLES, ids=lambda s: s if isinstance(s, str) else f"custom-{s['length']}")
def test_spots_outside_every_pocket_and_beyond_the_noses_are_refused(spec):
    table = get_table(spec)
    radius = PRESETS[table.ball_set].ball_radius
    for p in table.pockets:
        ax, ay = p.axis
        for far in (p.radius + radius + 0.002, p.radius + 2 * radius + 0.01, 0.5):
            x, y = p.center[0] + far * ax, p.center[1] + far * ay  # behind the liner
            assert not in_pocket_mouth(p, x, y, radius)
            assert not _accepted(table, radius, x, y)
            assert any("outside the table" in v for v in _at_rest(table, radius, x, y))
    # behind a cushion, halfway between two pockets
    assert not _accepted(table, radius, table.half_length / 2, table.half_width + radius)


def test_the_spot_fuzz_found_is_a_ledge_behind_the_side_hole():
    table = get_table({"length": 1.7761, "width": 1.0203, "pockets": True, "ball_set": "carom"})
    radius = PRESETS["carom"].ball_radius
    x, y = -0.00164556338766197, 0.6185551306525131
    side = table.pocket("side-top")
    assert math.dist((x, y), side.center) > side.radius  # not over the hole
    assert y > table.half_width + table.cushion_width  # beyond the cushion's back
    assert _accepted(table, radius, x, y)
    assert _at_rest(table, radius, x, y) == []
