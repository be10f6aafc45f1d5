"""Sound cues placed in a stretch of playback: when each starts (stretched by the playback
rate, pitch kept: docs/sound.md) and where it sits left/right on screen."""

from __future__ import annotations

from billiard.audio.mapping import SoundCue
from billiard.audio.mixer import Voice
from billiard.audio.pan import screen_pan
from billiard.render.camera import Camera


def voices_for(
    cues: list[SoundCue], t0: float, rate: float, camera: Camera | None, aspect: float
) -> list[tuple[Voice, dict]]:
    """Voices for ``cues`` in a frame starting at event time ``t0``, events playing at
    ``rate`` times real time (pitch kept: see docs/sound.md)."""
    out = []
    for c in cues:
        pan = screen_pan(camera, c.point, aspect) if camera is not None and c.point is not None else 0.0
        at = max(0.0, c.t - t0) / max(rate, 1e-6)
        out.append((Voice(at, c.sound, c.level, c.gain, pan), {"speed": c.speed, "event_t": c.t}))
    return out
