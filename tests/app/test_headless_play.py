"""End to end: scripted pyglet input through the real window handlers, loop, physics and
drawing, offscreen; the summary and the screenshot are read back."""

import json
import subprocess
import sys

import numpy as np
import pytest
from PIL import Image
from in_process import play, play_ok, write_script

SIZE = (480, 270)


def run_play(tmp_path, events, mode="practice", table="practice", duration=1.5, extra=(), **fields):
    """``billiard play --headless`` on a script of ``events`` (in this process): the summary
    file and the screenshot, read back."""
    script = write_script(
        tmp_path / "script.json", {"mode": mode, "table": table, "duration": duration, "events": events, **fields}
    )
    shot, summary = tmp_path / "out.png", tmp_path / "out.json"
    play_ok(
        "--script", script, "--screenshot", shot, "--summary", summary, "--size", "%dx%d" % SIZE, "--fps", "30", *extra
    )
    return json.loads(summary.read_text()), np.asarray(Image.open(shot))


def top_screen(table_name, size=SIZE):
    """Window pixel (x, y from the bottom) of a table point in the game's top view."""
    from billiard.display.cameras import framed_top_camera
    from billiard.app.layout import HudLayout
    from billiard.table import get_table

    cam = framed_top_camera(get_table(table_name), HudLayout.for_size(*size))

    def screen(x, y, z=0.028575):
        col, row = cam.project((x, y, z), size)
        return col, size[1] - row

    return screen


def aim_and_stroke(back_px, push_px=None, push_s=0.1, aim_at=(-0.635, 0.4), table="practice", t0=0.6):
    """V (top view), point at ``aim_at``, then press on the table, draw the mouse back
    ``back_px`` in 0.3 s and push it forward ``push_px`` in ``push_s``, release."""
    screen = top_screen(table)
    x, y = screen(*aim_at)
    events = [
        {"t": 0.0, "type": "key_press", "symbol": "V"},
        {"t": t0, "type": "mouse_motion", "x": x, "y": y, "dx": 1, "dy": 0},
        {"t": t0 + 0.05, "type": "mouse_press", "x": x, "y": y, "button": "left"},
    ]
    t = t0 + 0.05
    for k in range(6):
        t += 0.05
        events.append(
            {
                "t": t,
                "type": "mouse_drag",
                "x": x,
                "y": y - back_px * (k + 1) / 6,
                "dx": 0,
                "dy": -back_px / 6,
                "buttons": ["left"],
            }
        )
    y -= back_px
    push = back_px if push_px is None else push_px
    for k in range(6):
        t += push_s / 6
        events.append(
            {
                "t": t,
                "type": "mouse_drag",
                "x": x,
                "y": y + push * (k + 1) / 6,
                "dx": 0,
                "dy": push / 6,
                "buttons": ["left"],
            }
        )
    events.append({"t": t + 0.01, "type": "mouse_release", "x": x, "y": y + push, "button": "left"})
    return events


