"""billiard: interactive 3D billiards with a physics core you can trust.

Public API (headless, no window needed)::

    import billiard
    replay = billiard.simulate({"format": "billiard-shot/1", ...})
    replay.save("shot.replay.json")
"""
from __future__ import annotations

__version__ = "0.1.0"

_API = {
    "simulate": "billiard.shot.simulate",
    "Shot": "billiard.shot.shotfile",
    "Replay": "billiard.shot.replayfile",
    "load": "billiard.shot.io",
    "save": "billiard.shot.io",
}

__all__ = ["__version__", *_API]


def __getattr__(name: str):
    if name in _API:
        import importlib

        return getattr(importlib.import_module(_API[name]), name)
    raise AttributeError(f"module 'billiard' has no attribute {name!r}")
