import json

from billiard.physics.state import Balls, Motion
from billiard.replay.capture import shot_from_balls


def test_shot_keeps_exact_states_and_skips_pocketed_balls():
    balls = Balls.create(["cue", "1", "2"], [[-0.1234567890123, 0.1, 0.028575], [0.3, 0.0, 0.028575],
                                            [1.0, 0.5, -0.05]], mass=0.17, radius=0.028575,
                         omega=[[0, 0, 0], [0, 0, 3.25], [0, 0, 0]])
    balls.motion[2] = Motion.POCKETED
    balls.pocket[2] = "corner-ne"
    shot = shot_from_balls(balls, "pool-9ft", {"ball": "cue", "speed": 2, "heading_deg": 10.5,
                                               "tip": (0.1, -0.2)}, params={"mu_slide": 0.25})
    again = json.loads(json.dumps(shot))
    assert again == shot
    assert [b["id"] for b in shot["balls"]] == ["cue", "1"]
    assert shot["balls"][0] == {"id": "cue", "pos": [-0.1234567890123, 0.1, 0.028575]}
    assert shot["balls"][1]["omega"] == [0.0, 0.0, 3.25] and "vel" not in shot["balls"][1]
    assert shot["strike"] == {"ball": "cue", "speed": 2.0, "heading_deg": 10.5, "elevation_deg": 0.0,
                              "tip": [0.1, -0.2]}
    assert shot["params"] == {"mu_slide": 0.25} and shot["format"] == "billiard-shot/1"
