"""End to end: ``billiard play --headless --audio-log``: the real game, its physics events
and its menu, with the sounds read back from the log."""

import json

import pytest
from in_process import play_ok

from billiard import settings
from billiard.audio.mapping import gain_for

POWER_UP = [{"t": 0.01 * i, "type": "key_press", "symbol": "UP"} for i in range(1, 13)]  # keyboard power 100%
# a seeded 8-ball rack whose full-power (12 m/s) break pots a ball (the 3) about 2 s after the strike
# (a break is chaotic: a change of the physics can move that pot; pick another seed then)
BREAK = {"mode": "8-ball", "seed": 2, "duration": 3.2}
PUT_DOWN = [{"t": 0.0, "type": "key_press", "symbol": "ENTER"}]  # the break starts with ball in hand


def play(tmp_path, events, extra=(), **script):
    path = tmp_path / "script.json"
    path.write_text(json.dumps({**BREAK, **script, "events": events}))
    log, summary = tmp_path / "sounds.jsonl", tmp_path / "summary.json"
    play_ok(
        "--script",
        path,
        "--size",
        "160x90",
        "--fps",
        "30",
        "--audio-log",
        log,
        "--summary",
        summary,
        *(extra if "--data-dir" in extra else ["--no-record", *extra]),
    )
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert json.loads(summary.read_text())["sounds"] == len(lines)
    return lines


def test_a_break_sounds_right_and_the_menu_volume_is_applied_and_saved(tmp_path):
    menu_volume = (
        [{"t": 0.0, "type": "key_press", "symbol": "ESCAPE"}]
        + [{"t": 0.01, "type": "key_press", "symbol": "DOWN"}] * 4
        + [{"t": 0.02, "type": "key_press", "symbol": "LEFT"}] * 4
        + [{"t": 0.03, "type": "key_press", "symbol": "ESCAPE"}]
    )  # 80% -> 40%, menu closed
    strike = [dict(e, t=e["t"] + 0.05) for e in POWER_UP] + [{"t": 0.2, "type": "key_press", "symbol": "SPACE"}]
    log = play(tmp_path, PUT_DOWN + menu_volume + strike)
    assert settings.load().volume == pytest.approx(0.4)  # saved for the next game
    kinds = [d["sound"] for d in log]
    assert kinds.count("cue") == 1 and kinds[0] == "cue"
    cue = log[0]
    assert cue["t"] == pytest.approx(0.2, abs=1 / 30 + 1e-6)  # the frame of the SPACE key
    assert cue["gain"] == pytest.approx(0.4 * gain_for("cue", 12.0), rel=1e-4)
    balls = [d for d in log if d["sound"] == "ball"]
    assert len(balls) >= 5
    by_speed = sorted(balls, key=lambda d: d["speed"])
    gains = [d["gain"] for d in by_speed]
    assert all(a <= b for a, b in zip(gains, gains[1:])) and gains[-1] > 5 * gains[0]
    assert all(d["gain"] == pytest.approx(0.4 * gain_for("ball", d["speed"]), rel=1e-3) for d in balls)
    assert kinds.count("cushion") >= 2
    (drop,) = [d for d in log if d["sound"] == "drop"]  # the potted ball
    assert drop["t"] == pytest.approx(0.2 + drop["event_t"], abs=1 / 30 + 1e-6)
    # every sound sits in time: its clock time is the strike's plus its event time
    assert all(abs(d["t"] - (cue["t"] + d["event_t"])) <= 1 / 30 + 1e-6 for d in log)
    assert all(-1 <= d["pan"] <= 1 for d in log) and len({d["pan"] for d in log}) > 3


def test_mute_gives_no_sound_and_the_menu_mute_is_saved(tmp_path):
    strike = PUT_DOWN + POWER_UP + [{"t": 0.15, "type": "key_press", "symbol": "SPACE"}]
    assert play(tmp_path, strike, extra=["--mute"], duration=0.6) == []
    assert settings.load().mute is False  # --mute is for this run only
    menu_mute = (
        [{"t": 0.0, "type": "key_press", "symbol": "ESCAPE"}]
        + [{"t": 0.01, "type": "key_press", "symbol": "DOWN"}] * 5
        + [{"t": 0.02, "type": "key_press", "symbol": "ENTER"}, {"t": 0.03, "type": "key_press", "symbol": "ESCAPE"}]
    )
    assert play(tmp_path, PUT_DOWN + menu_mute + [dict(e, t=e["t"] + 0.05) for e in strike[1:]], duration=0.6) == []
    assert settings.load().mute is True
    assert play(tmp_path, strike, duration=0.6) == []  # and it stays muted


def test_the_in_game_replay_browser_plays_the_shot_sounds_again(tmp_path):
    """Escape > Replays > the last shot: the same sounds, from the replay's strike on."""
    slow = [{"t": 0.02, "type": "key_press", "symbol": "DOWN"}] * 7 + [
        {"t": 0.1, "type": "key_press", "symbol": "SPACE"}
    ]  # 5% power: a 0.6 m/s roll (6 s)
    browse = [
        {"t": 7.0, "type": "key_press", "symbol": "ESCAPE"},  # the ball has stopped by then
        {"t": 7.05, "type": "key_press", "symbol": "UP"},
        {"t": 7.06, "type": "key_press", "symbol": "UP"},
        {"t": 7.1, "type": "key_press", "symbol": "ENTER"},
        {"t": 7.2, "type": "key_press", "symbol": "ENTER"},
    ]
    log = play(
        tmp_path,
        slow + browse,
        extra=["--data-dir", str(tmp_path / "data")],
        mode="practice",
        table="pool-9ft",
        duration=7.6,
    )
    cues = [d for d in log if d["sound"] == "cue"]
    assert len(cues) == 2 and cues[0]["t"] == pytest.approx(0.1, abs=1 / 30 + 1e-6)
    assert 7.2 <= cues[1]["t"] <= 7.2 + 2 / 30 and cues[1]["event_t"] == 0.0
    assert cues[1]["gain"] == cues[0]["gain"]
