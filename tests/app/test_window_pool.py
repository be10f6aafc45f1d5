"""The suite's kept hidden windows and offscreen context (tests/window_pool.py): a play in a
window that other plays used gives what it gives in a new window, and leaves the window as it
found it; a picture drawn in the kept context is the one a new context draws."""

import numpy as np
from PIL import Image
from in_process import FRAME_FIELDS, play_ok, write_script
from window_pool import PooledShell

import billiard.app.headless as headless
from billiard.shell.window import Shell

SIZE = "336x192"  # a size no other test plays at: the first play below opens its window
# 9-ball with the cue path (T) and the help (H), then the three-cushion break: the table, the
# HUD and the aids of one play differ from the other's
NINE = {
    "mode": "9-ball",
    "seed": 2,
    "duration": 0.6,
    "events": [{"t": 0.05, "type": "key_press", "symbol": "T"}, {"t": 0.1, "type": "key_press", "symbol": "H"}],
}
CAROM = {
    "mode": "three-cushion",
    "duration": 0.8,
    "events": [{"t": 0.1, "type": "key_press", "symbol": "SPACE"}, {"t": 0.2, "type": "key_press", "symbol": "V"}],
}


def played(tmp_path, script: dict, name: str) -> tuple[dict, np.ndarray]:
    path = write_script(tmp_path / f"{name}.json", script)
    shot = tmp_path / f"{name}.png"
    summary = play_ok("--script", path, "--screenshot", shot, "--size", SIZE, "--fps", "20", "--no-record").summary
    assert summary is not None
    return {k: v for k, v in summary.items() if k not in FRAME_FIELDS}, np.asarray(Image.open(shot))


def test_a_kept_window_plays_as_a_new_one_and_is_left_as_it_was_found(tmp_path, monkeypatch):
    monkeypatch.setattr(headless, "Shell", Shell)  # a new window for each play
    new_nine, new_nine_image = played(tmp_path, NINE, "new-nine")
    new_carom, new_carom_image = played(tmp_path, CAROM, "new-carom")
    monkeypatch.setattr(headless, "Shell", PooledShell)
    opened = []
    open_window = PooledShell.open.__func__
    monkeypatch.setattr(
        PooledShell, "open", classmethod(lambda cls, *a, **k: opened.append(open_window(cls, *a, **k)) or opened[-1])
    )
    for name in ("nine", "carom", "nine-again", "carom-again"):
        summary, image = played(tmp_path, CAROM if "carom" in name else NINE, name)
        expected, expected_image = (new_carom, new_carom_image) if "carom" in name else (new_nine, new_nine_image)
        assert summary == expected, name
        assert np.array_equal(image, expected_image), name
    windows = {id(shell.window) for shell in opened}
    assert len(opened) == 4 and len(windows) == 1  # one window, kept
    window = opened[0].window
    assert window.context is not None and len(window._event_stack) == len(opened[0]._handlers)


def test_a_picture_in_the_kept_context_is_the_one_a_new_context_draws(tmp_path, monkeypatch):
    import billiard
    import billiard.render.offscreen as offscreen
    from billiard.replay.snapshot import render_moment
    from billiard.replay.source import open_file

    shot = {
        "format": "billiard-shot/1",
        "table": "carom",
        "balls": [{"id": "white", "pos": [-0.6, 0.0]}, {"id": "red", "pos": [0.6, 0.02]}],
        "strike": {"ball": "white", "speed": 1.2, "heading_deg": 0.0, "elevation_deg": 0.0, "tip": [0.0, 0.3]},
    }
    billiard.simulate(shot).save(tmp_path / "s.replay.json")
    opened = open_file(tmp_path / "s.replay.json")
    kept_create = offscreen.create_context
    assert hasattr(kept_create, "create")  # the suite's kept context is in place

    def picture(at: float):
        return render_moment(opened, at, (240, 136), "top", spin=True)

    kept = [picture(0.3), picture(0.6)]  # the second one after another picture in the same context
    monkeypatch.setattr(offscreen, "create_context", kept_create.create)  # a new context
    assert np.array_equal(kept[1], picture(0.6))
    assert not np.array_equal(kept[0], kept[1])  # (the two moments differ)
