"""Ball states at any time of a replay: samples interpolated (positions lerped, orientations
slerped), balls vanish a moment after they drop into a pocket. The file itself is read and
checked by ``billiard.replay.source`` (shot, replay or match file)."""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from billiard.render.scene import BallView
from billiard.render.transforms import interpolate_balls
from billiard.shot.replayfile import Replay
from billiard.table import get_table
from billiard.table.model import Table

DROP_S = 0.35          # s a ball stays drawn after its ball-pocket event (it falls in the hole)


@dataclass(frozen=True)
class ReplayFrames:
    table: Table
    ids: tuple[str, ...]
    t: np.ndarray              # (K,) sample times, increasing
    pos: np.ndarray            # (K, N, 3)
    quat: np.ndarray           # (K, N, 4) w, x, y, z body -> table
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
        return BallView(self.ids, pos, quat, self.radius, time >= self.hidden_from)


def load_replay_frames(path: str | Path) -> ReplayFrames:
    """The frames of a shot, replay or match file (a match: its first shot), through
    :func:`billiard.replay.source.load_any` (a shot file is simulated, a replay re-simulated and
    checked); any problem is one BilliardError line."""
    from billiard.replay.source import load_any      # billiard.replay imports this module

    return replay_frames(load_any(path))


def replay_frames(replay: Replay) -> ReplayFrames:
    ids = replay.ball_ids
    hidden = np.full(len(ids), math.inf)
    for i, bid in enumerate(ids):
        if replay.final[bid].pocket is not None or replay.final[bid].state == "pocketed":
            hidden[i] = replay.duration           # pocketed, but no event says when: at the end
    for ev in replay.events:
        if ev.type == "ball-pocket":
            for bid in ev.balls:
                i = ids.index(bid)
                hidden[i] = min(hidden[i], ev.t + DROP_S)
    return ReplayFrames(
        table=get_table(replay.shot.table_spec), ids=ids, t=np.asarray(replay.t, dtype=np.float64),
        pos=np.stack([replay.pos[i] for i in ids], axis=1), quat=np.stack([replay.quat[i] for i in ids], axis=1),
        radius=np.full(len(ids), replay.params.ball_radius), hidden_from=hidden,
        heading_deg=float(replay.shot.strike.heading_deg))
