"""``--audio-log FILE``: one JSON line per sound played, for tests and curious users.

Fields: ``t`` (s on the game's clock: when the sound starts), ``sound`` (cue, ball,
cushion, bed, jaw, drop), ``gain`` (0..1, master volume included, before the limiter),
``pan`` (-1 left .. 1 right); also ``speed`` (impact m/s) and ``event_t`` (the event's
time in its shot). Lines are flushed as written, so the file is readable at any moment.
"""

from __future__ import annotations

import json
from pathlib import Path

from billiard.errors import BilliardError


class AudioLog:
    def __init__(self, path: str | Path) -> None:
        try:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._fh = open(path, "w", encoding="utf-8")
        except OSError as exc:
            raise BilliardError(f"cannot write the audio log {path}: {exc.strerror or exc}") from None

    def write(self, t: float, sound: str, gain: float, pan: float, **extra: float) -> None:
        line = {"t": round(t, 6), "sound": sound, "gain": round(gain, 6), "pan": round(pan, 4)}
        line.update({k: round(v, 6) for k, v in extra.items()})
        self._fh.write(json.dumps(line) + "\n")
        self._fh.flush()

    def close(self) -> None:
        self._fh.close()
