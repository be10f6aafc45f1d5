import pytest

from billiard.replay.frame import Scene, describe
from billiard.replay.track import Track

from replay_fakes import R, fake_simulate, make_shot


def _scene():
    rep = fake_simulate(make_shot(speed=1.0))
    rep["params"]["ball_radius"] = R
    rep["events"] = [{"t": 0.0, "type": "strike", "balls": ["cue"], "speed": 1.0},
                     {"t": 0.5, "type": "ball-pocket", "balls": ["1"], "pocket": "corner-ne"},
                     {"t": 0.6, "type": "state", "balls": ["cue"], "from": "sliding", "to": "rolling"}]
    return Scene(rep, Track.from_replay(rep))


def test_frame_has_poses_trails_and_arrows_on_request():
    scene = _scene()
    plain = scene.frame(0.4)
    assert plain.trails == () and plain.arrows == ()
    assert plain.pos[0] == pytest.approx([-0.1, 0.0, R])
    rich = scene.frame(0.4, trails=True, spin=True)
    assert len(rich.trails) == 1 and rich.trails[0][0] == "cue"
    assert rich.trails[0][1][-1] == pytest.approx(plain.pos[0])
    assert len(rich.arrows) == 1 and rich.radius == R


def test_pocketed_ball_disappears_after_its_pocket_event():
    scene = _scene()
    assert list(scene.frame(0.5).pocketed) == [False, False]
    assert list(scene.frame(0.9).pocketed) == [False, True]


def test_events_so_far_and_their_description():
    scene = _scene()
    assert [e["type"] for e in scene.events_until(0.55)] == ["strike", "ball-pocket"]
    assert describe(scene.events[1]) == "0.500 s  ball-pocket  1 (corner-ne)"
    assert describe(scene.events[2]) == "0.600 s  state  cue (sliding -> rolling)"
