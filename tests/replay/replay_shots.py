"""Small real shots on the carom table (no pockets, three balls, fast to simulate)."""

from __future__ import annotations

import json

import billiard

R = 0.03075  # carom ball radius


def make_shot(speed: float = 0.8, x: float = -0.6) -> dict:
    return {
        "format": "billiard-shot/1",
        "table": "carom",
        "balls": [
            {"id": "white", "pos": [x, 0.0]},
            {"id": "red", "pos": [0.6, 0.02]},
            {"id": "yellow", "pos": [0.3, -0.4]},
        ],
        "strike": {"ball": "white", "speed": speed, "heading_deg": 0.0, "elevation_deg": 0.0, "tip": [0.0, 0.0]},
    }


_CACHE: dict[str, object] = {}


def replay_of(shot: dict):
    """``billiard.simulate(shot)``, computed once per shot in a test run."""
    key = json.dumps(shot, sort_keys=True)
    if key not in _CACHE:
        _CACHE[key] = billiard.simulate(shot)
    return _CACHE[key]
