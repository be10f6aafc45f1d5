"""The game's sounds: each frame, the events the session's shot produced since the last
frame become voices, placed in the frame at their physics time (stretched by slow motion)
and panned from where the contact is on screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

from billiard import settings
from billiard.audio.engine import AudioEngine
from billiard.audio.mapping import contact_point, cues_for
from billiard.audio.voices import voices_for
from billiard.errors import BilliardError
from billiard.render.camera import Camera

if TYPE_CHECKING:
    from billiard.app.session import Session


class GameSound:
    """Feeds one :class:`AudioEngine` from a game :class:`~billiard.app.session.Session`."""

    def __init__(self, engine: AudioEngine) -> None:
        self.engine = engine
        self._session: Session | None = None
        self._shot = -1
        self._seen = 0
        self._t0 = 0.0

    def set(self, volume: float, mute: bool, persist: bool = True) -> str:
        """Apply a volume / mute change (Escape menu) and keep it in the settings file;
        returns the line the HUD shows (a failed save says so, the change still applies)."""
        self.engine.volume, self.engine.mute = float(volume), bool(mute)
        said = "sound off" if mute else f"volume {round(100 * volume)}%"
        if persist:
            try:
                settings.save(settings.load().replace(volume=float(volume), mute=bool(mute)))
            except (OSError, ValueError, BilliardError) as exc:
                return f"{said} (not saved: {exc})"
        return said

    def update(
        self, session: Session, frame_seconds: float, rate: float, camera: Camera | None, size: tuple[int, int]
    ) -> None:
        """Once a frame, after the physics advanced: play what happened during the frame."""
        if session is not self._session or session.shots != self._shot:
            self._session, self._shot, self._seen, self._t0 = session, session.shots, 0, 0.0
        events = session.shot_events[self._seen :]
        self._seen = len(session.shot_events)
        balls = session.balls
        cues = cues_for(events, contact_point(balls.ids, balls.pos, session.table))
        aspect = size[0] / max(size[1], 1)
        self.engine.play(voices_for(cues, self._t0, rate, camera, aspect), frame_seconds)
        self._t0 = session.shot_time
