"""Load and save shot and replay files; the ``format`` key says which one a file is."""
from __future__ import annotations

import os

from billiard.errors import BilliardError
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write
from billiard.shot.replayfile import FORMAT as REPLAY_FORMAT
from billiard.shot.replayfile import Replay
from billiard.shot.shotfile import FORMAT as SHOT_FORMAT
from billiard.shot.shotfile import Shot


def from_dict(data: dict) -> Shot | Replay:
    """A Shot or a Replay, chosen by ``data["format"]``."""
    kind = data.get("format")
    if kind == SHOT_FORMAT:
        return Shot.from_dict(data)
    if kind == REPLAY_FORMAT:
        return Replay.from_dict(data)
    raise BilliardError(f"unknown file format {kind!r:.40} (expected '{SHOT_FORMAT}' or "
                        f"'{REPLAY_FORMAT}')")


def load(path: str | os.PathLike) -> Shot | Replay:
    """Read a shot or replay file; any problem is one BilliardError starting with the path."""
    data = jsonfile.read(path)
    try:
        return from_dict(data)
    except BilliardError as exc:
        raise BilliardError(f"{path}: {exc}") from None


def save(obj: Shot | Replay, path: str | os.PathLike) -> None:
    """Write atomically. Shots are indented for people; replays are compact."""
    if not isinstance(obj, (Shot, Replay)):
        raise BilliardError(f"cannot save a {type(obj).__name__}: only a Shot or a Replay")
    if isinstance(obj, Replay):
        obj.save(path)
    else:
        atomic_write(path, jsonfile.encode(obj.to_dict(), pretty=True))
