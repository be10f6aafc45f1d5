"""A replay's samples as arrays: poses at any time, trails, spin from orientations.

Pure numpy. ``pos`` is (S, B, 3) and ``quat`` (S, B, 4) (w, x, y, z, body -> table)
for S sample times ``t`` and B balls ``ids`` (the replay contract, DESIGN.md).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from billiard.physics.quaternion import multiply
from billiard.render.transforms import interpolate_balls
from billiard.shot.replayfile import Replay


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
    def from_replay(cls, replay: Replay) -> "Track":
        """The samples of a (validated) replay as arrays, balls in ``replay.ball_ids`` order."""
        ids = replay.ball_ids
        pos = np.stack([replay.pos[b] for b in ids], axis=1)
        quat = np.stack([replay.quat[b] for b in ids], axis=1)
        norm = np.linalg.norm(quat, axis=2, keepdims=True)
        unit = np.where(norm > 1e-9, quat / np.maximum(norm, 1e-9), np.array([1.0, 0.0, 0.0, 0.0]))
        return cls(ids, np.asarray(replay.t, dtype=np.float64), pos, unit)

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
        return interpolate_balls(self.pos[i], self.quat[i], self.pos[i + 1], self.quat[i + 1], f)

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
        dq = multiply(self.quat[i + 1], _qconj(self.quat[i]))
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


def _qconj(q: np.ndarray) -> np.ndarray:
    return q * np.array([1.0, -1.0, -1.0, -1.0])

