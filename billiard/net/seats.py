"""Seats kept across a restart of the client: the token that takes a seat back, on disk.

A player whose program was killed mid-match runs the same ``join``/``host --via`` again: the
token saved for that server and room takes the seat back, the server sends the whole match,
the client replays it (its own strokes too) and the match goes on. The file is removed when
the match is over; a token the server no longer knows is forgotten and a new seat asked for.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from billiard.errors import BilliardError
from billiard.shot.atomic import atomic_write

FOLDER = "online"
STALE = "no seat with this token"  # the server's refusal of a token it does not know


class Seats:
    """Tokens by server address and room, under ``<data>/online/``."""

    def __init__(self, data_dir: str | None) -> None:
        from billiard.replay.datadir import data_dir as resolve

        self.folder = resolve(data_dir) / FOLDER

    def _path(self, url: str, room: str) -> Path:
        return self.folder / (hashlib.sha256(f"{url}|{room}".encode()).hexdigest()[:20] + ".json")

    def token(self, url: str, room: str) -> str:
        """The token saved for ``room`` on ``url`` ('' when none, or the file is damaged)."""
        try:
            data = json.loads(self._path(url, room).read_text())
        except (OSError, ValueError):
            return ""
        token = data.get("token") if isinstance(data, dict) else None
        return token if isinstance(token, str) and len(token) <= 64 else ""

    def save(self, url: str, room: str, token: str) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            atomic_write(self._path(url, room), json.dumps({"url": url, "room": room, "token": token}).encode())
        except (OSError, BilliardError):
            pass  # only a restart would have needed it

    def forget(self, url: str, room: str) -> None:
        try:
            self._path(url, room).unlink(missing_ok=True)
        except OSError:
            pass
