"""The cue-path preview off the frame thread (docs/performance.md: nothing slow runs on the frame thread).

Re-simulating the table for a preview takes 50-400 ms, many frames. The frame thread only
*asks* (:meth:`PathPreview.request`: a copy of the balls and a job handed to a worker) and
*looks* (:meth:`PathPreview.latest`: the newest finished path, or nothing yet); both take
microseconds. One job runs at a time; while it runs, newer requests replace each other, so
the worker always moves on to the shot as it is aimed now, never to a backlog.

:class:`LatestJob` is the general form (any look-ahead: a computer opponent's search fits it);
:class:`PathPreview` is the cue path. The worker is a separate process by default (``spawn``: a fresh interpreter with no window or
GL state, no contention for the interpreter lock with the frame thread); any
``concurrent.futures`` executor fits (tests pass a thread pool or an inline one).
"""

from __future__ import annotations

import time
from concurrent.futures import Executor, Future
from typing import Any, Callable, Hashable

import numpy as np

from billiard.app.predict import predict_path
from billiard.parent_watch import stop_pool, worker_pool

NO_PATH = np.zeros((0, 3))


def process_executor() -> Executor:
    """One worker process, started fresh (``spawn``), for the previews of one game window."""
    return worker_pool()


class LatestJob:
    """Look-ahead work off the frame thread, latest request wins, on ``executor_factory()``
    (created on first use). Any slow look-ahead of the game fits: the cue-path preview below,
    a computer opponent's search.

    ``submit(key, fn, *args)`` asks for ``fn(*args)`` (the arguments must be the caller's
    copies: the job may run later); ``latest(accept)`` gives the newest finished result whose
    key ``accept(key)`` allows, else ``empty``. ``frame_ms_max`` is the longest time a
    request or a look took on the caller's thread.
    """

    empty: object = None

    def __init__(self, executor_factory: Callable[[], Executor] = process_executor) -> None:
        self._factory = executor_factory
        self._executor: Executor | None = None
        self._running: tuple[Hashable, Future] | None = None
        self._queued: tuple[Hashable, tuple] | None = None
        self._wanted: Hashable = None
        self._done: tuple[Hashable, Any] | None = None
        self.frame_ms_max = 0.0
        self.failures = 0

    def submit(self, key: Hashable, fn: Callable, *args: Any) -> None:
        """Ask for ``fn(*args)`` under ``key`` (nothing happens if it is the key last asked for)."""
        t0 = time.perf_counter()
        if key != self._wanted:
            self._wanted = key
            self._queued = (key, (fn, *args))
            self._collect()
            self._start_queued()
        self._note(t0)

    def latest(self, accept: Callable[[Hashable], bool] = lambda key: True) -> Any:
        """The newest finished result that ``accept`` takes, else ``empty``."""
        t0 = time.perf_counter()
        self._collect()
        self._start_queued()
        out = self._done[1] if self._done is not None and accept(self._done[0]) else self.empty
        self._note(t0)
        return out

    def start(self) -> None:
        """Start the worker now (a process takes a moment to start: better before the first aim)."""
        if self._executor is None:
            self._executor = self._factory()
            self._executor.submit(int)

    def busy(self) -> bool:
        """Is a request still being worked on (or waiting for the worker)?"""
        return self._running is not None or self._queued is not None

    def ready(self, key: Hashable) -> bool:
        """Is the result of ``key`` finished?"""
        self._collect()
        return self._done is not None and self._done[0] == key

    def wait(self, timeout: float = 30.0) -> None:
        """Block until every request made so far is finished (scripted play: a deterministic
        last frame). Never called from the interactive frame loop."""
        end = time.monotonic() + timeout
        while (self._running is not None or self._queued is not None) and time.monotonic() < end:
            if self._running is not None:
                try:
                    self._running[1].result(timeout=max(0.0, end - time.monotonic()))
                except Exception:  # noqa: BLE001 - counted by _collect
                    pass
            self._collect()
            self._start_queued()

    def close(self) -> None:
        """Stop the worker (pending jobs are dropped)."""
        if self._executor is not None:
            stop_pool(self._executor)
            self._executor = None
        self._running = self._queued = None

    # ------------------------------------------------------------------ internals
    def _collect(self) -> None:
        if self._running is None or not self._running[1].done():
            return
        key, future = self._running
        self._running = None
        try:
            self._done = (key, future.result())
        except Exception:  # noqa: BLE001 - a broken look-ahead shows nothing, never crashes
            self.failures += 1
            self._done = (key, self.empty)

    def _start_queued(self) -> None:
        if self._running is not None or self._queued is None:
            return
        key, args = self._queued
        self._queued = None
        if self._executor is None:
            self._executor = self._factory()
        self._running = (key, self._executor.submit(*args))

    def _note(self, t0: float) -> None:
        self.frame_ms_max = max(self.frame_ms_max, 1000.0 * (time.perf_counter() - t0))


class PathPreview(LatestJob):
    """Latest-wins cue-path previews: ``request(key, ...)`` with the arguments of
    :func:`predict_path` (the balls are copied at once); ``latest(accept)`` gives the newest
    finished path whose key ``accept`` allows (e.g. same cue-ball position and shot number: a
    path for a slightly older aim is still shown while the new one is worked out, one from
    before the last shot never), else an empty (0, 3) array."""

    empty = NO_PATH

    def request(self, key: Hashable, world_factory: Any, balls, table, params, cue: str, cmd) -> None:
        if key != self._wanted:
            self.submit(key, predict_path, world_factory, balls.copy(), table, params, cue, cmd)
