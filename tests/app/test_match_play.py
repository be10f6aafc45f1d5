"""Issue 13 end to end through scripted input: the HUD leaves every pocket in sight, a cue
ball frozen against a rail is struck with the cue raised, refused table/mode pairs, time
sped up, the replay browser answers the mouse."""

import numpy as np
import pytest
from in_process import play
from test_headless_play import SIZE, aim_and_stroke, run_play, top_screen


def test_the_hud_hides_no_pocket_in_the_top_view(tmp_path):
    from billiard.display.cameras import framed_top_camera
    from billiard.app.layout import HudLayout
    from billiard.render.tray import tray_rects
    from billiard.table import get_table

    for size in ((480, 270), (800, 600)):
        summary, image = run_play(
            tmp_path,
            [{"t": 0.0, "type": "key_press", "symbol": "V"}],
            mode="8-ball",
            table="pool-8ft",
            duration=0.7,
            extra=["--size", "%dx%d" % size],
        )
        table, layout = get_table("pool-8ft"), HudLayout.for_size(*size)
        cam = framed_top_camera(table, layout)
        assert summary["camera"] == "top"
        for pocket in table.pockets:
            col, row = cam.project((*pocket.center, 0.0), size)
            assert not layout.near_widget(col, size[1] - row, pad=0.0), pocket.name
            full = (("1", "2", "3", "4", "5", "6", "7"), ("9", "10", "11", "12", "13", "14", "15"))
            for x, y, w, h in tray_rects(*size, full):  # the trays of pocketed balls, full
                assert not (x <= col <= x + w and y <= size[1] - row <= y + h), pocket.name
            assert image[int(row), int(col)].astype(int).sum() < 90, (size, pocket.name)  # a dark hole


def test_a_cue_ball_frozen_against_a_rail_is_struck_with_the_cue_raised(tmp_path):
    from billiard.table import get_table

    t = get_table("pool-9ft")
    screen = top_screen("pool-9ft")
    x, y = screen(-t.half_length + 0.031, 0.2)  # against the head rail (within a pixel)
    pick = [
        {"t": 0.0, "type": "key_press", "symbol": "M"},
        {"t": 0.1, "type": "mouse_motion", "x": x, "y": y, "dx": 1, "dy": 0},
        {"t": 0.6, "type": "mouse_motion", "x": x + 1, "y": y, "dx": 1, "dy": 0},
        {"t": 0.65, "type": "key_press", "symbol": "ENTER"},
    ]
    stroke = [dict(ev, t=ev["t"] + 0.7) for ev in aim_and_stroke(60, aim_at=(0.5, 0.2), table="pool-9ft")]
    summary, _ = run_play(tmp_path, pick + stroke, table="pool-9ft", duration=2.2)
    (strike,) = summary["strikes"]
    assert strike["elevation_deg"] > 10.0 and (strike["heading_deg"] + 180) % 360 - 180 == pytest.approx(0.0, abs=1.0)


def test_refused_table_and_mode_pairs_exit_2_with_one_line(tmp_path):
    for mode, table in (
        ("8-ball", "practice"),
        ("9-ball", "carom"),
        ("snooker", "pool-9ft"),
        ("three-cushion", "snooker"),
    ):
        script = tmp_path / "s.json"
        script.write_text('{"duration": 0.1}')
        refused = play("--script", script, "--mode", mode, "--table", table)
        assert refused.code == 2 and len(refused.err.strip().splitlines()) == 1, refused.err
        assert mode in refused.err and table in refused.err and refused.summary is None


def test_time_runs_at_2x_and_4x_while_the_balls_roll(tmp_path):
    turn = [{"t": 0.0, "type": "key_press", "symbol": "LEFT"}] * 180  # away from the rack
    soft = [{"t": 0.0, "type": "key_press", "symbol": "DOWN"}] * 8  # 0.24 m/s, no collision
    shot = turn + soft + [{"t": 0.05, "type": "key_press", "symbol": "SPACE"}]
    fast, _ = run_play(
        tmp_path, shot + [{"t": 0.1, "type": "key_press", "symbol": "_5"}], table="pool-9ft", duration=0.5
    )
    double, _ = run_play(
        tmp_path, shot + [{"t": 0.1, "type": "key_press", "symbol": "_4"}], table="pool-9ft", duration=0.5
    )
    # 0.1 s at 1x then 0.4 s at 4x (2x) is the same shot as 1.7 s (0.9 s) at 1x
    for sped, seconds in ((fast, 1.7), (double, 0.9)):
        plain, _ = run_play(tmp_path, shot, table="pool-9ft", duration=seconds)
        assert sped["balls"]["cue"]["pos"] == pytest.approx(plain["balls"]["cue"]["pos"], abs=0.004)
    assert fast["balls"]["cue"]["pos"][0] < double["balls"]["cue"]["pos"][0] < -0.7


def test_the_replay_browser_opens_a_shot_with_two_clicks(tmp_path):
    from billiard.replay.browser_panel import ROW_H

    first_row = SIZE[1] - 76 - 7 + ROW_H / 2
    soft = [{"t": 0.0, "type": "key_press", "symbol": "DOWN"}] * 8
    events = soft + [
        {"t": 0.0, "type": "key_press", "symbol": "SPACE"},
        {"t": 0.05, "type": "key_press", "symbol": "_5"},  # 4x: the shot is over soon
        {"t": 1.3, "type": "key_press", "symbol": "ESCAPE"},
        {"t": 1.35, "type": "key_press", "symbol": "UP"},
        {"t": 1.36, "type": "key_press", "symbol": "UP"},
        {"t": 1.4, "type": "key_press", "symbol": "ENTER"},
    ]
    for t in (1.5, 1.6):
        events += [
            {"t": t, "type": "mouse_press", "x": 100, "y": first_row, "button": "left"},
            {"t": t + 0.02, "type": "mouse_release", "x": 100, "y": first_row, "button": "left"},
        ]
    summary, _ = run_play(
        tmp_path, events, table="pool-9ft", duration=1.8, extra=["--data-dir", str(tmp_path / "data")]
    )
    assert (
        summary["shots"] == 1 and summary["view"] == "replays" and summary["replays"]["file"] == "shot-001.replay.json"
    )


def test_the_first_hint_and_the_reason_a_stroke_did_not_fire(tmp_path):
    from billiard.app.hud_state import FIRST_HINT, hud_state
    from billiard.shell.input import MousePress, MouseRelease
    from billiard.app.layout import HudLayout
    from billiard.app.controls import Controls
    from billiard.app.setup import new_session

    s = new_session("practice", "pool-9ft")
    c = Controls(HudLayout.for_size(1280, 720), s)
    state = hud_state(s, c, paused=False, speed=1.0, frame_ms=1.0, menu=None)
    assert state.hint == FIRST_HINT
    c.handle(MousePress(640, 500, "left"))
    c.handle(MouseRelease(640, 500, "left"))
    state = hud_state(s, c, paused=False, speed=1.0, frame_ms=1.0, menu=None)
    assert state.hint.startswith("no stroke:")
    assert np.isfinite(state.elevation_deg)
