"""Many shots at once: ``billiard simulate FOLDER|FILES... -o OUTDIR --jobs N [--scheduler ADDRESS]``.

The shots are read here, simulated by any ``concurrent.futures``-style executor (a process
pool over the machine's cores, or a Dask cluster's executor: the job is
:func:`simulate_job`, a pure function of a shot dict, so it runs wherever numpy and billiard
are installed) and each replay is written here, atomically, as soon as it comes back. A shot
that cannot be read or simulated is reported by name; the others go on. At most
``2 x jobs`` shots are in flight, so a batch of thousands never holds thousands of replays.
"""

from __future__ import annotations

import os
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from billiard.errors import BilliardError
from billiard.shot import formats, jsonfile, paramsfile
from billiard.shot.atomic import atomic_write

REPLAY_SUFFIX = ".replay.json"


@dataclass(frozen=True)
class Outcome:
    """What became of one shot file: its replay file, or the error that stopped it."""

    source: Path
    output: Path
    error: str | None = None
    summary: str = ""


def shot_files(inputs: Iterable[str | os.PathLike]) -> list[Path]:
    """The shot files named by ``inputs``: files as given, folders as their ``*.json`` files
    (sorted, replays ``*.replay.json`` left out). A missing input is a BilliardError."""
    out: list[Path] = []
    for item in inputs:
        path = Path(item)
        if path.is_dir():
            out += sorted(p for p in path.glob("*.json") if p.is_file() and not p.name.endswith(REPLAY_SUFFIX))
        elif path.exists():
            out.append(path)
        else:
            raise BilliardError(f"{path}: no such file or folder")
    if not out:
        raise BilliardError("no shot files found (a folder gives its *.json files)")
    return out


def output_name(source: Path) -> str:
    """``break.json`` -> ``break.replay.json`` (``x.shot.json`` -> ``x.replay.json``)."""
    stem = source.name[:-5] if source.name.endswith(".json") else source.name
    stem = stem[:-5] if stem.endswith(".shot") else stem
    return stem + REPLAY_SUFFIX


def plan_outputs(sources: list[Path], out_dir: Path) -> list[Path]:
    """One replay path per shot in ``out_dir``; two shots that would share one are refused."""
    outputs = [out_dir / output_name(s) for s in sources]
    seen: dict[Path, Path] = {}
    for src, dst in zip(sources, outputs):
        if dst in seen:
            raise BilliardError(f"{seen[dst]} and {src} would both write {dst}")
        seen[dst] = src
    return outputs


def simulate_job(shot: dict, fps: int) -> tuple[bytes | None, str]:
    """Simulate one shot dict; (replay file bytes, summary) or (None, error line). Pure and
    self-contained (it imports what it needs), so any executor can run it anywhere."""
    from billiard.shot.simulate import simulate

    try:
        replay = simulate(shot, fps=fps)
    except BilliardError as exc:
        return None, str(exc)
    except Exception as exc:  # noqa: BLE001 - a bug on one shot must not stop a batch
        return None, f"internal error: {type(exc).__name__}: {exc}"
    hits = sum(e.type in ("ball-ball", "ball-cushion") for e in replay.events)
    summary = f"{len(replay.events)} events ({hits} collisions), {replay.duration:.2f} s simulated"
    return jsonfile.dumps(replay.to_dict()), summary


def _read_shot(path: Path, params: dict | None = None) -> dict:
    """The shot dict, self-contained for any worker: a parameter file it names is read here
    (``params``: overrides of ``simulate --params FILE`` on top)."""
    data = jsonfile.read(path)
    formats.file_kind(data, ("shot",))
    return paramsfile.inline(data, path.parent, params)


def run_batch(
    sources: list[Path],
    outputs: list[Path],
    executor: Executor,
    fps: int = 60,
    jobs: int = 1,
    progress: Callable[[Outcome, int, int], None] | None = None,
    params: dict | None = None,
) -> list[Outcome]:
    """Simulate ``sources`` into ``outputs`` on ``executor``, at most ``2 * jobs`` at a time;
    ``progress(outcome, done, total)`` after each; ``params``: overrides applied to every shot
    (a parameter file's). Outcomes in the order they finished."""
    total = len(sources)
    todo = list(zip(sources, outputs))[::-1]
    running: dict[Future, tuple[Path, Path]] = {}
    done: list[Outcome] = []

    def finish(outcome: Outcome) -> None:
        done.append(outcome)
        if progress is not None:
            progress(outcome, len(done), total)

    while todo or running:
        while todo and len(running) < max(1, 2 * jobs):
            src, dst = todo.pop()
            try:
                shot = _read_shot(src, params)
            except BilliardError as exc:
                message = str(exc)
                if message.startswith(str(src)):  # the report names the file already
                    message = message[len(str(src)) :].lstrip(": ")
                finish(Outcome(src, dst, message))
                continue
            running[executor.submit(simulate_job, shot, fps)] = (src, dst)
        if not running:
            continue
        finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
        for future in finished:
            src, dst = running.pop(future)
            try:
                data, summary = future.result()
            except Exception as exc:  # noqa: BLE001 - a lost worker fails its shot, not the batch
                data, summary = None, f"worker failed: {type(exc).__name__}: {exc}"
            if data is None:
                finish(Outcome(src, dst, summary))
                continue
            try:
                atomic_write(dst, data)
            except BilliardError as exc:
                finish(Outcome(src, dst, str(exc)))
                continue
            finish(Outcome(src, dst, None, summary))
    return done


class InlineExecutor(Executor):
    """Runs each job at once in this process (``--jobs 1``: no pool to start)."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001
            future.set_exception(exc)
        return future
