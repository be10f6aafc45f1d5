"""Recordings made by the engine itself from known parameters: the known answers that
``billiard fit`` is tested and benchmarked on (tests/calibration, benchmarks/bench_fit.py).

Like a camera tracker: samples at ``rate`` Hz, Gaussian tracking noise, frames dropped at
random, and on some shots one ball hidden for a moment (a hand over the table).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from billiard.calibration.recording import Recording, Track
from billiard.physics.params import preset
from billiard.shot.shotfile import Strike
from billiard.shot.simulate import simulate
from billiard.table import get_table
from billiard.table.cushion import nose_setback


@dataclass(frozen=True)
class Tracker:
    """How the synthetic camera sees: rate (Hz), noise (m, one sd per axis), the share of
    frames dropped, the share of shots with a ball hidden and for how long (s)."""

    rate: float = 50.0
    noise: float = 0.002
    dropped: float = 0.05
    hidden_share: float = 0.3
    hidden_for: float = 0.3


def random_shot(rng: np.random.Generator, table: str, n_balls: int = 3) -> dict[str, Any]:
    """A random shot dict: cue ball and object balls apart on the bed, the cue aimed near an
    object ball (so balls collide), speed 1-3.5 m/s, tip anywhere within half a radius."""
    tb = get_table(table)
    r = preset(tb.ball_set).ball_radius
    reach = nose_setback(tb.cushion_height, r) + 0.05
    max_x, max_y = tb.half_length - reach, tb.half_width - reach
    pos: list[tuple[float, float]] = []
    while len(pos) < n_balls:
        p = (float(rng.uniform(-max_x, max_x)), float(rng.uniform(-max_y, max_y)))
        if all(math.dist(p, q) > 4 * r for q in pos):
            pos.append(p)
    ids = ["cue"] + [str(k) for k in range(1, n_balls)]
    target = pos[1]
    aim = math.degrees(math.atan2(target[1] - pos[0][1], target[0] - pos[0][0]))
    off = math.degrees(math.asin(min(1.0, 1.5 * r / math.dist(pos[0], target))))
    rad, ang = 0.5 * math.sqrt(float(rng.uniform())), float(rng.uniform(0, 2 * math.pi))
    strike = {"ball": "cue", "speed": float(rng.uniform(1.0, 3.5)),
              "heading_deg": aim + float(rng.uniform(-off, off)), "elevation_deg": 0.0,
              "tip": [rad * math.cos(ang), rad * math.sin(ang)]}
    return {"format": "billiard-shot/1", "table": table,
            "balls": [{"id": b, "pos": list(p)} for b, p in zip(ids, pos)], "strike": strike}


def record(shot: dict[str, Any], params: dict[str, Any], rng: np.random.Generator,
           tracker: Tracker = Tracker(), name: str = "synthetic") -> Recording:
    """The recording a tracker would make of ``shot`` played with ``params`` overrides."""
    replay = simulate({**shot, "params": params}, fps=240)
    t_all = np.arange(0.0, replay.duration + 1e-9, 1.0 / tracker.rate)
    hidden = None
    if rng.uniform() < tracker.hidden_share:
        ball = str(rng.choice(list(replay.pos)))
        start = float(rng.uniform(0.2, max(0.3, replay.duration - tracker.hidden_for)))
        hidden = (ball, start, start + tracker.hidden_for)
    tracks = {}
    for ball, pos in replay.pos.items():
        final = replay.final[ball]
        keep = np.ones(len(t_all), dtype=bool)
        keep[1:] = rng.uniform(size=len(t_all) - 1) >= tracker.dropped      # the start is always seen
        if hidden and hidden[0] == ball:
            keep &= ~((t_all >= hidden[1]) & (t_all < hidden[2]))
        if final.pocket:
            gone = next((e.t for e in replay.events if e.type == "ball-pocket" and e.balls[0] == ball), None)
            if gone is not None:
                keep &= t_all < gone
        t = t_all[keep]
        xy = np.column_stack([np.interp(t, replay.t, pos[:, 0]), np.interp(t, replay.t, pos[:, 1])])
        noise = rng.normal(scale=tracker.noise, size=xy.shape)
        noise[0] *= 0.2          # the start: the ball at rest, averaged over the frames before the strike
        tracks[ball] = Track(t, xy + noise)
    return Recording(name, shot["table"], tracks, None, None)


def known_strike(shot: dict[str, Any]) -> Strike:
    return Strike.from_dict(shot["strike"])
