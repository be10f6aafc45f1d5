"""The replay file (``"format": "billiard-replay/1"``, DESIGN.md contract): the shot as
given, the engine version, every parameter used, the events, samples at a fixed rate
and each ball's final state.

:meth:`Replay.from_dict` trusts nothing: types, sizes, shapes, finiteness and the ball ids
are all checked before a Replay exists, so a bad file never yields a half-read replay.
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
from billiard import values
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write
from billiard.shot.shotfile import Shot

FORMAT = "billiard-replay/1"
MAX_FPS = 240
MAX_SAMPLES = 2_000_000
MAX_EVENTS = 1_000_000
STATES = tuple(m.label for m in Motion)
_KEYS = ("format", "engine", "shot", "table", "params", "fps", "events", "samples", "final")


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
        return (self.engine == other.engine and self.shot == other.shot
                and self.params == other.params and self.fps == other.fps
                and self.events == other.events and np.array_equal(self.t, other.t)
                and _same_arrays(self.pos, other.pos) and _same_arrays(self.quat, other.quat)
                and dict(self.final) == dict(other.final))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "engine": self.engine,
            "shot": self.shot.to_dict(),
            "table": self.shot.to_dict()["table"],
            "params": self.params.to_dict(),
            "fps": self.fps,
            "events": [e.to_dict() for e in self.events],
            "samples": {"t": self.t.tolist(),
                        "balls": {i: {"pos": self.pos[i].tolist(), "quat": self.quat[i].tolist()}
                                  for i in self.ball_ids}},
            "final": {i: f.to_dict() for i, f in self.final.items()},
        }

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically, compact (replays are big; shots are the indented ones)."""
        atomic_write(path, jsonfile.encode(self.to_dict(), pretty=False))

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Replay":
        data = jsonfile.read(path)          # its own format checked (a file of any kind: shot.formats)
        try:
            return cls.from_dict(data)
        except BilliardError as exc:
            raise BilliardError(f"{path}: {exc}") from None

    @classmethod
    def from_dict(cls, data: Any) -> "Replay":
        data = values.document(data, "replay", FORMAT)
        values.check_keys(data, "the replay", _KEYS)
        engine = values.string(data["engine"], "replay 'engine'", 64)
        shot = Shot.from_dict(data["shot"])
        if data["table"] != shot.to_dict()["table"]:
            raise BilliardError("replay 'table' differs from its shot's table")
        params = _params(data["params"])
        fps = values.integer(data["fps"], "replay 'fps'", 1, MAX_FPS)
        final = _final(data["final"], shot)
        ids = set(final)
        t, pos, quat = _samples(data["samples"], ids, fps)
        events = _events(data["events"], ids)
        return cls(engine, shot, params, fps, events, t, pos, quat, final)


def _params(data: Any) -> Params:
    """Every Params field, each checked as a shot's override would be."""
    data = values.mapping(data, "replay 'params'")
    names = [f.name for f in dataclasses.fields(Params)]
    values.check_keys(data, "replay 'params'", names)
    return Params().with_overrides({n: data[n] for n in names})


def _final(data: Any, shot: Shot) -> dict[str, FinalBall]:
    data = values.mapping(data, "replay 'final'")
    if set(data) != set(shot.ball_ids):
        raise BilliardError("replay 'final' must list exactly the shot's balls")
    out = {}
    for ball_id in shot.ball_ids:
        what = f"replay final state of ball '{ball_id}'"
        item = values.mapping(data[ball_id], what)
        values.check_keys(item, what, ("pos", "state", "pocket"))
        pos = values.vector(item["pos"], f"{what} 'pos'", (3,), 100.0)
        if item["state"] not in STATES:
            raise BilliardError(f"{what}: 'state' must be one of {', '.join(STATES)}")
        pocket = item["pocket"]
        if pocket is not None:
            pocket = values.string(pocket, f"{what} 'pocket'", 32)
        out[ball_id] = FinalBall(pos, item["state"], pocket)  # type: ignore[arg-type]
    return out