def test_mouse_aim_and_stroke_strikes_at_the_pointer_with_the_push_speed(tmp_path):
    # every frame drawn (not only the last, tests/in_process.py): the frame figures of a whole play
    summary, image = run_play(tmp_path, aim_and_stroke(60), duration=2.0, extra=("--draw-every", "1"))
    start = (-0.635, 0.0)
    cue = summary["balls"]["cue"]["pos"]
    assert summary["shots"] == 1 and summary["mode"] == "practice"
    (strike,) = summary["strikes"]
    # heading 90 degrees: the cue ball went along +y, hardly along x
    assert strike["heading_deg"] == pytest.approx(90.0, abs=0.5) and 0.7 < strike["t"] < 1.2
    assert strike["speed"] == pytest.approx(0.005 * 60 / 0.1, rel=0.15) and strike["tip"] == [0.0, 0.0]
    assert abs(cue[1] - start[1]) > 0.2 and abs(cue[0] - start[0]) < 0.02  # up the table and back
    assert (
        summary["frames"] == summary["frames_drawn"] == 60 and 0 < summary["mean_frame_ms"] <= summary["max_frame_ms"]
    )
    assert 0 < summary["frame_ms_p99"] <= summary["max_frame_ms"] and 0 <= summary["slow_frames"] < 60
    assert image.shape == (SIZE[1], SIZE[0], 3)
    # the cloth is green somewhere in the middle of the picture
    mid = image[SIZE[1] // 3 : 2 * SIZE[1] // 3].reshape(-1, 3).astype(int)
    assert np.mean((mid[:, 1] > mid[:, 0] + 30) & (mid[:, 1] > mid[:, 2])) > 0.3


def test_a_fast_and_a_slow_push_of_the_same_length_give_different_speeds(tmp_path):
    fast, _ = run_play(tmp_path, aim_and_stroke(60, push_s=0.06), duration=1.2)
    slow, _ = run_play(tmp_path, aim_and_stroke(60, push_s=0.6), duration=1.8)
    (f,), (s,) = fast["strikes"], slow["strikes"]
    assert f["speed"] > 4 * s["speed"] > 0


def test_click_without_pull_fires_nothing(tmp_path):
    summary, _ = run_play(tmp_path, aim_and_stroke(2), duration=1.2)
    assert summary["shots"] == 0 and summary["strikes"] == []
    assert summary["balls"]["cue"]["pos"][:2] == pytest.approx([-0.635, 0.0])
    assert summary["balls"]["cue"]["state"] == "rest"
    drawn, _ = run_play(tmp_path, aim_and_stroke(60, push_px=0), duration=1.2)  # drawn back, never pushed
    assert drawn["shots"] == 0


def test_the_aim_holds_while_the_pointer_visits_the_spin_widget(tmp_path):
    from billiard.app.layout import HudLayout

    layout = HudLayout.for_size(*SIZE)
    cx, cy = layout.spin_c
    events = aim_and_stroke(60, t0=1.0)
    x, y = events[1]["x"], events[1]["y"]
    visit = [
        {"t": 0.6, "type": "mouse_motion", "x": x, "y": y, "dx": 1, "dy": 0},
        {"t": 0.7, "type": "mouse_motion", "x": cx, "y": cy, "dx": cx - x, "dy": cy - y},
        {"t": 0.8, "type": "mouse_motion", "x": cx + 10, "y": cy + 5, "dx": 10, "dy": 5},
    ]
    plain, _ = run_play(tmp_path, events, duration=1.6)
    visited, _ = run_play(tmp_path, [events[0]] + visit + [dict(ev, t=ev["t"]) for ev in events[2:]], duration=1.6)
    assert plain["strikes"][0]["heading_deg"] == visited["strikes"][0]["heading_deg"]


def test_keyboard_strike_and_help_overlay_darkens_the_screen(tmp_path):
    plain, img_plain = run_play(tmp_path, [], duration=0.2)
    events = [
        {"t": 0.0, "type": "key_press", "symbol": "H"},
        {"t": 0.05, "type": "key_press", "symbol": "RIGHT", "modifiers": ["SHIFT"]},
        {"t": 0.1, "type": "key_press", "symbol": "SPACE"},
    ]
    summary, img_help = run_play(tmp_path, events, mode="three-cushion", table="carom", duration=0.4)
    assert summary["shots"] == 1 and summary["mode"] == "three-cushion"
    # the cue starts aimed at a legal ball: on the break the red (UMB), down the table (+x)
    assert summary["balls"]["white"]["pos"][0] > -0.6
    assert img_help.mean() < img_plain.mean()
    # the shot was recorded (still rolling at the end: simulated to the end) under $XDG_DATA_HOME
    (session,) = (tmp_path / "xdg-data" / "billiard" / "sessions").iterdir()
    shot = json.loads((session / "shot-001.json").read_text())
    assert shot["table"] == "carom" and shot["strike"]["ball"] == "white"
    red = next(b["pos"] for b in shot["balls"] if b["id"] == "red")
    final = json.loads((session / "shot-001.replay.json").read_text())["final"]["red"]["pos"]
    assert np.hypot(final[0] - red[0], final[1] - red[1]) > 0.05  # the replay has the red hit


def test_no_record_writes_nothing(tmp_path):
    summary, _ = run_play(
        tmp_path, [{"t": 0.0, "type": "key_press", "symbol": "SPACE"}], duration=0.2, extra=["--no-record"]
    )
    assert summary["shots"] == 1 and summary["camera"] == "follow"  # the balls still run
    assert not (tmp_path / "xdg-data").exists()


def test_saving_with_recording_off_says_so(tmp_path):
    events = [
        {"t": 0.0, "type": "key_press", "symbol": "K"},
        {"t": 0.05, "type": "text", "text": "a"},
        {"t": 0.1, "type": "key_press", "symbol": "ENTER"},
    ]
    summary, _ = run_play(tmp_path, events, duration=0.2, extra=["--no-record"])
    assert summary["message"] == "recording is off (--no-record): nothing to save" and summary["shots"] == 0
    # while typing, the name box is drawn across the middle of the screen
    _, image = run_play(tmp_path, events[:2], duration=0.2, extra=["--no-record"])
    assert np.abs(image[SIZE[1] // 2, int(0.22 * SIZE[0])].astype(int) - (20, 20, 30)).max() < 25


def test_msaa_default_follows_the_gl_renderer_and_the_option_overrides_it(tmp_path, gl_ctx):
    from billiard.render.msaa import choose_samples

    default = choose_samples(gl_ctx)  # 0 on llvmpipe, 4 on a GPU
    auto, img_auto = run_play(tmp_path, [], duration=0.1)
    forced, img_forced = run_play(tmp_path, [], duration=0.1, extra=["--msaa", "4" if default == 0 else "0"])
    assert auto["msaa"] == default and forced["msaa"] == (4 if default == 0 else 0)
    diff = np.abs(img_auto.astype(int) - img_forced.astype(int)).max(axis=2)
    assert 0 < np.mean(diff > 24) < 0.08  # the same picture but for its edges
    refused = play("--msaa", "3")
    assert refused.code == 2 and "--msaa" in refused.err and refused.summary is None


def test_bad_script_is_one_clear_error(tmp_path):
    script = tmp_path / "bad.json"
    script.write_text(json.dumps({"events": [{"t": 0, "type": "key_press", "symbol": "NOT_A_KEY"}]}))
    refused = play("--script", script)
    assert refused.code == 2 and "unknown key" in refused.err and len(refused.err.strip().splitlines()) == 1


def test_escape_menu_starts_a_new_game_in_another_mode(tmp_path):
    keys = ["ESCAPE", "DOWN", "DOWN", "RIGHT", "RIGHT", "UP", "ENTER"]  # mode: practice -> 9-ball
    events = [{"t": 0.02 * i, "type": "key_press", "symbol": k} for i, k in enumerate(keys)]
    summary, _ = run_play(tmp_path, events, table=None, duration=0.3)
    assert summary["mode"] == "9-ball" and summary["table"] == "pool-9ft" and "9" in summary["balls"]


def test_predicted_path_and_frame_counter_toggles_draw(tmp_path):
    events = [
        {"t": 0.0, "type": "key_press", "symbol": "T"},
        {"t": 0.0, "type": "key_press", "symbol": "F"},
        {"t": 0.0, "type": "key_press", "symbol": "V"},
    ]
    plain, img_plain = run_play(tmp_path, [{"t": 0.0, "type": "key_press", "symbol": "V"}], duration=0.2)
    summary, img_path = run_play(tmp_path, events, duration=0.2)
    assert summary["shots"] == 0
    assert np.abs(img_path.astype(int) - img_plain.astype(int)).sum(axis=2).astype(bool).sum() > 50


def test_window_without_display_is_one_clear_error(tmp_path):
    """A real process (``python -m billiard``, no arguments: play in a window) and its exit code."""
    env = {k: v for k, v in __import__("os").environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    proc = subprocess.run([sys.executable, "-m", "billiard"], capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 2 and "no display" in proc.stderr
    refused = play()  # --headless without a script
    assert refused.code == 2 and "--script" in refused.err


def test_ball_in_hand_follows_the_pointer_and_a_click_puts_it_down(tmp_path):
    screen = top_screen("pool-9ft")
    (x1, y1), (x2, y2) = screen(-0.8, 0.25), screen(0.6, 0.0)  # in the kitchen; on the rack: refused
    events = [
        {"t": 0.6, "type": "mouse_motion", "x": x1, "y": y1, "dx": 1, "dy": 0},
        {"t": 0.7, "type": "mouse_motion", "x": x2, "y": y2, "dx": x2 - x1, "dy": y2 - y1},
    ]
    summary, _ = run_play(tmp_path, events, mode="8-ball", table=None, duration=0.9)
    assert summary["shots"] == 0 and summary["camera"] == "top"  # placing: seen from above
    x, y = summary["balls"]["cue"]["pos"][:2]
    # the pointer went on to the rack: the ball slid towards it and stopped at the head string
    assert -0.70 < x <= -0.635 and y == pytest.approx(0.25 - 0.25 * (x + 0.8) / 1.4, abs=0.01)
    # put down with ENTER, then a stroke pressed right on the cue ball fires
    x0, y0 = screen(-0.8, 0.25)
    put = events[:1] + [
        {"t": 0.75, "type": "key_press", "symbol": "ENTER"},
        {"t": 0.8, "type": "key_press", "symbol": "V"},
    ]
    stroke = [
        dict(ev, t=ev["t"] + 0.8, x=x0, y=ev["y"] - (ev["y"] - y0 if ev["type"] != "key_press" else 0))
        for ev in aim_and_stroke(60, table="pool-9ft", t0=0.6)
        if ev["type"] != "key_press"
    ]
    played, _ = run_play(tmp_path, put + stroke[1:], mode="8-ball", table=None, duration=2.2)
    assert played["shots"] == 1 and played["strikes"][0]["speed"] > 1.0


def test_a_click_over_an_illegal_spot_puts_the_ball_down_where_it_is_drawn(tmp_path):
    """Issue 13: the ball drawn at the nearest legal spot is where a click leaves it."""
    screen = top_screen("pool-9ft")
    (x1, y1), (x2, y2) = screen(-0.8, 0.25), screen(0.6, 0.0)  # in the kitchen; on the rack: refused
    events = [
        {"t": 0.6, "type": "mouse_motion", "x": x1, "y": y1, "dx": 1, "dy": 0},
        {"t": 0.7, "type": "mouse_motion", "x": x2, "y": y2, "dx": x2 - x1, "dy": y2 - y1},
        {"t": 0.75, "type": "mouse_press", "x": x2, "y": y2, "button": "left"},
        {"t": 0.76, "type": "mouse_release", "x": x2, "y": y2, "button": "left"},
    ]
    summary, _ = run_play(tmp_path, events, mode="8-ball", table=None, duration=0.9)
    x, y = summary["balls"]["cue"]["pos"][:2]
    assert -0.70 < x <= -0.635 and y == pytest.approx(0.25 - 0.25 * (x + 0.8) / 1.4, abs=0.01)  # at the head string
    assert summary["camera"] == "aim" and summary["shots"] == 0  # put down: aiming from there


def test_menu_items_are_clickable(tmp_path):
    from billiard.app.layout import HudLayout
    from billiard.app.menu import ITEMS

    layout = HudLayout.for_size(*SIZE)
    mode, new = layout.menu_item(2, len(ITEMS)), layout.menu_item(1, len(ITEMS))  # the lines as drawn
    click = [(mode.x + 5, mode.y + 5), (new.x + new.w - 5, new.y + new.h - 5)]  # mode -> 8-ball, new game
    events = [{"t": 0.0, "type": "key_press", "symbol": "ESCAPE"}]
    for i, (x, y) in enumerate(click):
        events += [
            {"t": 0.05 + 0.05 * i, "type": "mouse_press", "x": x, "y": y, "button": "left"},
            {"t": 0.07 + 0.05 * i, "type": "mouse_release", "x": x, "y": y, "button": "left"},
        ]
    summary, _ = run_play(tmp_path, events, table=None, duration=0.3)
    assert summary["mode"] == "8-ball" and summary["shots"] == 0


def test_k_saves_the_last_shot_under_the_typed_name(tmp_path):
    import billiard

    slow = [{"t": 0.0, "type": "key_press", "symbol": "DOWN"}] * 8  # keyboard power 2% (0.24 m/s)
    typing = [
        {"t": 4.0, "type": "key_press", "symbol": "K"},
        {"t": 4.0, "type": "text", "text": "k"},  # the K's own echo: not typed
        {"t": 4.1, "type": "text", "text": "my shot"},
        {"t": 4.15, "type": "key_press", "symbol": "SPACE"},  # typing: no new strike
        {"t": 4.2, "type": "key_press", "symbol": "BACKSPACE"},
        {"t": 4.3, "type": "text", "text": "x 2"},
        {"t": 4.4, "type": "key_press", "symbol": "ENTER"},
    ]
    data = tmp_path / "data"
    summary, _ = run_play(
        tmp_path,
        slow + [{"t": 0.1, "type": "key_press", "symbol": "SPACE"}] + typing,
        duration=4.5,
        extra=["--data-dir", str(data)],
    )
    assert summary["shots"] == 1 and summary["message"] == "saved as my shox 2"
    assert summary["camera"] == "aim"  # back behind the cue ball after the shot
    saved = data / "saved" / "my shox 2.json"
    shot = billiard.load(saved)
    (session,) = (data / "sessions").iterdir()
    assert saved.read_bytes() == (session / "shot-001.json").read_bytes()
    replay = billiard.load(data / "saved" / "my shox 2.replay.json")
    assert list(replay.final["cue"].pos) == summary["balls"]["cue"]["pos"]
    assert shot.strike.speed == pytest.approx(0.24)


def _replays_script(after):
    """A slow shot (about 3 s), then at 4 s: Escape menu > Replays (UP UP wraps to it), ENTER
    on the list plays the newest entry, then ``after`` (events relative to 4.2 s)."""
    events = [{"t": 0.0, "type": "key_press", "symbol": "DOWN"}] * 8 + [
        {"t": 0.1, "type": "key_press", "symbol": "SPACE"},
        {"t": 4.0, "type": "key_press", "symbol": "ESCAPE"},
        {"t": 4.05, "type": "key_press", "symbol": "UP"},
        {"t": 4.06, "type": "key_press", "symbol": "UP"},
        {"t": 4.1, "type": "key_press", "symbol": "ENTER"},
        {"t": 4.2, "type": "key_press", "symbol": "ENTER"},
    ]
    return events + [dict(ev, t=4.2 + ev["t"]) for ev in after]


def test_replay_browser_plays_the_last_shot_in_the_game_window(tmp_path):
    from billiard.replay.controls import BAR_MARGIN

    keys = [{"t": 0.8, "type": "key_press", "symbol": s} for s in ("SPACE", "RIGHT", "DOWN", "L", "T")]
    summary, image = run_play(
        tmp_path, _replays_script(keys), duration=5.3, extra=["--data-dir", str(tmp_path / "data")]
    )
    assert summary["view"] == "replays" and summary["shots"] == 1
    r = summary["replays"]
    assert r["entries"] == 1 and r["file"] == "shot-001.replay.json" and r["verified"] is True
    # paused by SPACE, stepped by RIGHT onto the 60 Hz sample grid, DOWN slowed it to 0.5x
    assert r["paused"] and r["speed"] == 0.5 and 0.5 < r["t"] < r["end"]
    assert abs(r["t"] * 60 - round(r["t"] * 60)) < 1e-3
    assert r["loop"] and not r["trails"]
    # a click on the middle of the time bar scrubs to the middle of the shot
    mid = BAR_MARGIN + 0.5 * (SIZE[0] - 2 * BAR_MARGIN)
    scrub = [
        {"t": 0.5, "type": "mouse_press", "x": mid, "y": 10, "button": "left"},
        {"t": 0.55, "type": "mouse_release", "x": mid, "y": 10, "button": "left"},
    ]
    scrubbed, _ = run_play(
        tmp_path, _replays_script(scrub), duration=4.9, extra=["--data-dir", str(tmp_path / "data2")]
    )
    r2 = scrubbed["replays"]
    assert r2["paused"] and abs(r2["t"] - r2["end"] / 2) < 0.02
    # the viewer's time bar (orange fill) is drawn along the bottom of the game window
    assert np.abs(image[SIZE[1] - 12, 30].astype(int) - (255, 190, 60)).max() < 40


def test_escape_leaves_the_replay_and_the_game_goes_on(tmp_path):
    keys = [{"t": 0.3, "type": "key_press", "symbol": "ESCAPE"}, {"t": 0.4, "type": "key_press", "symbol": "SPACE"}]
    summary, _ = run_play(tmp_path, _replays_script(keys), duration=4.8, extra=["--data-dir", str(tmp_path / "d")])
    assert summary["view"] == "game" and summary["shots"] == 2


def test_a_recording_that_cannot_be_written_is_one_hud_line_and_the_game_goes_on(tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder should be")
    slow = [{"t": 0.0, "type": "key_press", "symbol": "DOWN"}] * 8 + [
        {"t": 0.1, "type": "key_press", "symbol": "SPACE"}
    ]
    summary, _ = run_play(tmp_path, slow, duration=4.2, extra=["--data-dir", str(blocked)])
    assert summary["shots"] == 1 and summary["message"].startswith("recording: ")
    assert "\n" not in summary["message"] and blocked.read_text().startswith("a file")


def test_a_script_seed_racks_as_the_window_does_and_repeats(tmp_path):
    tidy, _ = run_play(tmp_path, [], mode="9-ball", table=None, duration=0.1)
    seeded, _ = run_play(tmp_path, [], mode="9-ball", table=None, duration=0.1, seed=5)
    again, _ = run_play(tmp_path, [], mode="9-ball", table=None, duration=0.1, seed=5)
    assert seeded["balls"] == again["balls"] != tidy["balls"]
    assert set(seeded["balls"]) == set(tidy["balls"])


def test_the_head_string_shows_while_the_cue_ball_is_in_hand_behind_it(tmp_path):
    from billiard.display.cameras import framed_top_camera
    from billiard.app.layout import HudLayout
    from billiard.table import get_table

    t, size = get_table("pool-9ft"), (960, 540)
    cam = framed_top_camera(t, HudLayout.for_size(*size))

    def line_contrast(image):
        """The head string's pixel against the cloth 5 cm beside it."""
        (x, y), (bx, by) = (cam.project((t.head_string_x + dx, 0.3, 0.0), size) for dx in (0.0, 0.05))
        return int(image[int(y), int(x)].astype(int).sum()) - int(image[int(by), int(bx)].astype(int).sum())

    top = [{"t": 0.0, "type": "key_press", "symbol": "V"}]
    extra = ["--size", "%dx%d" % size]
    _, in_hand = run_play(tmp_path, top, mode="8-ball", table=None, duration=0.7, extra=extra)
    _, played = run_play(
        tmp_path,
        top
        + [
            {"t": 0.05, "type": "key_press", "symbol": "ENTER"},  # put down
            {"t": 0.1, "type": "key_press", "symbol": "SPACE"},
        ],
        mode="8-ball",
        table=None,
        duration=0.7,
        extra=extra,
    )
    assert line_contrast(in_hand) > 40 and abs(line_contrast(played)) < 15


def test_cue_path_preview_from_the_worker_is_in_the_last_frame(tmp_path):
    """T asks the preview worker for the cue path; the frames do not wait for it, and headless
    play waits for the last request before its screenshot, so the last frame has the path."""
    plain, _ = run_play(tmp_path, [], duration=0.4)
    summary, _ = run_play(tmp_path, [{"t": 0.05, "type": "key_press", "symbol": "T"}], duration=0.4)
    assert plain["cue_path_points"] == 0
    assert summary["cue_path_points"] > 10
    assert 0 <= summary["preview_frame_ms_max"] < 1000


def test_frame_figures_count_slow_frames_after_the_first_and_take_the_99th_percentile():
    from billiard.app.headless import frame_figures

    figures = frame_figures([0.5] + [0.010] * 98 + [0.050])  # a slow first frame is not counted
    assert figures["slow_frames"] == 1 and figures["max_frame_ms"] == 500.0
    assert figures["frame_ms_p99"] == pytest.approx(50.0 + 0.01 * 450.0)  # linear between the top two
    assert frame_figures([0.010] * 99 + [0.034])["frame_ms_p99"] == pytest.approx(10.0 + 0.01 * 24.0)
    assert frame_figures([])["slow_frames"] == 0


def test_a_recorded_shot_says_its_rack_and_what_happened(tmp_path):
    events = [{"t": 0.01 * k, "type": "key_press", "symbol": "DOWN"} for k in range(12)]  # a soft stroke
    events.append({"t": 0.2, "type": "key_press", "symbol": "SPACE"})
    summary, _ = run_play(tmp_path, events, mode="three-cushion", table="carom", duration=8.0)
    assert summary["shots"] == 1 and summary["turn"] == 1  # the shot ended and was judged
    (session,) = (tmp_path / "xdg-data" / "billiard" / "sessions").iterdir()
    (entry,) = json.loads((session / "match.json").read_text())["shots"]
    assert entry["rack"] == 1
    assert entry["note"] in ("scores", "no point") or entry["note"].startswith("foul ("), entry["note"]


def test_a_play_releases_its_renderer_s_gl_objects(tmp_path, monkeypatch):
    """The renderer's GL objects outlived a play's closed window (~6 MB each, issue 28: tools
    and tests that play many scripts in one process grew without end)."""
    from billiard.render.renderer import Renderer

    released = []
    release = Renderer.release
    monkeypatch.setattr(Renderer, "release", lambda self: (released.append(self), release(self))[1])
    run_play(tmp_path, [], duration=0.1)
    assert len(released) == 1 and released[0]._owned == [] and released[0]._offscreen is None
