"""Load the engine's compiled kernels before the first frame, not during the first frames
(issues 14 and 28).

numba loads each kernel from its on-disk cache on its first call (~0.3-0.5 s of CPU for all of
them, most of it numba's own start-up, in Python, holding the interpreter lock); where no
valid cache exists (a working tree after an edit, another CPU) it compiles them (~9 s of CPU,
mostly in LLVM, outside the lock). Loading them behind the frames made the first frames wait
for the lock (230-260 ms frames, issue 28), so the window starts the load in a thread once it
and the game are made and waits for it, at most ``WAIT_S``, before its first frame; headless
play loads them before its first frame. A
compile that outlasts the wait goes on behind the frames, mostly outside the lock. The
shot is thrown away: only the loaded kernels matter. Once per process.
"""

from __future__ import annotations

import threading

from billiard.physics import kernels
from billiard.shot.precompile import BREAK as WARM_SHOT

WAIT_S = 3.0  # s: the longest the window waits for the kernels before its first frame
_loaded = threading.Event()
_lock = threading.Lock()


def _warm() -> None:
    with _lock:
        if _loaded.is_set():
            return
        from billiard.shot.simulate import simulate

        try:
            simulate(WARM_SHOT)
        finally:
            _loaded.set()


def start_warm_up() -> threading.Thread | None:
    """Start loading the compiled kernels in a daemon thread; None with the numpy engine or
    when they are loaded already."""
    if kernels.ENGINE != "compiled" or _loaded.is_set():
        return None
    thread = threading.Thread(target=_warm, name="billiard-engine-warm-up", daemon=True)
    thread.start()
    return thread


def wait_warm_up(thread: threading.Thread | None, timeout: float = WAIT_S) -> bool:
    """Wait at most ``timeout`` s for ``thread``; True when the kernels are loaded."""
    if thread is not None:
        thread.join(timeout)
    return kernels.ENGINE != "compiled" or _loaded.is_set()


def warm_up_now() -> None:
    """Load the compiled kernels in this thread (headless play, before its first frame)."""
    if kernels.ENGINE == "compiled" and not _loaded.is_set():
        _warm()
