"""Issue 7 end to end: two shots played through the scripted headless game are recorded,
each replay byte-identical to `billiard simulate` on its shot file, and the game's balls end
exactly where the recorded replay says."""

import json

from in_process import play_ok

import billiard
import billiard.cli
from billiard.replay import Match


def _stroke(t0, turn_px, x=400, y=220):
    """Aim with the mouse, press, draw back 12 px and push forward 12 px (a real stroke)."""
    return [
        {"t": t0, "type": "mouse_motion", "x": x, "y": y, "dx": turn_px, "dy": 0},
        {"t": t0 + 0.15, "type": "mouse_press", "x": x, "y": y, "button": "left"},
        {"t": t0 + 0.2, "type": "mouse_drag", "x": x, "y": y - 6, "dx": 0, "dy": -6, "buttons": ["left"]},
        {"t": t0 + 0.25, "type": "mouse_drag", "x": x, "y": y - 12, "dx": 0, "dy": -6, "buttons": ["left"]},
        {"t": t0 + 0.3, "type": "mouse_drag", "x": x, "y": y - 6, "dx": 0, "dy": 6, "buttons": ["left"]},
        {"t": t0 + 0.35, "type": "mouse_drag", "x": x, "y": y, "dx": 0, "dy": 6, "buttons": ["left"]},
        {"t": t0 + 0.4, "type": "mouse_release", "x": x, "y": y, "button": "left"},
    ]


def test_scripted_play_records_replays_identical_to_billiard_simulate(tmp_path):
    script = tmp_path / "script.json"
    script.write_text(
        json.dumps(
            {
                "mode": "practice",
                "table": "practice",
                "duration": 14.0,
                "events": _stroke(0.05, -360) + _stroke(7.0, 200),
            }
        )
    )
    data = tmp_path / "data"
    play_ok(
        "--script",
        script,
        "--summary",
        tmp_path / "summary.json",
        "--size",
        "480x270",
        "--fps",
        "30",
        "--data-dir",
        data,
    )
    summary = json.loads((tmp_path / "summary.json").read_text())
    (session,) = (data / "sessions").iterdir()
    for k in (1, 2):
        again = tmp_path / f"again-{k}.json"
        assert billiard.cli.main(["simulate", str(session / f"shot-00{k}.json"), "-o", str(again)]) == 0
        assert again.read_bytes() == (session / f"shot-00{k}.replay.json").read_bytes()
    last = billiard.load(session / "shot-002.replay.json")
    assert {b: list(f.pos) for b, f in last.final.items()} == {b: summary["balls"][b]["pos"] for b in last.final}
    match = Match.load(session / "match.json")
    assert match.mode == "practice" and len(match) == 2 == summary["shots"]
