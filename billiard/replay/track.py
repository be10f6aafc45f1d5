"""A replay's samples as arrays: poses at any time, trails, spin from orientations.

Pure numpy. ``pos`` is (S, B, 3) and ``quat`` (S, B, 4) (w, x, y, z, body -> table)
for S sample times ``t`` and B balls ``ids`` (the replay contract, DESIGN.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from billiard.errors import BilliardError

MAX_SAMPLES = 2_000_000


@dataclass(frozen=True)
class Track:
    ids: tuple[str, ...]
    t: np.ndarray
    pos: np.ndarray
    quat: np.ndarray

    @property
    def duration(self) -> float:
        return float(self.t[-1] - self.t[0])

    @property
    def start(self) -> float:
        return float(self.t[0])

    @property
    def frame_dt(self) -> float:
        """Time between samples (one 'frame' for stepping)."""
        return self.duration / (len(self.t) - 1) if len(self.t) > 1 else 1.0 / 60.0

    @classmethod
    def from_replay(cls, replay: dict[str, Any]) -> "Track":
        """Build from a replay dict's ``samples``; BilliardError when they are malformed."""
        samples = replay.get("samples") if isinstance(replay, dict) else None
        if not isinstance(samples, dict):
            raise BilliardError("replay has no 'samples' object")
        t = _array(samples.get("t"), "samples.t", 1)
        if len(t) == 0 or len(t) > MAX_SAMPLES:
            raise BilliardError("replay samples.t must hold 1 to 2,000,000 times")
        if np.any(np.diff(t) < 0):
            raise BilliardError("replay samples.t must not go backwards")
        balls = samples.get("balls")
        if not isinstance(balls, dict) or not balls:
            raise BilliardError("replay samples.balls must map ball ids to paths")
        ids, pos, quat = [], [], []
        for ball_id, path in balls.items():
            if not isinstance(path, dict):
                raise BilliardError(f"replay samples for ball {ball_id!r} must be an object")
            p = _padded(_array(path.get("pos"), f"{ball_id}.pos", 2, 3), len(t), ball_id)
            q = path.get("quat")
            if q is None:
                q = np.tile([1.0, 0.0, 0.0, 0.0], (len(p), 1))
            q = _padded(_array(q, f"{ball_id}.quat", 2, 4), len(t), ball_id)
            norm = np.linalg.norm(q, axis=1, keepdims=True)
            if np.any(norm < 1e-9):
                raise BilliardError(f"replay samples for ball {ball_id!r} hold a zero quaternion")
            ids.append(str(ball_id))
            pos.append(p)
            quat.append(q / norm)
        return cls(tuple(ids), t, np.stack(pos, axis=1), np.stack(quat, axis=1))

    def locate(self, time: float) -> tuple[int, float]:
        """Sample index i and fraction f in [0, 1] with time between t[i] and t[i+1]."""
        t = self.t
        if len(t) == 1 or time <= t[0]:
            return 0, 0.0
        if time >= t[-1]:
            return len(t) - 1, 0.0
        i = int(np.searchsorted(t, time, side="right")) - 1
        span = t[i + 1] - t[i]
        return i, float((time - t[i]) / span) if span > 0 else 0.0

    def pose(self, time: float) -> tuple[np.ndarray, np.ndarray]:
        """Positions (B, 3) and unit quaternions (B, 4) at ``time``, interpolated."""
        i, f = self.locate(time)
        if f == 0.0:
            return self.pos[i].copy(), self.quat[i].copy()
        pos = self.pos[i] * (1.0 - f) + self.pos[i + 1] * f
        return pos, _nlerp(self.quat[i], self.quat[i + 1], f)

    def trails(self, time: float) -> list[np.ndarray]:
        """Each ball's path from the start up to ``time``: a (k, 3) polyline per ball.

        Samples where a ball did not move are dropped so a ball at rest has a
        one-point trail (nothing to draw).
        """
        i, f = self.locate(time)
        now, _ = self.pose(time)
        out = []
        for b in range(len(self.ids)):
            pts = np.concatenate([self.pos[: i + 1, b], now[b][None]], axis=0)
            step = np.linalg.norm(np.diff(pts, axis=0), axis=1)
            keep = np.concatenate([[True], step > 1e-9])
            out.append(pts[keep])
        return out

    def omega(self, time: float) -> np.ndarray:
        """Angular velocity (B, 3), rad/s in the table frame, from the orientations.

        Finite difference over the sample interval around ``time``:
        dq = q(t1) q(t0)^-1 is the rotation done in the table frame, omega its
        axis times angle over the interval.
        """
        if len(self.t) < 2:
            return np.zeros((len(self.ids), 3))
        i, _ = self.locate(time)
        i = min(i, len(self.t) - 2)
        dt = float(self.t[i + 1] - self.t[i])
        if dt <= 0:
            return np.zeros((len(self.ids), 3))
        dq = _qmul(self.quat[i + 1], _qconj(self.quat[i]))
        dq = np.where(dq[:, :1] < 0, -dq, dq)  # shortest rotation
        vec = dq[:, 1:]
        s = np.linalg.norm(vec, axis=1)
        angle = 2.0 * np.arctan2(s, dq[:, 0])
        axis = np.divide(vec, s[:, None], out=np.zeros_like(vec), where=s[:, None] > 1e-15)
        return axis * (angle / dt)[:, None]

    def spin_arrows(self, time: float, radius: float) -> list[np.ndarray]:
        """Arrow per spinning ball: (2, 3) from its centre along omega (right-hand rule).

        Length ``radius * (1.3 + min(|omega|, 200) / 25)``: it always leaves the ball and
        grows with the spin; balls below 0.5 rad/s get no arrow.
        """
        pos, _ = self.pose(time)
        w = self.omega(time)
        arrows = []
        for b in range(len(self.ids)):
            mag = float(np.linalg.norm(w[b]))
            if mag < 0.5:
                continue
            tip = pos[b] + w[b] / mag * radius * (1.3 + min(mag, 200.0) / 25.0)
            arrows.append(np.stack([pos[b], tip]))
        return arrows

