"""Worker processes end with the process that started them (issue 28).

A ``ProcessPoolExecutor`` worker waits on its call queue, and it holds that queue's writing
end itself, so when the game dies without shutting the pool down in time (Ctrl+C, a crash,
``kill``), the worker never reads an end: it lives on, an orphan, holding the game's stdout and
stderr open (a test reading the game's output then waited for ever). :func:`exit_with_parent`,
the pool's ``initializer``, starts a daemon thread in the worker that ends it as soon as its
parent is gone. :func:`stop_pool` is the other side: the game closing a pool ends its workers
at once, rather than waiting at exit for a worker still starting (importing and loading the
kernels: 30-60 s on a loaded machine, and Ctrl+C seemed not to end the game).
"""

from __future__ import annotations

import multiprocessing.context
import os
import signal
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor

POLL_S = 0.5  # s between two looks at the parent
MANAGER_JOIN_S = 2.0  # s at most to wait for a stopped pool's manager thread (ms once its workers end)


def _watch(parent: int, poll_s: float) -> None:
    while os.getppid() == parent:
        time.sleep(poll_s)
    os._exit(0)  # the parent is gone: nobody will read what this worker makes


class _QuietProcess(multiprocessing.context.SpawnProcess):
    """A spawned worker that starts with Ctrl+C blocked: the terminal sends it to the whole
    foreground group, and a worker still importing (seconds on a loaded machine) would die of
    it with "Process SpawnProcess-1:" and a traceback under the game's last line. The game
    answers Ctrl+C itself and stops its pools (:func:`stop_pool`)."""

    def start(self) -> None:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})  # the spawned interpreter inherits the mask
        try:
            super().start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)


class _QuietContext(multiprocessing.context.SpawnContext):
    Process = _QuietProcess


def worker_pool() -> ProcessPoolExecutor:
    """One fresh (``spawn``) worker process that ends with its parent and leaves Ctrl+C to it."""
    return ProcessPoolExecutor(1, mp_context=_QuietContext(), initializer=exit_with_parent)


def exit_with_parent(poll_s: float = POLL_S) -> threading.Thread:
    """Start watching the parent of this process (call it in the worker); the thread. A Ctrl+C
    that came while the worker started (blocked, see :class:`_QuietProcess`) is dropped, and
    later ones are ignored: they are the parent's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    thread = threading.Thread(target=_watch, args=(os.getppid(), poll_s), name="billiard-exit-with-parent", daemon=True)
    thread.start()
    return thread


def stop_pool(pool: Executor) -> None:
    """Shut ``pool`` down without waiting (pending work dropped) and end its worker processes
    now, if it has any: what they were doing is no longer wanted."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # shutdown() forgets them
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        try:
            process.terminate()
        except (OSError, ValueError, AttributeError):
            pass
    if manager is not None and manager is not threading.current_thread():
        # the pool's manager thread closes its wake-up pipe once the workers are gone: let it,
        # or Python's exit hook may write to that pipe while it closes (Python 3.11: "Exception
        # ignored ... Bad file descriptor" on stderr after a Ctrl+C, seen in test_real_window)
        manager.join(MANAGER_JOIN_S)
