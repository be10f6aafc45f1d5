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
from billiard.formats.decode import convert
from billiard.formats.strike import Strike
from billiard.calibration.model import run_world
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


KINDS = ("roll", "bank", "cut")


def random_shot(rng: np.random.Generator, table: str, kind: str | None = None) -> dict[str, Any]:
    """A random calibration shot (a shot dict) of one ``kind`` (default: drawn):

    - ``roll``: the cue ball alone, along the table, any height of tip (sliding, rolling);
    - ``bank``: the cue ball alone into a long cushion at 20-60 degrees with side spin
      (cushion restitution and friction, spin decay);
    - ``cut``: a 10-50 degree cut on one object ball (ball-ball friction: throw).
    Speeds 0.8-2.5 m/s, tips within half a radius."""
    kind = kind or str(rng.choice(KINDS))
    tb = get_table(table)
    r = preset(tb.ball_set).ball_radius
    reach = nose_setback(tb.cushion_height, r) + 0.1
    max_x, max_y = tb.half_length - reach, tb.half_width - reach
    speed = float(rng.uniform(0.8, 2.5))
    tip = [float(rng.uniform(-0.3, 0.3)), float(rng.uniform(-0.5, 0.5))]
    if kind == "roll":
        cue = (-max_x * float(rng.uniform(0.6, 1.0)), float(rng.uniform(-0.5, 0.5)) * max_y)
        heading = float(rng.uniform(-8.0, 8.0))
        balls = [("cue", cue)]
    elif kind == "bank":
        cue = (float(rng.uniform(-0.6, 0.0)) * max_x, float(rng.uniform(-0.3, 0.3)) * max_y)
        heading = float(rng.choice([-1.0, 1.0])) * float(rng.uniform(20.0, 60.0))
        tip[0] = float(rng.choice([-1.0, 1.0])) * float(rng.uniform(0.2, 0.5))
        balls = [("cue", cue)]
    elif kind == "cut":
        cue = (-max_x * float(rng.uniform(0.5, 0.8)), float(rng.uniform(-0.4, 0.4)) * max_y)
        dist = float(rng.uniform(0.3, 0.8))
        aim = math.radians(float(rng.uniform(-15.0, 15.0)))
        ghost = (cue[0] + dist * math.cos(aim), cue[1] + dist * math.sin(aim))
        cut = math.radians(float(rng.choice([-1.0, 1.0])) * float(rng.uniform(10.0, 50.0)))
        ob = (ghost[0] + 2 * r * math.cos(aim + cut), ghost[1] + 2 * r * math.sin(aim + cut))
        heading = math.degrees(aim)
        balls = [("cue", cue), ("1", ob)]
    else:
        raise ValueError(f"unknown kind {kind!r}")
    size = math.hypot(*tip)
    if size > 0.55:  # inside the miscue limit (0.6 R)
        tip = [v * 0.55 / size for v in tip]
    return {
        "format": "billiard-shot/1",
        "table": table,
        "balls": [{"id": b, "pos": [float(p[0]), float(p[1])]} for b, p in balls],
        "strike": {"ball": "cue", "speed": speed, "heading_deg": heading, "elevation_deg": 0.0, "tip": tip},
    }


def record(
    shot: dict[str, Any],
    params: dict[str, Any],
    rng: np.random.Generator,
    tracker: Tracker = Tracker(),
    name: str = "synthetic",
) -> Recording:
    """The recording a tracker would make of ``shot`` (balls on the bed, a strike) played with
    ``params`` overrides: exact positions at the frame times (the engine ticks a whole
    fraction of the frame), then noise, dropped frames and a hidden ball."""
    period = 1.0 / tracker.rate
    dt = period / math.ceil(period * 120.0 - 1e-9)
    s = {"ball": shot["strike"]["ball"], **convert(shot["strike"], Strike, at="strike").to_dict()}
    starts = [(b["id"], float(b["pos"][0]), float(b["pos"][1])) for b in shot["balls"]]
    t_tick, pos, events = run_world(shot["table"], starts, s, {**params, "dt": dt}, 600.0)
    per = round(period / dt)
    t_all = t_tick[::per]
    hidden = None
    if rng.uniform() < tracker.hidden_share:
        ball = str(rng.choice(list(pos)))
        start = float(rng.uniform(0.2, max(0.3, t_all[-1] - tracker.hidden_for)))
        hidden = (ball, start, start + tracker.hidden_for)
    tracks = {}
    for ball, xy_all in pos.items():
        keep = np.ones(len(t_all), dtype=bool)
        keep[1:] = rng.uniform(size=len(t_all) - 1) >= tracker.dropped  # the start is always seen
        if hidden and hidden[0] == ball:
            keep &= ~((t_all >= hidden[1]) & (t_all < hidden[2]))
        gone = next((e.t for e in events if e.type == "ball-pocket" and e.balls[0] == ball), None)
        if gone is not None:
            keep &= t_all < gone
        xy = xy_all[::per][keep]
        noise = rng.normal(scale=tracker.noise, size=xy.shape)
        noise[0] *= 0.2  # the start: the ball at rest, averaged over the frames before the strike
        tracks[ball] = Track(t_all[keep], xy + noise)
    return Recording(name, shot["table"], tracks, None, None)
