"""Set-up mode: balls picked, carried and put down with the same input events a player
sends; illegal spots refused (the ball stays in hand); SHIFT snaps."""

import math

from helpers import same_bits

from billiard.shell.input import KeyPress, KeyRelease, MouseDrag, MouseMove, MousePress, MouseRelease
from billiard.app.setup import new_session
from billiard.app.setup_controls import SetupControls
from billiard.practice import placement
from billiard.practice.layouts import parse_layout
from billiard.table.cushion import nose_setback

LAYOUT = parse_layout(
    {
        "format": "billiard-shot/1",
        "table": "pool-9ft",
        "balls": [{"id": "cue", "pos": [-0.5, 0.0]}, {"id": "1", "pos": [0.3, 0.2]}, {"id": "2", "pos": [0.6, -0.3]}],
    }
)
SCALE = 1000.0  # the stand-in picker: one pixel is one millimetre of bed


def board():
    s = new_session("practice", layout=LAYOUT)
    s.picker = lambda x, y: (x / SCALE, y / SCALE)
    return s, SetupControls(s)


def px(x, y):
    return x * SCALE, y * SCALE


def click(c, x, y, mods=frozenset()):
    c.handle(MousePress(*px(x, y), "left", mods))
    c.handle(MouseRelease(*px(x, y), "left", mods))


def test_a_ball_dropped_onto_another_is_refused_and_stays_in_hand():
    s, c = board()
    before = s.balls.copy()
    click(c, 0.3, 0.2)  # pick up the 1
    assert c.held == "1"
    c.handle(MouseMove(*px(0.61, -0.29), 0, 0))  # over the 2
    assert c.reason == "on the 2 ball"
    click(c, 0.61, -0.29)
    assert c.held == "1" and "cannot" in c.message and same_bits(before, s.balls)
    c.handle(MouseMove(*px(0.0, 0.4), 0, 0))
    click(c, 0.0, 0.4)
    assert c.held is None and s.balls.pos[s.balls.index("1")][:2].tolist() == [0.0, 0.4]


def test_drag_and_drop_and_off_the_bed_or_over_a_pocket_is_illegal():
    s, c = board()
    c.handle(MousePress(*px(0.6, -0.3), "left"))
    for k in range(1, 6):
        c.handle(MouseDrag(*px(0.6 + 0.2 * k, -0.3), 200, 0, frozenset({"left"})))
    assert c.held == "2" and c.reason == "off the bed"  # x = 1.6 m is past the cushion
    c.handle(MouseRelease(*px(1.6, -0.3), "left"))
    assert c.held == "2"  # refused: still in hand
    pocket = s.table.pocket("corner-top-right").center
    assert (
        placement.why_illegal(s.table, s.balls, "2", pocket[0] - 0.05, pocket[1] - 0.05)
        == "over the corner-top-right pocket"
    )
    c.handle(MouseDrag(*px(1.0, 0.0), 0, 0, frozenset({"left"})))
    c.handle(MouseRelease(*px(1.0, 0.0), "left"))
    assert c.held is None and s.balls.pos[s.balls.index("2")][:2].tolist() == [1.0, 0.0]


def test_shift_snaps_frozen_to_a_cushion_a_ball_or_onto_a_spot():
    s, c = board()
    r = float(s.balls.radius[0])
    click(c, 0.3, 0.2)
    c.handle(KeyPress("LSHIFT"))
    c.handle(MouseMove(*px(0.2, 0.58), 0, 0))  # near the top cushion
    limit = s.table.half_width - nose_setback(s.table.cushion_height, r)
    assert math.isclose(c.spot[1], limit - placement.FROZEN_GAP, abs_tol=1e-12) and c.spot[0] == 0.2
    c.handle(MouseMove(*px(0.6, -0.3 + 2.2 * r), 0, 0))  # just above the 2
    d = math.dist(c.spot, (0.6, -0.3))
    assert abs(d - 2 * r) < 1e-6 and c.reason is None  # frozen to it
    c.handle(MouseMove(*px(0.64, 0.01), 0, 0))  # near the foot spot
    assert c.spot == s.table.foot_spot
    c.handle(KeyRelease("LSHIFT"))
    c.handle(MouseMove(*px(0.64, 0.01), 0, 0))
    assert c.spot == (0.64, 0.01)  # no snapping without SHIFT


def test_add_and_remove_balls_and_enter_leaves():
    s, c = board()
    c.handle(MouseMove(*px(0.6, -0.3), 0, 0))
    c.handle(KeyPress("DELETE"))  # the pointed ball goes off the table
    assert "2" not in s.on_table()
    c.handle(MouseMove(*px(-0.5, 0.0), 0, 0))
    c.handle(KeyPress("DELETE"))
    assert "cue" in s.on_table() and "stays" in c.message
    c.handle(KeyPress("A"))
    first = c.held
    c.handle(KeyPress("A"))
    assert first in s.off_table() and c.held != first and c.held in s.off_table()
    c.handle(MouseMove(*px(-0.2, -0.2), 0, 0))
    chosen = c.held
    c.handle(KeyPress("ENTER"))  # puts it down, then leaves
    assert c.done and chosen in s.on_table() and s.summary()["undo_depth"] == 2
    assert s.undo() and chosen not in s.on_table()
