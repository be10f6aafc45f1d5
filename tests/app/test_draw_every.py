"""``billiard play --headless --draw-every N``: frames not drawn still play their input, physics,
coach and cue-path preview, and count for the still picture's refinement, so the summary and the
screenshot are those of a play that draws every frame; only the frame figures cover fewer frames."""

import numpy as np
import pytest
from PIL import Image
from in_process import FRAME_FIELDS, play, play_ok, write_script

from billiard.app.headless import drawn_frame


# 9-ball: the coach on (Q, it lays the cue), the cue path asked of the preview worker (T), the
# cue ball put down and the coach's shot played; then the top view standing still (the picture
# refined once it has stood still for a few frames)
COACHED = {
    "mode": "9-ball",
    "seed": 3,
    "duration": 2.0,
    "events": [
        {"t": 0.05, "type": "key_press", "symbol": "Q"},
        {"t": 0.1, "type": "key_press", "symbol": "T"},
        {"t": 1.0, "type": "key_press", "symbol": "ENTER"},
        {"t": 1.2, "type": "key_press", "symbol": "SPACE"},
    ],
}
STILL = {
    "mode": "practice",
    "table": "practice",
    "duration": 1.0,
    "events": [{"t": 0.0, "type": "key_press", "symbol": "V"}],
}


def played(tmp_path, script: dict, every: int) -> tuple[dict, np.ndarray]:
    path = write_script(tmp_path / "script.json", script)
    shot = tmp_path / f"every-{every}.png"
    summary = play_ok(
        "--script", path, "--screenshot", shot, "--size", "320x180", "--fps", "10", "--no-record", "--draw-every", every
    ).summary
    assert summary is not None
    return summary, np.asarray(Image.open(shot))


@pytest.mark.parametrize("script", [COACHED, STILL], ids=["coached-shot", "still-top-view"])
def test_frames_not_drawn_leave_the_summary_and_the_screenshot_as_they_are(tmp_path, script):
    full, full_image = played(tmp_path, script, 1)
    last, last_image = played(tmp_path, script, 0)
    some, some_image = played(tmp_path, script, 3)
    frames = round(script["duration"] * 10)
    assert full["frames"] == last["frames"] == some["frames"] == full["frames_drawn"] == frames
    assert last["frames_drawn"] == 1 and some["frames_drawn"] == len({*range(0, frames, 3), frames - 1})
    for other in (last, some):
        assert {k: v for k, v in other.items() if k not in FRAME_FIELDS} == {
            k: v for k, v in full.items() if k not in FRAME_FIELDS
        }
    assert np.array_equal(last_image, full_image) and np.array_equal(some_image, full_image)
    if script is COACHED:  # what the frames not drawn had to ask for
        assert last["cue_path_points"] > 10 and last["shots"] == 1


def test_the_last_frame_is_always_drawn_and_0_draws_only_it():
    assert [k for k in range(7) if drawn_frame(k, 7, 3)] == [0, 3, 6]
    assert [k for k in range(8) if drawn_frame(k, 8, 3)] == [0, 3, 6, 7]
    assert [k for k in range(5) if drawn_frame(k, 5, 0)] == [4]
    assert all(drawn_frame(k, 5, 1) for k in range(5))


def test_a_negative_count_is_one_clear_error_and_the_window_refuses_the_option(tmp_path):
    path = write_script(tmp_path / "script.json", STILL)
    bad = play("--script", path, "--draw-every", "-1")
    assert bad.code == 2 and bad.err.strip().count("\n") == 0 and "--draw-every" in bad.err
    from in_process import billiard

    window = billiard("play", "--draw-every", "0")
    assert window.code == 2 and "--draw-every is for headless play" in window.err
