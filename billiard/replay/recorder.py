"""Record every shot of a game session, off the frame loop.

The game (window or ``play --headless``) calls, once per shot::

    rec = Recorder(data_dir, mode="8-ball", table="pool-9ft", players=["Ann", "Bob"])
    rec.record(shot, scores=[0, 1], player=0)           # returns at once
    rec.save_named("my best shot")                      # the key "save last shot"
    rec.close()                                         # on exit: flush, stop the thread

``shot`` is the shot dict or :class:`billiard.Shot` (:func:`shot_from_balls` builds
one from the ball arrays before the strike). ``replay`` is optional: the
:class:`billiard.Replay` that ``billiard.simulate(shot)`` returned; without it the
writer thread runs ``billiard.simulate(shot)`` itself. All simulation, serialisation and disk work happens on one background
writer thread fed by a queue, so ``record`` never stalls a frame;
write failures are collected in ``errors`` (and passed to ``on_error``), never raised
into the game loop. Each shot gives ``shot-NNN.json`` (exactly the shot simulated,
so ``billiard simulate`` on it reproduces the replay byte for byte),
``shot-NNN.replay.json`` (both written by ``billiard.save``), and an updated
``match.json`` for the whole session.
"""

from __future__ import annotations

import atexit
import os
import queue
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import billiard
from billiard.errors import BilliardError
from billiard.replay.datadir import (
    SAVED,
    data_dir as resolve_data_dir,
    ensure_dir,
    new_session_dir,
    sanitize_name,
    shot_file_names,
)
from billiard.shot.matchfile import Match, MatchShot
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write
from billiard.shot.io import save
from billiard.shot.shotfile import Shot

MATCH_FILE = "match.json"
_STOP = object()


@dataclass
class _Recorded:
    """A recorded shot; the writer thread fills ``replay`` when the game gave none."""

    number: int
    shot: dict[str, Any]
    replay: Any


def _as_dict(obj: Any) -> dict[str, Any]:
    return obj.to_dict() if isinstance(obj, Shot) else obj


class Recorder:
    """Per-session recorder with a background writer thread (see module docstring)."""

    def __init__(
        self,
        data_dir: str | os.PathLike | None = None,
        *,
        mode: str = "practice",
        table: Any = "pool-9ft",
        players: list[str] | tuple[str, ...] = ("Player 1",),
        start_scores: list[float] | None = None,
        on_error: Callable[[str], None] | None = None,
        simulate: Callable[[Shot], Any] | None = None,
    ) -> None:
        self.root = resolve_data_dir(data_dir)
        self._simulate = simulate
        self.on_error = on_error
        self.errors: list[str] = []
        self.session: Path | None = None
        players = tuple(players)
        self._match = Match(
            mode=mode,
            table=table,
            players=players,
            start_scores=tuple(start_scores or [0] * len(players)),
            engine=f"billiard {billiard.__version__}",
            created=time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        )
        self._last: _Recorded | None = None
        self._reserved: set[Path] = set()
        self._queue: queue.Queue = queue.Queue()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="billiard-recorder", daemon=True)
        self._thread.start()
        self._closed = False
        atexit.register(self.close)

    # --- game-facing API (called from the frame loop; never blocks on disk) ---

    @property
    def shots(self) -> int:
        return len(self._match)

    def record(
        self,
        shot: Any,
        replay: Any = None,
        *,
        scores: Any = None,
        player: int | None = None,
        rack: int | None = None,
        note: str | None = None,
    ) -> int:
        """Queue one played shot for writing; return its 1-based number in the session.

        ``scores``: the scores after the shot, one per player (a list, or a dict by
        player name); None keeps the previous ones. ``rack`` (1 = the first) and ``note``
        (what happened: "pots the 6") go into the match file for the replay list.
        """
        if self._closed:
            raise BilliardError("the recorder is closed")
        shot_dict = _as_dict(shot)
        scores = self._scores(scores)
        number = self.shots + 1
        shot_name, replay_name = shot_file_names(number)
        self._match = self._match.with_shot(
            MatchShot(shot_dict, scores, player, replay_name, rack, note[:200] if note else None)
        )
        self._last = _Recorded(number, shot_dict, replay)
        self._queue.put((self._write_shot, (self._last, self._match)))
        return number

    def save_named(self, name: str) -> Path:
        """Save the last recorded shot as ``saved/<name>.json`` (+ replay); return that path.

        The name is sanitised; an existing save is never overwritten (``name-2``...).
        """
        if self._last is None:
            raise BilliardError("no shot to save yet")
        safe = sanitize_name(name)
        folder = ensure_dir(self.root / SAVED)
        with self._lock:
            for n in range(1, 10000):
                stem = safe if n == 1 else f"{safe}-{n}"
                path = folder / f"{stem}.json"
                if path not in self._reserved and not path.exists():
                    self._reserved.add(path)
                    break
            else:
                raise BilliardError(f"too many saves named {safe!r}")
        meta = {
            "name": safe,
            "mode": self._match.mode,
            "table": self._match.table,
            "number": self._last.number,
            "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "players": list(self._match.players),
        }
        entry = self._match.shots[self._last.number - 1]
        meta.update({k: v for k, v in (("rack", entry.rack), ("note", entry.note)) if v is not None})
        self._queue.put((self._write_named, (path, self._last, meta)))
        return path

    def flush(self) -> None:
        """Block until every queued write is done (for exit and tests)."""
        self._queue.join()

    def close(self) -> None:
        """Flush and stop the writer thread; safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(_STOP)
        self._thread.join()
        atexit.unregister(self.close)

    def __enter__(self) -> "Recorder":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _scores(self, scores: Any) -> tuple[float, ...]:
        if scores is None:
            return self._match.final_scores()
        if isinstance(scores, dict):
            scores = [scores.get(p, 0) for p in self._match.players]
        return tuple(scores)

    # --- writer thread ---

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            try:
                if job is _STOP:
                    return
                func, args = job
                func(*args)
            # Any kind: this thread is the only one that sees the write fail, and a failed write
            # must never reach the game loop; the failure is reported through errors/on_error.
            except Exception as exc:  # noqa: BLE001
                message = str(exc) if isinstance(exc, BilliardError) else f"recording failed: {exc!r}"
                self.errors.append(message)
                if self.on_error is not None:
                    try:
                        self.on_error(message)
                    except Exception:  # noqa: BLE001 - a failing callback must not end the writer thread
                        pass
            finally:
                self._queue.task_done()

    def _session_dir(self) -> Path:
        if self.session is None:
            self.session = new_session_dir(ensure_dir(self.root))
        return self.session

    def _write_shot(self, rec: _Recorded, match: Match) -> None:
        folder = self._session_dir()
        shot_name, replay_name = shot_file_names(rec.number)
        shot = Shot.from_dict(rec.shot)
        if rec.replay is None:
            simulate = self._simulate or billiard.simulate
            rec.replay = simulate(shot)
        rec.replay.save(folder / replay_name)
        save(shot, folder / shot_name)
        match.save(folder / MATCH_FILE)

    def _write_named(self, path: Path, last: _Recorded, meta: dict) -> None:
        if last.replay is None:
            raise BilliardError(f"shot {last.number} could not be simulated, so it was not saved as {path.stem!r}")
        meta = {**meta, "session": self.session.name if self.session else None}
        try:
            last.replay.save(path.with_name(path.stem + ".replay.json"))
            atomic_write(path.with_name(path.stem + ".meta.json"), jsonfile.encode(meta, pretty=True))
            save(Shot.from_dict(last.shot), path)
        finally:
            with self._lock:
                self._reserved.discard(path)
