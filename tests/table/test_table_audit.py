"""The audit behind the fuzz test finds each kind of misplaced ball."""

from billiard.physics.params import POOL
from billiard.physics.state import Balls, Motion
from billiard.table import get_table
from billiard.table.audit import violations

R = POOL.ball_radius


def balls_at(*xyz):
    return Balls.create([f"b{k}" for k in range(len(xyz))], list(xyz), POOL.ball_mass, R)


def test_balls_on_the_bed_are_fine():
    t = get_table("pool-9ft")
    assert violations(balls_at((0.0, 0.0, R), (1.0, 0.5, R)), t) == []


def test_each_misplacement_is_reported():
    t = get_table("pool-9ft")
    hw = t.half_width
    hole = t.pocket("side-top")
    b = balls_at((0.3, hw - R / 2, R), (0.0, 0.0, -R), (3.0, 0.0, R), (*hole.center, R), (0.0, 0.2, 2 * R))
    found = violations(b, t)
    assert any("b0" in f and "inside cushion-top-right" in f for f in found)
    assert any("b1" in f and "not on the bed" in f for f in found)
    assert any("b2" in f and "outside the table" in f for f in found)
    assert any("b3" in f and "over the side-top hole" in f for f in found)
    assert any("b4" in f and "not on the bed" in f for f in found)


def test_pocketed_balls_must_be_under_their_hole():
    t = get_table("pool-9ft")
    hole = t.pocket("corner-top-left")
    b = balls_at((*hole.center, -R), (0.0, 0.0, -R))
    b.motion[:] = Motion.POCKETED
    b.pocket[:] = ["corner-top-left", "corner-top-left"]
    found = violations(b, t)
    assert len(found) == 1 and "b1" in found[0] and "not under its hole" in found[0]
    b.pocket[1] = "nowhere"
    assert "without a pocket of this table" in violations(b, t)[0]
