"""Load the engine's compiled kernels in the background while the game window opens (issue 14).

numba loads each kernel from its on-disk cache on its first call (~0.5 s for all of them, with
numba's own start-up), and on the very first run after an install compiles them (~9 s of CPU).
Done on the frame thread, that would stall the first shot; so the window starts a thread that
simulates one short break with the compiled engine as soon as it opens, while the player is
still looking and aiming. The shot is thrown away: only the loaded kernels matter.
"""
from __future__ import annotations

import threading

from billiard.physics import kernels

# a 9-ball break: it reaches the plan, advance, contact, cushion, bed and pocket kernels
WARM_SHOT = {"format": "billiard-shot/1", "table": "pool-9ft", "rack": "9-ball", "seed": 0,
             "strike": {"ball": "cue", "speed": 8.0, "heading_deg": 0.0}}


def _warm() -> None:
    from billiard.shot.simulate import simulate

    simulate(WARM_SHOT)


def start_warm_up() -> threading.Thread | None:
    """Start loading the compiled kernels in a daemon thread; None with the numpy engine."""
    if kernels.ENGINE != "compiled":
        return None
    thread = threading.Thread(target=_warm, name="billiard-engine-warm-up", daemon=True)
    thread.start()
    return thread
