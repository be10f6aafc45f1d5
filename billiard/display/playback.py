"""One replay, played back: the single playback model of the game's replays, the replay
viewer, its screenshots and ``billiard render``.

Pure numpy over a :class:`~billiard.shot.replayfile.Replay`: ball poses at any time
(:mod:`billiard.physics.pose` between samples), when each pocketed ball stops being drawn,
trails, spin (from the orientations) and spin arrows, and the events so far.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from billiard.physics.pose import interpolate_balls
from billiard.errors import BilliardError
from billiard.physics.events import Event
from billiard.physics.quaternion import multiply
from billiard.shot.replayfile import Replay
from billiard.shot.shotfile import Strike
from billiard.table.model import Table

DROP_S = 0.35  # s a ball stays drawn after its ball-pocket event (it falls in the hole)
MIN_SPIN = 0.5  # rad/s: slower spins get no arrow


@dataclass(frozen=True)
class Frame:
    """One moment: poses, which balls are gone, and the overlays asked for."""

    t: float
    ids: tuple[str, ...]
    pos: np.ndarray  # (B, 3)
    quat: np.ndarray  # (B, 4) w, x, y, z body -> table
    pocketed: np.ndarray  # (B,) bool: gone into a pocket by now (not drawn)
    radius: float
    trails: tuple[tuple[str, np.ndarray], ...] = ()  # (ball id, (k, 3) polyline) per ball that moved
    arrows: tuple[np.ndarray, ...] = ()  # (2, 3) spin arrows


@dataclass(frozen=True, eq=False)
class Playback:
    """A replay's samples as arrays: ``pos`` (S, B, 3), ``quat`` (S, B, 4) unit, at times
    ``t`` (S,), balls ``ids``; ``hidden_from`` (B,) the time each ball stops being drawn."""

    table: Table
    strike: Strike
    ids: tuple[str, ...]
    t: np.ndarray
    pos: np.ndarray
    quat: np.ndarray
    radius: float
    hidden_from: np.ndarray
    events: tuple[Event, ...]

    @classmethod
    def from_replay(cls, replay: Replay) -> "Playback":
        """The samples of a (validated) replay, balls in ``replay.ball_ids`` order."""
        ids = replay.ball_ids
        pos = np.stack([replay.pos[b] for b in ids], axis=1)
        quat = np.stack([replay.quat[b] for b in ids], axis=1)
        norm = np.linalg.norm(quat, axis=2, keepdims=True)
        unit = np.where(norm > 1e-9, quat / np.maximum(norm, 1e-9), np.array([1.0, 0.0, 0.0, 0.0]))
        t = np.asarray(replay.t, dtype=np.float64)
        return cls(
            replay.shot.table,
            replay.shot.strike,
            ids,
            t,
            pos,
            unit,
            float(replay.params.ball_radius),
            _hidden_from(replay, float(t[-1])),
            tuple(replay.events),
        )

    # --- time ---

    @property
    def start(self) -> float:
        return float(self.t[0])

    @property
    def end(self) -> float:
        return float(self.t[-1])

    @property
    def duration(self) -> float:
        return self.end - self.start

    @property
    def frame_dt(self) -> float:
        """Time between samples (one 'frame' for stepping)."""
        return self.duration / (len(self.t) - 1) if len(self.t) > 1 else 1.0 / 60.0

    def locate(self, time: float) -> tuple[int, float]:
        """Sample index i and fraction f in [0, 1) with ``time`` between t[i] and t[i+1]
        (clamped to the sampled span)."""
        t = self.t
        if len(t) == 1 or time <= t[0]:
            return 0, 0.0
        if time >= t[-1]:
            return len(t) - 1, 0.0
        i = int(np.searchsorted(t, time, side="right")) - 1
        span = t[i + 1] - t[i]
        return i, float((time - t[i]) / span) if span > 0 else 0.0

    # --- what is drawn ---

    def pose(self, time: float) -> tuple[np.ndarray, np.ndarray]:
        """Positions (B, 3) and unit quaternions (B, 4) at ``time``."""
        i, f = self.locate(time)
        if f == 0.0:
            return self.pos[i].copy(), self.quat[i].copy()
        return interpolate_balls(self.pos[i], self.quat[i], self.pos[i + 1], self.quat[i + 1], f)

    def frame(self, time: float, trails: bool = False, spin: bool = False) -> Frame:
        """The moment ``time``; ``trails`` adds each ball's path so far, ``spin`` its spin arrow."""
        pos, quat = self.pose(time)
        trail_lines: tuple[tuple[str, np.ndarray], ...] = ()
        if trails:
            trail_lines = tuple((b, p) for b, p in zip(self.ids, self.trails(time, pos)) if len(p) > 1)
        arrows = tuple(self.spin_arrows(time, pos)) if spin else ()
        return Frame(float(time), self.ids, pos, quat, time >= self.hidden_from, self.radius, trail_lines, arrows)

    def trails(self, time: float, now: np.ndarray | None = None) -> list[np.ndarray]:
        """Each ball's path from the start up to ``time``: a (k, 3) polyline per ball; samples
        where the ball did not move are dropped (a ball at rest has a one-point trail)."""
        i, _ = self.locate(time)
        now = self.pose(time)[0] if now is None else now
        out = []
        for b in range(len(self.ids)):
            pts = np.concatenate([self.pos[: i + 1, b], now[b][None]], axis=0)
            step = np.linalg.norm(np.diff(pts, axis=0), axis=1)
            out.append(pts[np.concatenate([[True], step > 1e-9])])
        return out

    def omega(self, time: float) -> np.ndarray:
        """Angular velocity (B, 3), rad/s in the table frame, from the orientations: the
        rotation dq = q(t1) q(t0)^-1 done over the sample interval around ``time``."""
        if len(self.t) < 2:
            return np.zeros((len(self.ids), 3))
        i = min(self.locate(time)[0], len(self.t) - 2)
        dt = float(self.t[i + 1] - self.t[i])
        if dt <= 0:
            return np.zeros((len(self.ids), 3))
        dq = multiply(self.quat[i + 1], self.quat[i] * np.array([1.0, -1.0, -1.0, -1.0]))
        dq = np.where(dq[:, :1] < 0, -dq, dq)  # shortest rotation
        vec = dq[:, 1:]
        s = np.linalg.norm(vec, axis=1)
        angle = 2.0 * np.arctan2(s, dq[:, 0])
        axis = np.divide(vec, s[:, None], out=np.zeros_like(vec), where=s[:, None] > 1e-15)
        return axis * (angle / dt)[:, None]

    def spin_arrows(self, time: float, pos: np.ndarray | None = None) -> list[np.ndarray]:
        """An arrow per spinning ball: (2, 3) from its centre along omega (right-hand rule),
        ``radius * (1.3 + min(|omega|, 200) / 25)`` long: it always leaves the ball and grows
        with the spin."""
        pos = self.pose(time)[0] if pos is None else pos
        w = self.omega(time)
        arrows = []
        for b in range(len(self.ids)):
            mag = float(np.linalg.norm(w[b]))
            if mag < MIN_SPIN:
                continue
            tip = pos[b] + w[b] / mag * self.radius * (1.3 + min(mag, 200.0) / 25.0)
            arrows.append(np.stack([pos[b], tip]))
        return arrows

    def moment(self, at: float | None) -> float:
        """The time a picture of ``at`` shows: the end when ``at`` is None; one clear error
        when it lies outside the replay (every command reads ``--at`` through this)."""
        if at is None:
            return self.end
        if not (math.isfinite(at) and self.start - 1e-9 <= at <= self.end + 1e-9):
            raise BilliardError(f"--at {at} is outside the replay ({self.start:g} to {self.end:.3f} s)")
        return float(at)

    def events_until(self, time: float) -> list[Event]:
        """Events that have happened by ``time`` (the viewer's event line)."""
        return [e for e in self.events if e.t <= time]


def _hidden_from(replay: Replay, end: float) -> np.ndarray:
    """When each ball stops being drawn: DROP_S after its ball-pocket event; a ball that ends
    pocketed with no event saying when, at the end."""
    ids = replay.ball_ids
    hidden = np.full(len(ids), math.inf)
    for i, bid in enumerate(ids):
        if replay.final[bid].pocket is not None or replay.final[bid].state == "pocketed":
            hidden[i] = end
    for ev in replay.events:
        if ev.type == "ball-pocket":
            for bid in ev.balls:
                i = ids.index(bid)
                hidden[i] = min(hidden[i], ev.t + DROP_S)
    return hidden


def describe(event: Event) -> str:
    """One short line for an event, e.g. ``0.412 s  ball-cushion  cue (long-south)``."""
    detail = event.info.get("cushion") or event.info.get("pocket")
    if event.type == "state":
        detail = f"{event.info.get('from')} -> {event.info.get('to')}"
    extra = f" ({detail})" if detail else ""
    return f"{event.t:.3f} s  {event.type}  {' '.join(event.balls)}{extra}"
