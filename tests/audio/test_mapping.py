"""Events -> sounds: which sound, how loud (rising with impact speed), where."""

import numpy as np
import pytest

from billiard.audio.mapping import MIN_SPEED, contact_point, cue_for, cues_for, gain_for, sound_name
from billiard.physics.events import Event


@pytest.mark.parametrize(
    "event, name",
    [
        (Event(0.0, "strike", ("cue",), {"speed": 3.0}), "cue"),
        (Event(0.1, "ball-ball", ("cue", "1"), {"speed": 2.0}), "ball"),
        (Event(0.2, "ball-cushion", ("1",), {"cushion": "long-south", "kind": "cushion", "speed": 1.0}), "cushion"),
        (Event(0.2, "ball-cushion", ("1",), {"cushion": "jaw-c-1", "kind": "jaw", "speed": 1.0}), "jaw"),
        (Event(0.2, "ball-cushion", ("1",), {"cushion": "point-c-1", "kind": "point", "speed": 1.0}), "jaw"),
        (Event(0.2, "ball-cushion", ("1",), {"cushion": "liner-c-1", "kind": "pocket-wall", "speed": 1.0}), "jaw"),
        (Event(0.3, "ball-bed", ("cue",), {"speed": 0.8}), "bed"),
        (Event(0.4, "ball-pocket", ("1",), {"pocket": "c"}), "drop"),
        (Event(0.4, "state", ("1",), {"from": "sliding", "to": "rolling"}), None),
    ],
)
def test_each_event_type_has_its_sound(event, name):
    assert sound_name(event) == name
    cue = cue_for(event)
    assert (cue is None) == (name is None)
    if cue is not None:
        assert cue.sound == name and cue.t == event.t and 0 < cue.gain <= 1


def test_gain_rises_with_impact_speed_and_is_clamped():
    speeds = np.geomspace(MIN_SPEED, 20.0, 50)
    for name in ("cue", "ball", "cushion", "bed", "jaw"):
        g = [gain_for(name, v) for v in speeds]
        assert all(a <= b for a, b in zip(g, g[1:])) and g[-1] == 1.0
        assert g[0] < 0.05 and g[10] < g[20] < g[30]
    levels = [cue_for(Event(0, "ball-ball", ("a", "b"), {"speed": v})).level for v in speeds]
    assert all(a <= b for a, b in zip(levels, levels[1:])) and levels[0] < levels[-1]


def test_touches_slower_than_the_threshold_are_silent():
    events = [
        Event(0, "ball-ball", ("a", "b"), {"speed": MIN_SPEED / 2}),
        Event(0, "ball-ball", ("a", "b"), {"speed": MIN_SPEED * 2}),
    ]
    assert len(cues_for(events)) == 1


def test_contact_point_is_between_the_balls_and_a_drop_is_at_its_pocket():
    from billiard.table import get_table

    table = get_table("pool-9ft")
    pos = np.array([[0.0, 0.0, 0.03], [0.06, 0.0, 0.03], [1.0, 0.5, 0.03]])
    where = contact_point(("cue", "1", "2"), pos, table)
    cue = cue_for(Event(0, "ball-ball", ("cue", "1"), {"speed": 1.0}), where)
    assert cue.point == pytest.approx((0.03, 0.0, 0.03))
    assert cue_for(Event(0, "ball-cushion", ("2",), {"speed": 1.0}), where).point == pytest.approx((1, 0.5, 0.03))
    # the rules may already have respotted a pocketed ball: its drop is placed at the pocket
    pocket = table.pockets[0]
    drop = cue_for(Event(0, "ball-pocket", ("cue",), {"pocket": pocket.name}), where)
    assert drop.point == pytest.approx((pocket.center[0], pocket.center[1], 0.0))
    assert where(Event(0, "ball-ball", ("ghost",))) is None
    assert contact_point(("cue",), pos[:1])(Event(0, "ball-pocket", ("cue",), {"pocket": "x"})) == pytest.approx(
        pos[0]
    )  # no table: the ball's own position
