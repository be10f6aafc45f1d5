"""Replays play the same sounds in time at any playback speed (pitch kept), loop included."""

import json

import pytest

import billiard
from billiard.audio.audio_log import AudioLog
from billiard.audio.engine import AudioEngine
from billiard.audio.replay_sound import ReplaySound, replay_cues
from billiard.replay.timeline import Timeline
from billiard.display.playback import Playback

SHOT = {
    "format": "billiard-shot/1",
    "table": "pool-9ft",
    "balls": [{"id": "cue", "pos": [-0.8, 0.0]}, {"id": "1", "pos": [0.4, 0.0]}],
    "strike": {"ball": "cue", "speed": 1.6, "heading_deg": 0.0, "elevation_deg": 0.0, "tip": [0.0, 0.0]},
}


def play(tmp_path, faster=0, slower=0, loop=False, seconds=None, frame=1 / 60):
    replay = billiard.simulate(SHOT)
    track = Playback.from_replay(replay)
    cues = replay_cues(replay.events, track.ids, lambda t: track.pose(t)[0])
    engine = AudioEngine(log=AudioLog(tmp_path / "a.jsonl"))
    sound = ReplaySound(engine)
    tl = Timeline(track.duration, track.frame_dt, track.start)
    sound.load(cues, tl.start, tl.end)
    for _ in range(faster):
        tl.faster()
    for _ in range(slower):
        tl.slower()
    tl.loop = loop
    wall = 0.0
    while wall < (seconds if seconds is not None else track.duration / tl.speed + 0.1):
        before = tl.t
        tl.advance(frame)
        sound.update(before, tl.t, tl.loop and tl.t < before, tl.speed, frame, None, 1.0)
        wall += frame
    engine.close()
    return cues, tl, [json.loads(s) for s in (tmp_path / "a.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("faster, slower", [(0, 0), (0, 2), (2, 0)])
def test_every_sound_plays_once_at_its_time_over_the_speed(tmp_path, faster, slower):
    cues, tl, log = play(tmp_path, faster, slower)
    assert tl.speed == {(0, 0): 1.0, (0, 2): 0.25, (2, 0): 2.0}[(faster, slower)]
    assert [d["sound"] for d in log] == [c.sound for c in cues]
    for d, c in zip(log, cues):
        assert d["event_t"] == pytest.approx(c.t, abs=1e-6)
        assert d["t"] == pytest.approx(c.t / tl.speed, abs=1e-6)  # placed inside its frame exactly
        assert d["gain"] == pytest.approx(0.8 * c.gain, abs=1e-6)  # same sound at any speed


def test_a_looping_replay_plays_its_sounds_again_from_the_strike(tmp_path):
    cues, tl, log = play(tmp_path, loop=True, seconds=1.3 * (tl_end := billiard.simulate(SHOT).duration))
    kinds = [d["sound"] for d in log]
    assert kinds.count("cue") == 2 and kinds[len(cues)] == "cue"
    assert log[len(cues)]["t"] == pytest.approx(tl_end, abs=1e-6)


def test_a_paused_or_scrubbed_replay_is_silent(tmp_path):
    replay = billiard.simulate(SHOT)
    sound = ReplaySound(AudioEngine())
    track = Playback.from_replay(replay)
    sound.load(replay_cues(replay.events, track.ids, lambda t: track.pose(t)[0]), 0.0, replay.duration)
    assert sound.passed(1.0, 1.0, False) == [] and sound.passed(2.0, 0.5, False) == []
    assert [c.sound for _, c in sound.passed(0.0, 0.001, False)] == ["cue"]
    assert [c.sound for _, c in sound.passed(0.9, 1.0, False)] == ["ball"]
