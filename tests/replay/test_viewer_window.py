"""The replay window, headless (pyglet EGL): input events drive it and it draws the replay."""

import numpy as np
import pytest

from billiard.shell.pygletconf import configure
from billiard.replay.controls import BAR_HEIGHT, BAR_MARGIN
from billiard.replay.source import open_file

from replay_shots import make_shot, replay_of

configure(headless=True)


@pytest.fixture(scope="module")
def viewer(tmp_path_factory):
    from billiard.replay.viewer import open_viewer

    path = tmp_path_factory.mktemp("view") / "s.replay.json"
    replay_of(make_shot(speed=0.8)).save(path)
    try:
        v = open_viewer(open_file(path), (480, 270), headless=True)
    except Exception as exc:  # noqa: BLE001 - no EGL / GL here: pyglet raises unrelated kinds
        pytest.skip(f"the viewer window needs EGL OpenGL: {exc}")
    yield v
    v.close()


def _send(v, kind, *args):
    v.window.dispatch_event(f"on_{kind}", *args)
    v.window.dispatch_events()


def _pixels(v):
    v.window.switch_to()
    v.draw()
    w, h = v.size
    data = v.ctx.screen.read(components=3)
    assert v.ctx.error in ("GL_NO_ERROR", "GL_INVALID_OPERATION")  # read() flags the latter (notes)
    return np.frombuffer(data, np.uint8).reshape(h, w, 3)[::-1].astype(int)


def test_keys_play_pause_step_and_toggle(viewer):
    from pyglet.window import key

    v = viewer
    v.update(0.5)
    assert v.timeline.t == pytest.approx(0.5)
    _send(v, "key_press", key.SPACE, 0)
    assert v.timeline.paused
    _send(v, "key_press", key.RIGHT, 0)
    assert v.timeline.t == pytest.approx(0.5 + 1 / 60)
    _send(v, "key_press", key.DOWN, 0)
    assert v.timeline.speed == 0.5
    for symbol in (key.L, key.T, key.C):
        _send(v, "key_press", symbol, 0)
    assert v.timeline.loop and v.controls.trails and v.controls.camera.mode == "follow"
    v.update(0.6)
    assert v.rig.mode == "follow"


def test_time_bar_scrubs_and_drag_orbits(viewer):
    from pyglet.window import key, mouse

    v = viewer
    w = v.window.width
    _send(v, "mouse_press", BAR_MARGIN + (w - 2 * BAR_MARGIN) * 0.5, BAR_HEIGHT / 2, mouse.LEFT, 0)
    _send(v, "mouse_release", 0, 0, mouse.LEFT, 0)
    assert v.timeline.paused and v.timeline.fraction == pytest.approx(0.5)
    _send(v, "mouse_drag", 200, 150, 40, 10, mouse.LEFT, 0)
    v.update(0.01)
    assert v.rig.mode == "orbit" and v.timeline.fraction == pytest.approx(0.5)
    _send(v, "key_press", key.C, 0)  # orbit -> top
    v.update(1.0)
    assert v.rig.mode == "top"


def test_draws_the_table_hud_and_the_paused_spin_arrow(viewer):
    v = viewer
    v.timeline.seek(1.0)
    v.timeline.paused = True
    pixels = _pixels(v)
    h, w, _ = pixels.shape
    assert pixels.std() > 10
    centre = pixels[h // 2, w // 2]
    assert centre[2] > centre[0] + 40  # blue carom cloth
    bar = pixels[h - BAR_HEIGHT // 2, BAR_MARGIN + 4]
    assert bar[0] > 200 and bar[1] > 150  # the played part of the time bar
    assert "replayed exactly as it was played" in v.status.text
    assert v.event_line.text.split()[1:2] == ["s"] and "white" in v.event_line.text  # last event so far
    assert len(v.arrows) >= 1  # paused: spin arrow on the rolling white ball


def _yellow(p):
    return (p[..., 0] > 200) & (p[..., 1] > 170) & (p[..., 2] < 90)


def test_the_window_and_billiard_render_draw_the_spin_arrow_at_the_same_place(viewer, tmp_path):
    """One drawer for the spin arrows (issue 21): the renderer draws them into the window's
    frame and into a saved picture, so both show the arrow on the same pixels."""
    from PIL import Image

    from billiard.cli import main
    from billiard.display.cameras import goal_camera, replay_view

    v = viewer
    v.timeline.seek(1.0)
    v.timeline.paused = False  # playing, no S: no arrows
    plain = _pixels(v)
    v.timeline.paused = True  # paused: the arrows are shown
    shown = _pixels(v)
    window = _yellow(shown) & ~_yellow(plain)
    pictures = []
    for extra in ([], ["--spin"]):
        out = tmp_path / f"r{len(extra)}.png"
        assert (
            main(
                [
                    "render",
                    str(v.opened.path),
                    "--at",
                    "1.0",
                    "--size",
                    "480x270",
                    "--camera",
                    "top",
                    "--out",
                    str(out),
                    *extra,
                ]
            )
            == 0
        )
        pictures.append(np.asarray(Image.open(out).convert("RGB")).astype(int))
    render = _yellow(pictures[1]) & ~_yellow(pictures[0])
    assert window.sum() > 15 and render.sum() > 15  # an arrow in each
    # the window frames the table between its HUD bands, the picture fills its frame: the
    # same top view, scaled and shifted; a table point's pixel in one gives it in the other
    size = v.size
    render_cam = goal_camera("top", v.table, replay_view(v.scene.frame(1.0), v.strike, size))
    (c0, r0), (c1, _) = (v.rig.current.project(p, size) for p in ((0, 0, 0), (1, 0, 0)))
    (d0, s0), (d1, _) = (render_cam.project(p, size) for p in ((0, 0, 0), (1, 0, 0)))
    scale = (c1 - c0) / (d1 - d0)
    rows_w, cols_w = np.nonzero(window)
    rows_r, cols_r = np.nonzero(render)
    assert abs(rows_w.mean() - (r0 + scale * (rows_r.mean() - s0))) < 1.5
    assert abs(cols_w.mean() - (c0 + scale * (cols_r.mean() - d0))) < 1.5
    assert 0.5 < window.sum() / (scale**2 * render.sum()) < 2.0  # the same arrow, at the window's scale


def test_the_viewer_plays_the_replay_sounds_in_time_at_half_speed(viewer, tmp_path):
    """Issue 16: the window's clock drives the sounds; at 0.5x each plays at twice its event time."""
    import json

    from billiard.audio.audio_log import AudioLog
    from billiard.audio.engine import AudioEngine
    from billiard.audio.replay_sound import ReplaySound

    v = viewer
    engine = AudioEngine(log=AudioLog(tmp_path / "a.jsonl"))
    v.sound = ReplaySound(engine)
    v.load(open_file(v.opened.path))
    v.timeline.slower()
    assert v.timeline.speed == 0.5
    for _ in range(int(2 * v.timeline.end * 60) + 10):
        v.update(1 / 60)
    engine.close()
    log = [json.loads(s) for s in (tmp_path / "a.jsonl").read_text().splitlines()]
    hits = [e for e in v.opened.replay.events if e.type in ("strike", "ball-ball", "ball-cushion")]
    assert log[0]["sound"] == "cue" and len(log) == len(hits)
    assert all(d["t"] == pytest.approx(2 * d["event_t"], abs=1e-5) for d in log)
