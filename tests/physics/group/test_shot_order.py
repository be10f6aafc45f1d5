"""Through the shot file: the ball order in the file does not change the result (annex C.1)."""

from __future__ import annotations

import numpy as np

from billiard.shot.simulate import simulate

R = 0.028575
D = float(np.sqrt(3.0) * R)
BALLS = [{"id": "cue", "pos": [0.0, 0.0]}, {"id": "1", "pos": [D + 0.002, R]}, {"id": "2", "pos": [D + 0.002, -R]}]


def _shot(balls, params=None):
    return {
        "format": "billiard-shot/1",
        "table": {"length": 2.54, "width": 1.27},
        "params": params or {},
        "balls": balls,
        "strike": {"ball": "cue", "speed": 2.0, "heading_deg": 0.0, "elevation_deg": 0.0, "tip": [0.0, 0.0]},
    }


def test_shuffled_ball_order_in_the_shot_gives_the_same_result_and_mirror_symmetry():
    ref = simulate(_shot(BALLS)).final
    for order in ([2, 0, 1], [1, 2, 0], [0, 2, 1]):
        out = simulate(_shot([BALLS[k] for k in order])).final
        for ball_id, fin in ref.items():
            assert np.allclose(out[ball_id].pos, fin.pos, atol=1e-12, rtol=0)
    p1, p2 = np.asarray(ref["1"].pos), np.asarray(ref["2"].pos)
    assert abs(p1[0] - p2[0]) < 1e-9 and abs(p1[1] + p2[1]) < 1e-9 and abs(p1[1]) > 0.05  # mirror images
    assert abs(ref["cue"].pos[1]) < 1e-9  # on the axis
