"""The replay file (``"format": "billiard-replay/1"``, docs/formats.md): the shot as
given, the engine version, every parameter used, the events, samples at a fixed rate
and each ball's final state.

:meth:`Replay.load` and :meth:`Replay.from_dict` trust nothing: types, sizes and ranges are
the typed definition's (:mod:`billiard.formats.replay`), the shapes and the ball ids are
checked here, all before a Replay exists, so a bad file never yields a half-read replay.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

from billiard.errors import BilliardError
from billiard.physics.events import EVENT_TYPES, Event
from billiard.physics.params import Params
from billiard.physics.state import Motion
from billiard.formats.decode import convert, decode
from billiard.formats.replay import MAX_EVENTS, MAX_FPS, MAX_SAMPLES, REPLAY_FORMAT, FinalBallFile, ReplayFile, Samples
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write
from billiard.shot.shotfile import Shot

__all__ = ["FORMAT", "MAX_EVENTS", "MAX_FPS", "MAX_SAMPLES", "FinalBall", "Replay"]

FORMAT = REPLAY_FORMAT
STATES = tuple(m.label for m in Motion)


@dataclass(frozen=True)
class FinalBall:
    """Where a ball ended: centre (m), motion state label, pocket name or None."""

    pos: tuple[float, float, float]
    state: str
    pocket: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"pos": list(self.pos), "state": self.state, "pocket": self.pocket}


@dataclass(frozen=True, eq=False)
class Replay:
    """A simulated shot. ``t`` is (S,) sample times k/fps; ``pos[id]`` is (S, 3) and
    ``quat[id]`` (S, 4) (w, x, y, z body -> table) for every ball id."""

    engine: str
    shot: Shot
    params: Params
    fps: int
    events: tuple[Event, ...]
    t: np.ndarray
    pos: Mapping[str, np.ndarray]
    quat: Mapping[str, np.ndarray]
    final: Mapping[str, FinalBall]

    @property
    def ball_ids(self) -> tuple[str, ...]:
        return tuple(self.final)

    @property
    def duration(self) -> float:
        """Simulated seconds, to the last sample."""
        return float(self.t[-1]) if len(self.t) else 0.0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Replay):
            return NotImplemented
        return (
            self.engine == other.engine
            and self.shot == other.shot
            and self.params == other.params
            and self.fps == other.fps
            and self.events == other.events
            and np.array_equal(self.t, other.t)
            and _same_arrays(self.pos, other.pos)
            and _same_arrays(self.quat, other.quat)
            and dict(self.final) == dict(other.final)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "engine": self.engine,
            "shot": self.shot.to_dict(),
            "table": self.shot.to_dict()["table"],
            "params": self.params.to_dict(),
            "fps": self.fps,
            "events": [e.to_dict() for e in self.events],
            "samples": {
                "t": self.t.tolist(),
                "balls": {i: {"pos": self.pos[i].tolist(), "quat": self.quat[i].tolist()} for i in self.ball_ids},
            },
            "final": {i: f.to_dict() for i, f in self.final.items()},
        }

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically, compact (replays are big; shots are the indented ones)."""
        atomic_write(path, jsonfile.encode(self.to_dict(), pretty=False))

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Replay":
        """The replay file at ``path``, decoded straight from its bytes; any problem is one
        BilliardError line starting with the path."""
        return cls.from_file(decode(jsonfile.read_bytes(path), ReplayFile, str(path)), str(path))

    @classmethod
    def from_dict(cls, data: Any) -> "Replay":
        """The replay ``data`` (parsed JSON) holds, checked like a file."""
        return cls.from_file(convert(data, ReplayFile))

    @classmethod
    def from_file(cls, f: ReplayFile, name: str = "") -> "Replay":
        """A Replay from a decoded file: the rules between its fields checked here."""
        try:
            return cls._from_file(f)
        except BilliardError as exc:
            raise BilliardError(f"{name}: {exc}" if name else str(exc)) from None

    @classmethod
    def _from_file(cls, f: ReplayFile) -> "Replay":
        shot = Shot.from_dict(f.shot, at="shot")
        if f.table != shot.to_dict()["table"]:
            raise BilliardError("table: differs from its shot's table")
        params = _params(f.params)
        final = _final(f.final, shot)
        ids = set(final)
        t, pos, quat = _samples(f.samples, ids, f.fps)
        events = _events(f.events, ids)
        return cls(f.engine, shot, params, f.fps, events, t, pos, quat, final)


