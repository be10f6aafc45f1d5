"""Load and save shot and replay files; the ``format`` key says which one a file is."""

from __future__ import annotations

import os
from pathlib import Path

from billiard.errors import BilliardError
from billiard.formats.decode import decode
from billiard.formats.replay import ReplayFile
from billiard.formats.shot import MAX_BALLS
from billiard.shot import jsonfile, paramsfile
from billiard.shot.atomic import atomic_write
from billiard.shot.formats import load_dict
from billiard.shot.replayfile import FORMAT as REPLAY_FORMAT
from billiard.shot.replayfile import Replay
from billiard.shot.shotfile import FORMAT as SHOT_FORMAT
from billiard.shot.shotfile import Shot

MAX_SHOT_BYTES = 1024 * 1024  # a shot of MAX_BALLS balls is a few KiB
HEAD_BYTES = 4096


def from_dict(data: dict) -> Shot | Replay:
    """A Shot or a Replay, chosen by ``data["format"]`` (:func:`billiard.shot.formats.load_dict`)."""
    loaded = load_dict(data, ("shot", "replay"))
    assert isinstance(loaded, (Shot, Replay)), "load_dict accepts only the two kinds asked for"
    return loaded


def load(path: str | os.PathLike) -> Shot | Replay:
    """Read a shot or replay file; any problem is one BilliardError starting with the path.

    Only replay files may be large: a file over ``MAX_SHOT_BYTES`` that does not announce
    the replay format in its first bytes is refused unread, and a shot file listing more
    than ``MAX_BALLS`` ids is refused before it is parsed (issue 20: a 50 MB shot with
    1.7 million balls took 21 s and 618 MB to refuse)."""
    raw = _checked_bytes(path)
    if jsonfile.sniff_format(raw[:HEAD_BYTES]) == REPLAY_FORMAT:  # the big kind: typed from the bytes
        return Replay.from_file(decode(raw, ReplayFile, str(path)), str(path))
    data = jsonfile.loads(raw, str(path))
    try:
        return from_dict(paramsfile.inline(data, Path(path).parent))
    except BilliardError as exc:
        raise BilliardError(f"{path}: {exc}") from None


def _checked_bytes(path: str | os.PathLike) -> bytes:
    try:
        size = os.path.getsize(path)
    except OSError:
        size = 0  # read_bytes gives the clear error
    if size > MAX_SHOT_BYTES:
        try:
            with open(path, "rb") as f:
                head = f.read(HEAD_BYTES)
        except OSError:
            head = b""
        if jsonfile.sniff_format(head) != REPLAY_FORMAT:
            raise BilliardError(
                f"{path} is {size / 1024 / 1024:.1f} MiB: a shot file is at most "
                f"{MAX_SHOT_BYTES // 1024} KiB (only replay files may be larger)"
            )
    raw = jsonfile.read_bytes(path)
    if jsonfile.sniff_format(raw[:HEAD_BYTES]) == SHOT_FORMAT and raw.count(b'"id"') > MAX_BALLS:
        raise BilliardError(f"{path}: the shot lists more than {MAX_BALLS} balls (at most {MAX_BALLS} allowed)")
    return raw


def save(obj: Shot | Replay, path: str | os.PathLike) -> None:
    """Write atomically. Shots are indented for people; replays are compact."""
    if not isinstance(obj, (Shot, Replay)):
        raise BilliardError(f"cannot save a {type(obj).__name__}: only a Shot or a Replay")
    if isinstance(obj, Replay):
        obj.save(path)
    else:
        atomic_write(path, jsonfile.encode(obj.to_dict(), pretty=True))
