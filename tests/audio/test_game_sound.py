"""The game's feed: each frame's new events, placed in the frame at their physics time
(stretched in slow motion), each shot's events heard once."""

import json
from dataclasses import dataclass, field

import numpy as np
import pytest

from billiard.audio.audio_log import AudioLog
from billiard.audio.engine import AudioEngine
from billiard.app.game_sound import GameSound
from billiard.physics.events import Event


@dataclass
class FakeBalls:
    ids: tuple = ("cue", "1")
    pos: np.ndarray = field(default_factory=lambda: np.array([[-0.5, 0.0, 0.03], [0.5, 0.0, 0.03]]))


@dataclass
class FakeSession:
    shots: int = 0
    shot_events: list = field(default_factory=list)
    shot_time: float = 0.0
    balls: FakeBalls = field(default_factory=FakeBalls)
    table: object = None


def test_events_are_heard_once_in_time_and_stretched_in_slow_motion(tmp_path):
    engine = AudioEngine(volume=1.0, log=AudioLog(tmp_path / "a.jsonl"))
    sound, s = GameSound(engine), FakeSession()
    frame = 0.02
    sound.update(s, frame, 1.0, None, (16, 9))  # nothing yet
    s.shots, s.shot_events = 1, [Event(0.0, "strike", ("cue",), {"speed": 4.0})]
    s.shot_events.append(Event(0.008, "ball-ball", ("cue", "1"), {"speed": 3.0}))
    s.shot_time = 0.01  # half speed: 10 ms of physics
    sound.update(s, frame, 0.5, None, (16, 9))
    s.shot_events.append(Event(0.015, "ball-cushion", ("1",), {"kind": "cushion", "speed": 2.0}))
    s.shot_time = 0.02
    sound.update(s, frame, 0.5, None, (16, 9))
    sound.update(s, frame, 0.5, None, (16, 9))  # no new events: nothing
    s.shots, s.shot_events, s.shot_time = 2, [Event(0.0, "strike", ("cue",), {"speed": 1.0})], 0.0
    sound.update(s, frame, 1.0, None, (16, 9))  # the next shot starts afresh
    engine.close()
    log = [json.loads(x) for x in (tmp_path / "a.jsonl").read_text().splitlines()]
    assert [d["sound"] for d in log] == ["cue", "ball", "cushion", "cue"]
    assert [d["t"] for d in log] == pytest.approx([0.02, 0.02 + 0.016, 0.04 + 0.01, 0.08])