def _params(data: dict[str, Any]) -> Params:
    """Every Params field, each checked as a shot's override would be."""
    names = {f.name for f in dataclasses.fields(Params)}
    if set(data) != names:
        missing, unknown = sorted(names - set(data)), sorted(set(data) - names)
        raise BilliardError(
            f"params.{missing[0]}: is required" if missing else f"params.{unknown[0]}: is not a known parameter"
        )
    return Params().with_overrides(data)


def _final(data: dict[str, FinalBallFile], shot: Shot) -> dict[str, FinalBall]:
    if set(data) != set(shot.ball_ids):
        raise BilliardError("final: must list exactly the shot's balls")
    out = {}
    for ball_id in shot.ball_ids:
        item = data[ball_id]
        if item.state not in STATES:
            raise BilliardError(f"final.{ball_id}.state: must be one of {', '.join(STATES)}, got {item.state!r}")
        out[ball_id] = FinalBall(item.pos, item.state, item.pocket)
    return out


def _array(data: list, what: str, shape: tuple[int, ...]) -> np.ndarray:
    """The float64 array of ``shape`` from decoded samples (their ranges already checked)."""
    if len(data) != shape[0]:
        raise BilliardError(f"{what}: must have {shape[0]} samples (one per time in samples.t), got {len(data)}")
    return np.array(data, dtype=np.float64).reshape(shape)


def _samples(data: Samples, ids: set[str], fps: int):
    n = len(data.t)
    t = np.array(data.t, dtype=np.float64)
    if not np.array_equal(t, np.arange(n) / fps):
        raise BilliardError(f"samples.t: must be 0, 1/fps, 2/fps, ... (fps = {fps})")
    if set(data.balls) != ids:
        raise BilliardError("samples.balls: must list exactly the shot's balls")
    pos, quat = {}, {}
    for ball_id in sorted(ids):
        item = data.balls[ball_id]
        pos[ball_id] = _array(item.pos, f"samples.balls.{ball_id}.pos", (n, 3))
        quat[ball_id] = _array(item.quat, f"samples.balls.{ball_id}.quat", (n, 4))
    return t, pos, quat


def _events(data: list[dict[str, Any]], ids: set[str]) -> tuple[Event, ...]:
    """The events: values typed by the definition; here the fields every event has."""
    out = []
    for i, item in enumerate(data):
        what = f"events[{i}]"
        for key in ("t", "type", "balls"):
            if key not in item:
                raise BilliardError(f"{what}.{key}: is required")
        t = item["t"]
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0.0 <= t <= 1e6:
            raise BilliardError(f"{what}.t: must be a number in [0, 1e6] (s), got {t!r:.40}")
        if item["type"] not in EVENT_TYPES:
            raise BilliardError(f"{what}.type: must be one of {', '.join(EVENT_TYPES)}, got {item['type']!r:.40}")
        balls = item["balls"]
        if not isinstance(balls, list) or not all(isinstance(b, str) and b in ids for b in balls):
            raise BilliardError(f"{what}.balls: must list ids of the replay's balls")
        info = {k: v for k, v in item.items() if k not in ("t", "type", "balls")}
        out.append(Event(float(t), item["type"], tuple(balls), info))
    return tuple(out)


def _same_arrays(a: Mapping[str, np.ndarray], b: Mapping[str, np.ndarray]) -> bool:
    """The same keys, each with an equal array."""
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)