def _array(data: Any, what: str, shape: tuple[int, ...]) -> np.ndarray:
    """A finite float64 array of exactly ``shape`` from nested JSON lists."""
    if not isinstance(data, list) or len(data) != shape[0]:
        raise BilliardError(f"{what} must be a list of {shape[0]} samples")
    try:
        arr = np.array(data, dtype=np.float64)
    except (TypeError, ValueError):
        raise BilliardError(f"{what} must hold only numbers") from None
    if arr.shape != shape:
        raise BilliardError(f"{what} must have shape {list(shape)}, got {list(arr.shape)}")
    if not np.isfinite(arr).all() or (np.abs(arr) > 1e3).any():
        raise BilliardError(f"{what} holds a non-finite or absurd number")
    return arr


def _samples(data: Any, ids: set[str], fps: int):
    data = values.mapping(data, "replay 'samples'")
    values.check_keys(data, "replay 'samples'", ("t", "balls"))
    raw_t = data["t"]
    if not isinstance(raw_t, list) or not 0 < len(raw_t) <= MAX_SAMPLES:
        raise BilliardError(f"replay samples 't' must be a list of 1 to {MAX_SAMPLES} times")
    n = len(raw_t)
    t = _array(raw_t, "replay samples 't'", (n,))
    if not np.array_equal(t, np.arange(n) / fps):
        raise BilliardError(f"replay samples 't' must be 0, 1/fps, 2/fps, ... (fps = {fps})")
    balls = values.mapping(data["balls"], "replay samples 'balls'")
    if set(balls) != ids:
        raise BilliardError("replay samples 'balls' must list exactly the shot's balls")
    pos, quat = {}, {}
    for ball_id in sorted(ids):
        what = f"replay samples of ball '{ball_id}'"
        item = values.mapping(balls[ball_id], what)
        values.check_keys(item, what, ("pos", "quat"))
        pos[ball_id] = _array(item["pos"], f"{what} 'pos'", (n, 3))
        quat[ball_id] = _array(item["quat"], f"{what} 'quat'", (n, 4))
    return t, pos, quat


def _info_value(value: Any, what: str) -> Any:
    """Event details are JSON scalars or short lists of them."""
    if value is None or isinstance(value, (bool, str)):
        return value if not isinstance(value, str) else values.string(value, what, 64)
    if isinstance(value, int):
        return values.integer(value, what, -10**6, 10**6)
    if isinstance(value, float):
        return values.number(value, what, -1e6, 1e6)
    if isinstance(value, list) and len(value) <= 8:
        return [_info_value(v, what) for v in value]
    raise BilliardError(f"{what} has an unexpected value {values.show(value)}")


def _events(data: Any, ids: set[str]) -> tuple[Event, ...]:
    if not isinstance(data, list) or len(data) > MAX_EVENTS:
        raise BilliardError(f"replay 'events' must be a list of at most {MAX_EVENTS} events")
    out = []
    for i, item in enumerate(data):
        what = f"replay event {i}"
        item = values.mapping(item, what)
        for key in ("t", "type", "balls"):
            if key not in item:
                raise BilliardError(f"{what} has no '{key}'")
        t = values.number(item["t"], f"{what} 't'", 0.0, 1e6)
        if item["type"] not in EVENT_TYPES:
            raise BilliardError(f"{what} has unknown type {values.show(item['type'])}")
        balls = item["balls"]
        if not isinstance(balls, list) or not all(isinstance(b, str) and b in ids for b in balls):
            raise BilliardError(f"{what} 'balls' must list ids of the replay's balls")
        if len(item) > 16:
            raise BilliardError(f"{what} has too many fields")
        info = {str(k): _info_value(v, f"{what} '{k}'") for k, v in item.items()
                if k not in ("t", "type", "balls")}
        out.append(Event(t, item["type"], tuple(balls), info))
    return tuple(out)


def _same_arrays(a: Mapping[str, np.ndarray], b: Mapping[str, np.ndarray]) -> bool:
    """The same keys, each with an equal array."""
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) for k in a)
