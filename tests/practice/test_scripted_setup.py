"""End to end, headless: a script sets up a layout with the mouse in the top view (pick,
refused drop onto a ball, drop), leaves set-up, shoots, undoes; and a drill is scored."""

import json

import numpy as np
import pytest
from PIL import Image
from in_process import play_ok

from billiard.practice.placement import FROZEN_GAP
from billiard.display.cameras import framed_top_camera
from billiard.app.layout import HudLayout
from billiard.table import get_table
from billiard.table.cushion import nose_setback

SIZE = (640, 360)
KEYS_ONLY = (320, 180)  # the window of the scripts without the mouse
LAYOUT = {
    "format": "billiard-shot/1",
    "table": "pool-9ft",
    "balls": [{"id": "cue", "pos": [-0.5, 0.0]}, {"id": "1", "pos": [0.3, 0.2]}, {"id": "2", "pos": [0.6, -0.3]}],
}


def run(tmp_path, script, *extra, size=SIZE, fps=30):
    """Play ``script``; ``size``: a smaller window for the scripts that only press keys (the
    mouse's scripts aim at pixels of SIZE); ``fps``: fewer frames for the long scripts, most of
    whose time is spent waiting for the balls (the physics ticks are the same at any frame rate,
    and each input event is handled at its own time, between frames)."""
    path, summary = tmp_path / "script.json", tmp_path / "out.json"
    path.write_text(json.dumps(script))
    play_ok(
        "--script",
        path,
        "--summary",
        summary,
        "--size",
        "%dx%d" % size,
        "--fps",
        str(fps),
        "--data-dir",
        tmp_path / "data",
        *extra,
    )
    return json.loads(summary.read_text())


def pixel(x, y):
    """Where the bed point (x, y) is in the window (pyglet: origin bottom-left) in the top view."""
    cam = framed_top_camera(get_table("pool-9ft"), HudLayout.for_size(*SIZE))
    col, row = cam.project((x, y, 0.028575), SIZE)
    return round(col, 2), round(SIZE[1] - row, 2)


def click(t, x, y):
    px, py = pixel(x, y)
    return [
        {"t": t, "type": "mouse_motion", "x": px, "y": py, "dx": 0, "dy": 0},
        {"t": t + 0.02, "type": "mouse_press", "x": px, "y": py, "button": "left"},
        {"t": t + 0.04, "type": "mouse_release", "x": px, "y": py, "button": "left"},
    ]


def drag(t, start, end, shift=False):
    """Press on ``start``, drag in five steps to ``end`` (SHIFT held: snapping), release."""
    mods = ["SHIFT"] if shift else []
    (x0, y0), (x1, y1) = pixel(*start), pixel(*end)
    out = [{"t": t, "type": "key_press", "symbol": "LSHIFT"}] if shift else []
    out.append({"t": t + 0.01, "type": "mouse_press", "x": x0, "y": y0, "button": "left", "modifiers": mods})
    for k in range(1, 6):
        x, y = x0 + (x1 - x0) * k / 5, y0 + (y1 - y0) * k / 5
        out.append(
            {
                "t": t + 0.01 + 0.02 * k,
                "type": "mouse_drag",
                "x": x,
                "y": y,
                "dx": (x1 - x0) / 5,
                "dy": (y1 - y0) / 5,
                "buttons": ["left"],
                "modifiers": mods,
            }
        )
    out.append({"t": t + 0.15, "type": "mouse_release", "x": x1, "y": y1, "button": "left", "modifiers": mods})
    if shift:
        out.append({"t": t + 0.17, "type": "key_release", "symbol": "LSHIFT"})
    return out


def test_scripted_set_up_refuses_a_drop_onto_a_ball_then_plays_and_undoes(tmp_path):
    (tmp_path / "start.json").write_text(json.dumps(LAYOUT))
    events = [{"t": 0.05, "type": "key_press", "symbol": "V"}, {"t": 0.1, "type": "key_press", "symbol": "TAB"}]
    events += click(1.5, 0.3, 0.2)  # pick up the 1
    events += click(1.7, 0.61, -0.29)  # onto the 2: refused
    shot = tmp_path / "refused.png"
    first = run(tmp_path, {"duration": 1.9, "layout": "start.json", "events": events}, "--screenshot", str(shot))
    assert first["setup"]["held"] == "1" and first["setup"]["illegal"] == "on the 2 ball"
    # the illegal spot shows: a red ring round the held ball, drawn over the 2
    image = np.asarray(Image.open(shot)).astype(int)
    col, row = pixel(0.61, -0.29)
    row = SIZE[1] - row
    near = image[int(row) - 12 : int(row) + 13, int(col) - 12 : int(col) + 13].reshape(-1, 3)
    red = (near[:, 0] > 180) & (near[:, 1] < 110) & (near[:, 2] < 110)
    assert red.sum() >= 8
    far = image[20:60, 300:340].reshape(-1, 3)
    assert not ((far[:, 0] > 180) & (far[:, 1] < 110) & (far[:, 2] < 110)).any()
    assert first["layout"]["1"][:2] == [0.3, 0.2] and first["undo_depth"] == 0

    events += click(1.9, 0.0, 0.3)  # put it down on a free spot
    events += drag(2.0, (0.6, -0.3), (0.2, 0.55), shift=True)  # drag the 2 near the top cushion: frozen to it
    events += [{"t": 2.4, "type": "key_press", "symbol": "ENTER"}]  # leave set-up
    events += keys(2.45, *["DOWN"] * 5) + keys(2.6, "SPACE")  # shoot softly (keyboard power 15 %)
    played = run(tmp_path, {"duration": 6.0, "layout": "start.json", "events": events}, fps=10)
    assert "setup" not in played and played["shots"] == 1 and played["undo_depth"] == 3
    assert played["layout"]["1"][:2] == pytest.approx([0.0, 0.3], abs=0.004)
    table = get_table("pool-9ft")
    frozen = table.half_width - nose_setback(table.cushion_height, 0.028575) - FROZEN_GAP
    assert played["layout"]["2"][1] == frozen and played["layout"]["2"][0] == pytest.approx(0.2, abs=0.004)

    events += [{"t": 9.0, "type": "key_press", "symbol": "U"}]
    undone = run(tmp_path, {"duration": 9.2, "layout": "start.json", "events": events}, fps=10)
    assert undone["undo_depth"] == 2 and undone["message"] == "shot undone"
    assert all(undone["balls"][b]["pos"] == p for b, p in undone["layout"].items())


