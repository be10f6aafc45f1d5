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

# Spelled out (not built from _API) so that linters and type checkers can read it; a test
# keeps the two equal.
__all__ = ["__version__", "simulate", "Shot", "Replay", "load", "save"]


def __getattr__(name: str):
    if name in _API:
        import importlib

        return getattr(importlib.import_module(_API[name]), name)
    raise AttributeError(f"module 'billiard' has no attribute {name!r}")
