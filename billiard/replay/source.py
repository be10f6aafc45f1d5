"""Open a shot, replay or match file for playback, re-simulating and checking it.

Issue 7: playback re-simulates the shot from its file and checks that the final
state matches the recorded one exactly; when it does not (another engine
version), it says so and plays the recorded samples instead.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import billiard
from billiard.errors import BilliardError
from billiard.replay.match import MATCH_FORMAT, SHOT_FORMAT, Match
from billiard.replay.storage import read_json_object
from billiard.replay.track import Track

REPLAY_FORMAT = "billiard-replay/1"
KINDS = {SHOT_FORMAT: "shot", REPLAY_FORMAT: "replay", MATCH_FORMAT: "match"}

Simulator = Callable[[dict], Any]


@dataclass(frozen=True)
class Opened:
    """What the viewer plays, and why.

    ``verified``: True when a re-simulation reproduced the recorded final state
    exactly, False when it did not (``replay`` then holds the recorded samples),
    None when there was nothing recorded to compare with (a bare shot file).
    """

    path: Path
    kind: str
    replay: dict[str, Any]
    track: Track
    verified: bool | None
    message: str
    number: int | None = None
    scores: tuple[float, ...] | None = None
    match: Match | None = None


def file_kind(data: dict[str, Any], source: str) -> str:
    """'shot', 'replay' or 'match' from the ``format`` key, else one clear error."""
    fmt = data.get("format")
    if fmt in KINDS:
        return KINDS[fmt]
    if isinstance(fmt, str):
        for known, kind in KINDS.items():
            if fmt.split("/")[0] == known.split("/")[0]:
                raise BilliardError(f"{source}: {kind} file version {fmt!r} is not supported "
                                    f"by billiard {billiard.__version__} (it reads {known!r})")
    raise BilliardError(f"{source}: not a billiard shot, replay or match file (format {fmt!r})")


def open_file(path: str | os.PathLike, shot: int | None = None,
              simulate: Simulator | None = None) -> Opened:
    """Load ``path`` for playback; ``shot`` picks a shot of a match (1-based, default 1)."""
    path = Path(path)
    data = read_json_object(path, "shot, replay or match file")
    kind = file_kind(data, str(path))
    sim = simulate or _default_simulate
    if kind == "match":
        match = Match.from_dict(data, source=str(path))
        if not match.shots:
            raise BilliardError(f"{path}: the match holds no shots")
        position = match.position(1 if shot is None else shot)
        entry = match.shots[position.number - 1]
        recorded = _recorded_beside(path, entry.replay, position.shot)
        replay, verified, message = _check(position.shot, recorded, sim, str(path))
        return Opened(path, kind, replay, Track.from_replay(replay), verified,
                      f"shot {position.number} of {len(match)}: {message}",
                      position.number, position.scores, match)
    if shot is not None:
        raise BilliardError(f"{path}: --shot only applies to a match file, this is a {kind} file")
    if kind == "shot":
        replay, verified, message = _check(data, None, sim, str(path))
    else:
        recorded_shot = data.get("shot")
        if not isinstance(recorded_shot, dict):
            raise BilliardError(f"{path}: the replay has no 'shot' object")
        Track.from_replay(data)  # validate the recorded samples before anything else
        replay, verified, message = _check(recorded_shot, data, sim, str(path))
    return Opened(path, kind, replay, Track.from_replay(replay), verified, message)


def _recorded_beside(match_path: Path, name: str | None, shot: dict) -> dict | None:
    """The replay file a match entry names, if it is there, readable and of that shot."""
    if name is None:
        return None
    candidate = match_path.parent / name
    if not candidate.is_file():
        return None
    try:
        data = read_json_object(candidate, "replay file")
        if file_kind(data, str(candidate)) != "replay" or data.get("shot") != shot:
            return None
        Track.from_replay(data)
    except BilliardError:
        return None
    return data


def _check(shot: dict, recorded: dict | None, simulate: Simulator,
           source: str) -> tuple[dict, bool | None, str]:
    """Re-simulate ``shot``; compare with ``recorded``; return (replay to play, verified, message)."""
    try:
        fresh = _normalised(simulate(shot))
    except BilliardError as exc:
        if recorded is None:
            raise BilliardError(f"{source}: {exc}") from None
        return recorded, False, f"cannot re-simulate here ({exc}); playing the recorded samples"
    if recorded is None:
        return fresh, None, "simulated from the shot file"
    if fresh.get("final") == recorded.get("final"):
        return fresh, True, "re-simulated: final state matches the recording exactly"
    engine = recorded.get("engine", "an unknown engine")
    return (recorded, False,
            f"re-simulation differs from the recording (recorded by {engine}, this is "
            f"billiard {billiard.__version__}); playing the recorded samples")


def _normalised(replay: Any) -> dict[str, Any]:
    """A replay as the dict its file would hold (floats through JSON, tuples as lists)."""
    data = replay.to_dict() if hasattr(replay, "to_dict") else replay
    return json.loads(json.dumps(data))


def _default_simulate(shot: dict) -> Any:
    return billiard.simulate(shot)
