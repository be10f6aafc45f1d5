"""The computer in the real window (headless play): it takes its turn, its cue aims and
strikes through the controls (the strike comes after the aiming time), the summary names the
players, and a person's mouse cannot strike for it."""
import json
import subprocess
import sys

SIZE = (320, 180)


def run(tmp_path, events, players, duration=2.5):
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"mode": "three-cushion", "duration": duration, "seed": 1, "events": events}))
    summary = tmp_path / "out.json"
    proc = subprocess.run([sys.executable, "-m", "billiard", "play", "--headless", "--script", str(script),
                           "--summary", str(summary), "--size", "%dx%d" % SIZE, "--fps", "20", "--no-record",
                           "--quality", "low", "--players", players], capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr
    return json.loads(summary.read_text())


def test_the_computer_aims_then_strikes_and_ignores_the_mouse(tmp_path):
    press = [{"t": 0.1, "type": "mouse_press", "x": 160, "y": 90, "button": "left"},
             {"t": 0.2, "type": "mouse_drag", "x": 160, "y": 60, "dx": 0, "dy": -30, "buttons": ["left"]},
             {"t": 0.25, "type": "mouse_drag", "x": 160, "y": 120, "dx": 0, "dy": 60, "buttons": ["left"]},
             {"t": 0.3, "type": "mouse_release", "x": 160, "y": 120, "button": "left"},
             {"t": 0.4, "type": "key_press", "symbol": "SPACE"}]
    out = run(tmp_path, press, "computer:1,human")
    assert out["players"] == ["computer:1", "human"]
    assert len(out["strikes"]) == 1
    assert out["strikes"][0]["t"] >= 1.3          # after the cue was seen aiming and drawing back
    assert "computer" in out["message"]