def _array(value: Any, name: str, ndim: int, width: int | None = None) -> np.ndarray:
    try:
        arr = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError):
        raise BilliardError(f"replay samples {name} must be numbers") from None
    if arr.ndim != ndim or (width is not None and arr.shape[1] != width):
        shape = "a list of numbers" if ndim == 1 else f"a list of [{width} numbers]"
        raise BilliardError(f"replay samples {name} must be {shape}")
    if not np.all(np.isfinite(arr)):
        raise BilliardError(f"replay samples {name} hold a non-finite number")
    return arr


def _padded(arr: np.ndarray, n: int, ball_id: str) -> np.ndarray:
    """A ball whose samples stop early (pocketed and removed) keeps its last value."""
    if len(arr) == n:
        return arr
    if len(arr) == 0 or len(arr) > n:
        raise BilliardError(f"replay samples for ball {ball_id!r}: {len(arr)} values for {n} times")
    return np.concatenate([arr, np.repeat(arr[-1:], n - len(arr), axis=0)])


def _qconj(q: np.ndarray) -> np.ndarray:
    return q * np.array([1.0, -1.0, -1.0, -1.0])


def _qmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Hamilton product of (B, 4) quaternions, rowwise."""
    aw, ax, ay, az = a.T
    bw, bx, by, bz = b.T
    return np.stack([aw * bw - ax * bx - ay * by - az * bz,
                     aw * bx + ax * bw + ay * bz - az * by,
                     aw * by - ax * bz + ay * bw + az * bx,
                     aw * bz + ax * by - ay * bx + az * bw], axis=1)


def _nlerp(a: np.ndarray, b: np.ndarray, f: float) -> np.ndarray:
    """Normalised linear interpolation along the shorter arc (samples are close)."""
    b = np.where(np.sum(a * b, axis=1, keepdims=True) < 0, -b, b)
    q = a * (1.0 - f) + b * f
    return q / np.linalg.norm(q, axis=1, keepdims=True)

