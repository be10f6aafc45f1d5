"""A replay's sounds: in the viewer, in time at any playback speed; offline, as a soundtrack.

Playback speed: the sounds keep their pitch. Each event's sound starts when the replay
clock passes the event, so at 0.25x the clicks of a break are spread four times as wide
(the rhythm slows with the picture), but each click is the same click: scaling the pitch
with the speed would turn the 2-10 kHz click of a ball into a 500 Hz-2.5 kHz knock at
0.25x and into a squeak at 2x, which no longer sounds like billiard balls.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from billiard.audio.engine import AudioEngine, shared_bank
from billiard.audio.voices import voices_for
from billiard.audio.mapping import SoundCue, contact_point, cue_for
from billiard.audio.mixer import limit, mix
from billiard.audio.synth import RATE
from billiard.physics.events import Event
from billiard.render.camera import Camera

TAIL_S = 0.5  # silence kept after the last sound ends in a soundtrack


def replay_cues(events: Sequence[Event], ids: tuple[str, ...], pose_at, table=None) -> list[SoundCue]:
    """The sounds of a replay's events; ``pose_at(t) -> (B, 3) positions`` places them (drops
    at their pocket when ``table`` is given)."""
    out = []
    for e in events:
        cue = cue_for(e, contact_point(ids, pose_at(e.t), table))
        if cue is not None:
            out.append(cue)
    return out


class ReplaySound:
    """Feeds an :class:`AudioEngine` from a replay being played by a timeline."""

    def __init__(self, engine: AudioEngine) -> None:
        self.engine = engine
        self.cues: list[SoundCue] = []
        self.start = 0.0
        self.end = 0.0

    def load(self, cues: list[SoundCue], start: float, end: float) -> None:
        self.cues, self.start, self.end = sorted(cues, key=lambda c: c.t), start, end

    def passed(self, before: float, after: float, wrapped: bool) -> list[tuple[float, SoundCue]]:
        """(replay time travelled before the cue, cue) for the cues the clock passed going from
        ``before`` to ``after`` (through the end and back to the start when ``wrapped``).
        A cue exactly at the start (the strike) counts when the clock leaves the start."""

        def span(a: float, b: float, offset: float) -> list[tuple[float, SoundCue]]:
            return [
                (offset + c.t - a, c) for c in self.cues if (a < c.t <= b) or (a <= self.start and c.t == a and b > a)
            ]

        if not wrapped:
            return span(before, after, 0.0) if after > before else []
        return span(before, self.end, 0.0) + span(self.start, after, self.end - before)

    def update(
        self,
        before: float,
        after: float,
        wrapped: bool,
        rate: float,
        wall_seconds: float,
        camera: Camera | None,
        aspect: float,
    ) -> None:
        """Once a frame: play the cues the replay clock passed (``rate``: playback speed)."""
        moved = self.passed(before, after, wrapped)
        shifted = [SoundCue(dt, c.sound, c.level, c.gain, c.speed, c.point) for dt, c in moved]
        voices = voices_for(shifted, 0.0, rate, camera, aspect)
        for (_, extra), (_, c) in zip(voices, moved):
            extra["event_t"] = c.t
        self.engine.play(voices, wall_seconds)


def soundtrack(
    cues: list[SoundCue], duration: float, camera: Camera | None = None, aspect: float = 16 / 9
) -> np.ndarray:
    """The whole replay's sound, (n, 2) floats under the mixer's ceiling: every cue at its
    event time, full volume, panned as seen by ``camera``; it lasts ``duration`` s plus the
    last sound's ring and ``TAIL_S`` of silence."""
    voices = [v for v, _ in voices_for(cues, 0.0, 1.0, camera, aspect)]
    bank = shared_bank()
    out = mix(voices, bank, int(round((duration + TAIL_S) * RATE)))
    return limit(out)
