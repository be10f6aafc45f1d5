"""End to end: ``billiard play --headless --audio-log``: the real game, its physics events
and its menu, with the sounds read back from the log."""
import json
import subprocess
import sys

import pytest

from billiard import settings
from billiard.audio.mapping import gain_for

POWER_UP = [{"t": 0.01 * i, "type": "key_press", "symbol": "UP"} for i in range(1, 13)]   # keyboard power 100%
BREAK = {"mode": "8-ball", "duration": 1.6}          # the tidy rack (no seed), the opening break
# practice on a 9 ft table: the cue ball in hand at (-0.635, 0), aimed at the nearest ball
# (heading 0); +540 px of mouse turns the cue -135 degrees, straight at the bottom-left corner
# pocket 0.91 m away (its mouth allows about +-4 degrees): a pot that no physics change moves
POT = {"mode": "practice", "table": "pool-9ft", "duration": 1.2}
POT_EVENTS = [{"t": 0.05, "type": "mouse_motion", "x": 400, "y": 220, "dx": 540, "dy": 0},
              {"t": 0.2, "type": "key_press", "symbol": "SPACE"}]


def play(tmp_path, events, extra=(), **script):
    path = tmp_path / "script.json"
    path.write_text(json.dumps({**BREAK, **script, "events": events}))
    log, summary = tmp_path / "sounds.jsonl", tmp_path / "summary.json"
    proc = subprocess.run([sys.executable, "-m", "billiard", "play", "--headless", "--script", str(path),
                           "--size", "160x90", "--fps", "30", "--audio-log", str(log),
                           "--summary", str(summary), *(extra if "--data-dir" in extra else ["--no-record", *extra])], capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert json.loads(summary.read_text())["sounds"] == len(lines)
    return lines


def test_a_break_sounds_right_and_the_menu_volume_is_applied_and_saved(tmp_path):
    menu_volume = [{"t": 0.0, "type": "key_press", "symbol": "ESCAPE"}] + \
        [{"t": 0.01, "type": "key_press", "symbol": "DOWN"}] * 4 + \
        [{"t": 0.02, "type": "key_press", "symbol": "LEFT"}] * 4 + \
        [{"t": 0.03, "type": "key_press", "symbol": "ESCAPE"}]               # 80% -> 40%, menu closed
    strike = [dict(e, t=e["t"] + 0.05) for e in POWER_UP] + [{"t": 0.2, "type": "key_press", "symbol": "SPACE"}]
    log = play(tmp_path, menu_volume + strike)
    assert settings.load().volume == pytest.approx(0.4)                     # saved for the next game
    kinds = [d["sound"] for d in log]
    assert kinds.count("cue") == 1 and kinds[0] == "cue"
    cue = log[0]
    assert cue["t"] == pytest.approx(0.2, abs=1 / 30 + 1e-6)               # the frame of the SPACE key
    assert cue["gain"] == pytest.approx(0.4 * gain_for("cue", 8.0), rel=1e-4)
    balls = [d for d in log if d["sound"] == "ball"]
    assert len(balls) >= 5
    by_speed = sorted(balls, key=lambda d: d["speed"])
    gains = [d["gain"] for d in by_speed]
    assert all(a <= b for a, b in zip(gains, gains[1:])) and gains[-1] > 5 * gains[0]
    assert all(d["gain"] == pytest.approx(0.4 * gain_for("ball", d["speed"]), rel=1e-3) for d in balls)
    assert kinds.count("cushion") >= 2
    # every sound sits in time: its clock time is the strike's plus its event time
    assert all(abs(d["t"] - (cue["t"] + d["event_t"])) <= 1 / 30 + 1e-6 for d in log)
    assert all(-1 <= d["pan"] <= 1 for d in log) and len({d["pan"] for d in log}) > 3


def test_a_pot_gives_a_drop_at_its_time_from_the_pocket_ahead(tmp_path):
    log = play(tmp_path, POT_EVENTS, **POT)
    kinds = [d["sound"] for d in log]
    assert kinds[0] == "cue" and kinds.count("drop") == 1 and "ball" not in kinds
    (drop,) = [d for d in log if d["sound"] == "drop"]
    assert 0.2 < drop["event_t"] < 0.8
    assert drop["t"] == pytest.approx(0.2 + drop["event_t"], abs=1 / 30 + 1e-6)
    assert abs(drop["pan"]) < 0.2              # the pocket is straight ahead of the aiming view


def test_mute_gives_no_sound_and_the_menu_mute_is_saved(tmp_path):
    strike = POWER_UP + [{"t": 0.15, "type": "key_press", "symbol": "SPACE"}]
    assert play(tmp_path, strike, extra=["--mute"], duration=0.6) == []
    assert settings.load().mute is False                                    # --mute is for this run only
    menu_mute = [{"t": 0.0, "type": "key_press", "symbol": "ESCAPE"}] + \
        [{"t": 0.01, "type": "key_press", "symbol": "DOWN"}] * 5 + \
        [{"t": 0.02, "type": "key_press", "symbol": "ENTER"}, {"t": 0.03, "type": "key_press", "symbol": "ESCAPE"}]
    assert play(tmp_path, menu_mute + [dict(e, t=e["t"] + 0.05) for e in strike], duration=0.6) == []
    assert settings.load().mute is True
    assert play(tmp_path, strike, duration=0.6) == []                       # and it stays muted


def test_the_in_game_replay_browser_plays_the_shot_sounds_again(tmp_path):
    """Escape > Replays > the last shot: the same sounds, from the replay's strike on."""
    slow = [{"t": 0.0, "type": "key_press", "symbol": "DOWN"}] * 7 + \
        [{"t": 0.1, "type": "key_press", "symbol": "SPACE"}]               # 5% power: a 0.4 m/s roll
    browse = [{"t": 4.0, "type": "key_press", "symbol": "ESCAPE"},        # the ball has stopped by then
              {"t": 4.05, "type": "key_press", "symbol": "UP"}, {"t": 4.06, "type": "key_press", "symbol": "UP"},
              {"t": 4.1, "type": "key_press", "symbol": "ENTER"}, {"t": 4.2, "type": "key_press", "symbol": "ENTER"}]
    log = play(tmp_path, slow + browse, extra=["--data-dir", str(tmp_path / "data")], mode="practice",
               table="pool-9ft", duration=4.6)
    cues = [d for d in log if d["sound"] == "cue"]
    assert len(cues) == 2 and cues[0]["t"] == pytest.approx(0.1, abs=1 / 30 + 1e-6)
    assert 4.2 <= cues[1]["t"] <= 4.2 + 2 / 30 and cues[1]["event_t"] == 0.0
    assert cues[1]["gain"] == cues[0]["gain"]
