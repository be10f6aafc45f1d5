import dataclasses

import pytest

from billiard.physics.events import Event
from billiard.display.playback import Playback, describe

from replay_shots import R, make_shot, replay_of


def _scene(events=None):
    replay = replay_of(make_shot(speed=0.8))
    if events is not None:
        replay = dataclasses.replace(replay, events=events)
    return Playback.from_replay(replay)


def test_frame_has_poses_trails_and_arrows_on_request():
    scene = _scene()
    plain = scene.frame(0.4)
    assert plain.trails == () and plain.arrows == () and plain.radius == R
    assert plain.pos[0][0] > -0.6 + 0.1  # the white ball is on its way
    rich = scene.frame(0.4, trails=True, spin=True)
    assert [b for b, _ in rich.trails] == ["white"]
    assert rich.trails[0][1][-1] == pytest.approx(plain.pos[0])
    assert len(rich.arrows) == 1  # only the white ball spins


def test_pocketed_ball_disappears_after_its_pocket_event():
    scene = _scene(
        (
            Event(0.0, "strike", ("white",), {"speed": 0.8}),
            Event(0.5, "ball-pocket", ("yellow",), {"pocket": "corner-ne"}),
        )
    )
    assert list(scene.frame(0.5).pocketed) == [False, False, False]
    assert list(scene.frame(0.9).pocketed) == [False, False, True]


def test_events_so_far_and_their_description():
    scene = _scene()
    first_hit = next(e for e in scene.events if e.type == "ball-ball")
    seen = scene.events_until(first_hit.t)
    assert seen[0].type == "strike" and first_hit in seen and all(e.t <= first_hit.t for e in seen)
    assert describe(first_hit) == f"{first_hit.t:.3f} s  ball-ball  white red"
    assert (
        describe(Event(0.6, "state", ("white",), {"from": "sliding", "to": "rolling"}))
        == "0.600 s  state  white (sliding -> rolling)"
    )
    assert describe(Event(1.25, "ball-pocket", ("3",), {"pocket": "side-n"})) == "1.250 s  ball-pocket  3 (side-n)"
