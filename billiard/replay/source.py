"""Open a shot, replay or match file for playback, re-simulating and checking it.

Issue 7: playback re-simulates the shot from its file and checks that the final
state matches the recorded one exactly; when it does not (another engine
version), it says so and plays the recorded samples instead.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import billiard
from billiard.errors import BilliardError
from billiard.shot import formats, jsonfile
from billiard.shot.matchfile import Match
from billiard.shot.replayfile import Replay
from billiard.shot.shotfile import Shot
from billiard.display.playback import Playback
from billiard.shot.simulate import simulate


@dataclass(frozen=True)
class Opened:
    """What the viewer plays, and why.

    ``verified``: True when a re-simulation reproduced the recorded final state
    exactly, False when it did not (``replay`` is then the recording), None when
    there was nothing recorded to compare with (a bare shot file).
    """

    path: Path
    kind: str
    replay: Replay
    playback: Playback
    verified: bool | None
    message: str
    number: int | None = None
    scores: tuple[float, ...] | None = None
    match: Match | None = None


def file_kind(data: dict[str, Any], source: str) -> str:
    """'shot', 'replay' or 'match' from the ``format`` key (:func:`billiard.shot.formats.file_kind`),
    else one clear error starting with ``source``."""
    try:
        return formats.file_kind(data)
    except BilliardError as exc:
        raise BilliardError(f"{source}: {exc}") from None


def open_file(path: str | os.PathLike, shot: int | None = None) -> Opened:
    """Load ``path`` for playback; ``shot`` picks a shot of a match (1-based, default 1)."""
    path = Path(path)
    data = jsonfile.read(path)
    kind = file_kind(data, str(path))
    if kind == "match":
        match = Match.from_dict(data, source=str(path))
        if not match.shots:
            raise BilliardError(f"{path}: the match holds no shots")
        position = match.position(1 if shot is None else shot)
        entry = match.shots[position.number - 1]
        recorded = _recorded_beside(path, entry.replay, position.shot)
        replay, verified, message = _check(Shot.from_dict(position.shot), recorded, str(path))
        return Opened(
            path,
            kind,
            replay,
            Playback.from_replay(replay),
            verified,
            f"shot {position.number} of {len(match)}: {message}",
            position.number,
            position.scores,
            match,
        )
    if shot is not None:
        raise BilliardError(f"{path}: --shot only applies to a match file, this is a {kind} file")
    note = ""
    try:
        loaded = formats.LOADERS[kind](data)
    except BilliardError as exc:
        other = _from_another_engine(data) if kind == "replay" else None
        if other is None:
            raise BilliardError(f"{path}: {exc}") from None
        loaded = other
        note = f" (its parameters differ from this build's: {exc})"
    if isinstance(loaded, Shot):
        replay, verified, message = _check(loaded, None, str(path))
    else:
        assert isinstance(loaded, Replay), "a match file returned above"
        replay, verified, message = _check(loaded.shot, loaded, str(path))
    return Opened(path, kind, replay, Playback.from_replay(replay), verified, message + note)


def load_any(path: str | os.PathLike, shot: int | None = None) -> Replay:
    """The replay to show for a shot, replay or match file (``billiard render`` uses it)."""
    return open_file(path, shot).replay


def _from_another_engine(data: dict[str, Any]) -> Replay | None:
    """A replay written by an engine with other parameter names, read with this build's
    names: recorded values kept, unknown ones dropped, missing ones taken from the shot's
    preset. None when that does not make it a valid replay either."""
    params, shot = data.get("params"), data.get("shot")
    if not isinstance(params, dict):
        return None
    try:
        current = Shot.from_dict(shot).params.to_dict()
        return Replay.from_dict({**data, "params": {k: params.get(k, v) for k, v in current.items()}})
    except BilliardError:
        return None


def _recorded_beside(match_path: Path, name: str | None, shot: dict) -> Replay | None:
    """The replay file a match entry names, if it is there, valid and of that very shot."""
    if name is None or not (match_path.parent / name).is_file():
        return None
    try:
        replay = Replay.from_dict(jsonfile.read(match_path.parent / name))
    except BilliardError:
        return None
    return replay if replay.shot == Shot.from_dict(shot) else None


def _check(shot: Shot, recorded: Replay | None, source: str) -> tuple[Replay, bool | None, str]:
    """Re-simulate ``shot``; compare with ``recorded``; return (replay to play, verified, message)."""
    try:
        fresh = simulate(shot, fps=recorded.fps if recorded is not None else 60)
    except BilliardError as exc:
        if recorded is None:
            raise BilliardError(f"{source}: {exc}") from None
        return recorded, False, f"cannot re-simulate here ({exc}); playing the recorded samples"
    if recorded is None:
        return fresh, None, "simulated from the shot file"
    if dict(fresh.final) == dict(recorded.final):
        return fresh, True, "replayed exactly as it was played"
    this = f"billiard {billiard.__version__}"
    why = "the engine changed since" if recorded.engine == this else f"recorded by {recorded.engine}, this is {this}"
    return recorded, False, f"re-simulation differs from the recording ({why}); playing the recorded samples"