def test_a_drill_from_the_command_line_scores_the_attempt_and_keeps_the_best(tmp_path):
    events = [{"t": 0.05, "type": "key_press", "symbol": "SPACE"}]  # keyboard power 40 %: 3.2 m/s, a stop
    out = run(tmp_path, {"duration": 4.0, "events": events}, "--drill", "stop-ladder", size=KEYS_ONLY, fps=10)
    assert out["drill"] == {"name": "stop-ladder", "attempts": 1, "successes": 1, "best": 1, "score": 1, "rung": 1}
    assert len(list((tmp_path / "data").glob("sessions/*/shot-001.json"))) == 1  # the attempt is recorded
    best = json.loads((tmp_path / "data" / "drills" / "best.json").read_text())
    assert best["players"]["Player 1"]["stop-ladder"] == 1
    again = run(tmp_path, {"duration": 0.2, "events": []}, "--drill", "stop-ladder", size=KEYS_ONLY)
    assert again["drill"]["best"] == 1 and again["drill"]["attempts"] == 0


def keys(t, *symbols):
    return [{"t": t + 0.01 * i, "type": "key_press", "symbol": s} for i, s in enumerate(symbols)]


def test_the_menu_saves_the_layout_under_a_typed_name_and_loads_it_back(tmp_path):
    from billiard.app.menu import ITEMS
    from billiard.practice.layouts import load_layout

    (tmp_path / "start.json").write_text(json.dumps(LAYOUT))
    save = keys(0.1, "ESCAPE", *["DOWN"] * ITEMS.index("save layout"), "ENTER")
    save += [{"t": 0.3, "type": "text", "text": "my drill"}] + keys(0.4, "ENTER")
    out = run(tmp_path, {"duration": 0.6, "layout": "start.json", "events": save}, size=KEYS_ONLY)
    assert out["message"] == "layout saved as my drill"
    saved = load_layout(tmp_path / "data" / "layouts" / "my drill.json")
    assert {b: list(p) for b, p in saved.positions().items()} == out["layout"] and saved.strike is None
    load = keys(0.1, "ESCAPE", *["DOWN"] * ITEMS.index("layout"), "ENTER")
    again = run(tmp_path, {"duration": 0.3, "table": "pool-9ft", "events": load}, size=KEYS_ONLY)
    assert again["layout"] == out["layout"] and again["message"] == "layout my drill"


def test_undo_in_a_match_only_after_both_players_allow_it_in_the_menu(tmp_path, monkeypatch):
    from billiard.app.menu import ITEMS
    from billiard import settings

    monkeypatch.setenv("BILLIARD_CONFIG_DIR", str(tmp_path / "config"))
    shot = keys(0.3, *["DOWN"] * 6, "SPACE", "SPACE") + keys(9.0, "U")  # put the ball in hand down, a soft break
    refused = run(tmp_path, {"mode": "8-ball", "duration": 9.2, "events": shot}, size=KEYS_ONLY, fps=10)
    assert refused["undo_depth"] == 0 and "off in matches" in refused["message"] and refused["shots"] == 1
    allow = keys(0.01, "ESCAPE", *["DOWN"] * ITEMS.index("undo in matches"), "RIGHT", "ESCAPE")
    allowed = run(tmp_path, {"mode": "8-ball", "duration": 9.2, "events": allow + shot}, size=KEYS_ONLY, fps=10)
    assert allowed["message"] == "shot undone" and allowed["undo_depth"] == 0
    assert allowed["balls"]["cue"]["pos"] == allowed["layout"]["cue"]
    assert settings.load(tmp_path / "config").allow_undo_in_match


def test_the_menu_turns_called_shots_and_equal_innings_on_and_keeps_them(tmp_path, monkeypatch):
    """Issue 32's options in the window: each menu line toggles its rule for the game on the
    table and keeps it in the settings file for the next ones."""
    from billiard.app.menu import ITEMS
    from billiard import settings

    monkeypatch.setenv("BILLIARD_CONFIG_DIR", str(tmp_path / "config"))
    assert not settings.load(tmp_path / "config").called_shots
    both = keys(0.01, "ESCAPE", *["DOWN"] * ITEMS.index("called shots"), "RIGHT") + keys(0.3, "DOWN", "RIGHT")
    assert ITEMS.index("equal innings") == ITEMS.index("called shots") + 1
    out = run(tmp_path, {"mode": "8-ball", "duration": 0.5, "events": both}, size=KEYS_ONLY)
    assert out["message"] == "equal innings on"
    menu = [i["text"] for i in out["hud"] if i["kind"] == "menu"]
    assert "Called shots (8-ball): < on >" in menu and "Equal innings (three-cushion): < on >" in menu
    kept = settings.load(tmp_path / "config")
    assert kept.called_shots and kept.equal_innings
