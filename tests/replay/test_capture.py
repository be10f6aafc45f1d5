import json

import billiard
from billiard.physics.params import preset
from billiard.physics.state import Balls, Motion
from billiard.replay.capture import shot_from_balls


def _balls():
    balls = Balls.create(
        ["cue", "1", "2"],
        [[-0.1234567890123, 0.1, 0.028575], [0.3, 0.0, 0.028575], [1.0, 0.5, -0.05]],
        mass=0.17,
        radius=0.028575,
        omega=[[0, 0, 0], [0, 0, 3.25], [0, 0, 0]],
    )
    balls.motion[2] = Motion.POCKETED
    balls.pocket[2] = "corner-ne"
    return balls


def test_shot_keeps_exact_states_and_skips_pocketed_balls():
    shot = shot_from_balls(_balls(), "pool-9ft", {"ball": "cue", "speed": 2, "heading_deg": 10.5, "tip": (0.1, -0.2)})
    assert json.loads(json.dumps(shot)) == shot
    assert [b["id"] for b in shot["balls"]] == ["cue", "1"]
    assert shot["balls"][0] == {"id": "cue", "pos": [-0.1234567890123, 0.1, 0.028575]}
    assert shot["balls"][1]["omega"] == [0.0, 0.0, 3.25] and "vel" not in shot["balls"][1]
    assert shot["strike"] == {
        "ball": "cue",
        "speed": 2.0,
        "heading_deg": 10.5,
        "elevation_deg": 0.0,
        "tip": [0.1, -0.2],
    }
    assert "params" not in shot and shot["format"] == "billiard-shot/1"
    assert billiard.Shot.from_dict(shot).to_dict() == shot  # a valid shot file as is


def test_params_become_overrides_of_the_table_preset():
    params = preset("pool").with_overrides({"mu_slide": 0.25, "e_ball": 0.9})
    shot = shot_from_balls(_balls(), "pool-9ft", {"ball": "cue", "speed": 1, "heading_deg": 0}, params)
    assert shot["params"] == {"mu_slide": 0.25, "e_ball": 0.9}
    assert billiard.Shot.from_dict(shot).params == params
    plain = shot_from_balls(_balls(), "pool-9ft", {"ball": "cue", "speed": 1, "heading_deg": 0}, preset("pool"))
    assert "params" not in plain
