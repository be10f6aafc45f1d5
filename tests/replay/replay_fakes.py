"""Synthetic shots and replays (the engine is another helper's branch): a cue ball
rolling along +x at constant speed with the matching roll omega = v / R about +y,
and a resting object ball."""
from __future__ import annotations

import math

import numpy as np
R = 0.028575
FPS = 60


def make_shot(speed: float = 1.0, x: float = -0.5) -> dict:
    return {"format": "billiard-shot/1", "table": "pool-9ft", "params": {},
            "balls": [{"id": "cue", "pos": [x, 0.0]}, {"id": "1", "pos": [0.6, 0.3]}],
            "strike": {"ball": "cue", "speed": speed, "heading_deg": 0.0,
                       "elevation_deg": 0.0, "tip": [0.0, 0.0]}}


def quat_about(axis, angle: float) -> list[float]:
    axis = np.asarray(axis, dtype=float) / np.linalg.norm(axis)
    return [math.cos(angle / 2), *(axis * math.sin(angle / 2))]


def fake_simulate(shot: dict, duration: float = 1.0, engine: str = "billiard 0.1.0") -> dict:
    """A replay dict of the contract's shape for ``shot`` (deterministic)."""
    v = shot["strike"]["speed"]
    x0 = shot["balls"][0]["pos"][0]
    n = int(round(duration * FPS)) + 1
    t = [i / FPS for i in range(n)]
    cue_pos = [[x0 + v * ti, 0.0, R] for ti in t]
    cue_quat = [quat_about([0, 1, 0], v / R * ti) for ti in t]
    obj = shot["balls"][1]["pos"]
    return {"format": "billiard-replay/1", "engine": engine, "shot": shot, "table": shot["table"],
            "params": {"mu_slide": 0.2}, "fps": FPS, "events": [],
            "samples": {"t": t, "balls": {
                "cue": {"pos": cue_pos, "quat": cue_quat},
                "1": {"pos": [[obj[0], obj[1], R]] * n, "quat": [[1.0, 0.0, 0.0, 0.0]] * n}}},
            "final": {"cue": {"pos": cue_pos[-1], "state": "rolling", "pocket": None},
                      "1": {"pos": [obj[0], obj[1], R], "state": "rest", "pocket": None}}}
