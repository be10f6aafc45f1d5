"""Ball states at any time of a replay (``billiard-replay/1`` dict, DESIGN.md): samples are
interpolated (positions lerped, orientations slerped), balls vanish once pocketed.

This reader checks only what drawing needs; the full validating loader is ``billiard.shot``.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from billiard.errors import BilliardError
from billiard.physics.params import CAROM, POOL, SNOOKER
from billiard.render.scene import BallView
from billiard.render.transforms import interpolate_balls
from billiard.table import get_table
from billiard.table.model import Table

DROP_S = 0.35          # s a ball stays drawn after its ball-pocket event (it falls in the hole)
_RADIUS = {"pool": POOL.ball_radius, "snooker": SNOOKER.ball_radius, "carom": CAROM.ball_radius}


@dataclass(frozen=True)
class ReplayFrames:
    table: Table
    ids: tuple[str, ...]
    t: np.ndarray              # (K,) sample times, increasing
    pos: np.ndarray            # (K, N, 3)
    quat: np.ndarray           # (K, N, 4)
    radius: np.ndarray         # (N,)
    hidden_from: np.ndarray    # (N,) time from which each ball is pocketed and not drawn (inf: never)
    heading_deg: float         # the strike heading, for the aim camera

    @property
    def duration(self) -> float:
        return float(self.t[-1])

    def at(self, time: float) -> BallView:
        """Ball states at ``time`` (clamped to the sampled span)."""
        time = min(max(float(time), float(self.t[0])), float(self.t[-1]))
        k = int(np.clip(np.searchsorted(self.t, time, side="right") - 1, 0, len(self.t) - 1))
        k1 = min(k + 1, len(self.t) - 1)
        span = self.t[k1] - self.t[k]
        alpha = (time - self.t[k]) / span if span > 0 else 0.0
        pos, quat = interpolate_balls(self.pos[k], self.quat[k], self.pos[k1], self.quat[k1], alpha)
        hidden = (time >= self.hidden_from) | ~np.isfinite(pos).all(axis=1)
        pos = np.where(np.isfinite(pos), pos, 0.0)
        return BallView(self.ids, pos, quat, self.radius, hidden)


def load_replay_frames(path: str | Path) -> ReplayFrames:
    """Read a replay file; any problem is one :class:`BilliardError` line."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BilliardError(f"replay file not found: {path}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BilliardError(f"cannot read replay {path}: {exc}") from None
    return replay_frames(data)


def replay_frames(data) -> ReplayFrames:
    """Ball tracks of a replay dict (``samples``, ``events``, ``final``, ``table``, ``params``)."""
    if not isinstance(data, dict) or data.get("format") != "billiard-replay/1":
        raise BilliardError("not a billiard replay (expected \"format\": \"billiard-replay/1\")")
    samples = data.get("samples")
    if not isinstance(samples, dict) or not isinstance(samples.get("balls"), dict) or not samples["balls"]:
        raise BilliardError("replay has no samples.balls")
    table = get_table(data.get("table"))
    try:
        t = np.asarray(samples["t"], dtype=np.float64).reshape(-1)
        ids = tuple(str(k) for k in samples["balls"])
        pos = np.stack([np.asarray(b["pos"], dtype=np.float64).reshape(len(t), 3)
                        for b in samples["balls"].values()], axis=1)
        quat = np.stack([np.asarray(b["quat"], dtype=np.float64).reshape(len(t), 4)
                         for b in samples["balls"].values()], axis=1)
    except (KeyError, TypeError, ValueError) as exc:
        raise BilliardError(f"replay samples are malformed: {exc}") from None
    if len(t) == 0 or not np.all(np.isfinite(t)) or np.any(np.diff(t) < 0):
        raise BilliardError("replay sample times must be finite and increasing")
    norms = np.linalg.norm(quat, axis=2, keepdims=True)
    quat = np.where(norms > 1e-9, quat / np.where(norms > 1e-9, norms, 1.0), np.array([1.0, 0, 0, 0]))
    return ReplayFrames(table, ids, t, pos, quat, np.full(len(ids), _radius(data, table)),
                        _hidden_from(data, ids, float(t[-1])), _heading(data))


def _radius(data: dict, table: Table) -> float:
    value = (data.get("params") or {}).get("ball_radius") if isinstance(data.get("params"), dict) else None
    if isinstance(value, (int, float)) and 0.005 < value < 0.2:
        return float(value)
    return _RADIUS.get(table.ball_set, POOL.ball_radius)


def _hidden_from(data: dict, ids: tuple[str, ...], end: float) -> np.ndarray:
    """Pocket event time + DROP_S for each pocketed ball; a ball pocketed in ``final`` without an
    event is hidden at the end of the samples."""
    out = np.full(len(ids), math.inf)
    final = data.get("final") if isinstance(data.get("final"), dict) else {}
    for i, bid in enumerate(ids):
        state = final.get(bid)
        if isinstance(state, dict) and (state.get("pocket") is not None or state.get("state") == "pocketed"):
            out[i] = end
    for ev in data.get("events") or []:
        if isinstance(ev, dict) and ev.get("type") == "ball-pocket" and isinstance(ev.get("t"), (int, float)):
            for bid in ev.get("balls") or []:
                if bid in ids:
                    out[ids.index(bid)] = min(out[ids.index(bid)], float(ev["t"]) + DROP_S)
    return out


def _heading(data: dict) -> float:
    strike = (data.get("shot") or {}).get("strike") if isinstance(data.get("shot"), dict) else None
    value = strike.get("heading_deg") if isinstance(strike, dict) else None
    return float(value) if isinstance(value, (int, float)) and math.isfinite(value) else 0.0
