"""``bench_ai.py``'s results file (per-game records merged as they arrive, so a run resumes)
and the runner that plays the units not yet in it, in one or more processes."""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from pathlib import Path

from ai_bench_records import LONG, play_unit


PARTS = ("self", "h2h", "runouts", "breakruns")  # the kinds of unit, each a dict of records by key and seed


class Results:
    """Per-game records in a JSON file, merged as they arrive (write then rename), so a long
    run can be stopped and resumed, or done in pieces (different --modes, --levels, or more
    --games later) into the same file."""

    def __init__(self, path: Path | None, how: str) -> None:
        self.path = path
        self.data: dict = {"how": how, **{part: {} for part in PARTS}}
        if path is not None and path.exists():
            try:
                loaded = json.loads(path.read_text())
            except (OSError, ValueError) as e:
                sys.exit(f"bench_ai: cannot read {path}: {e}")
            if loaded.get("how") != how:
                sys.exit(f"bench_ai: {path} holds a run with '{loaded.get('how')}', not '{how}'")
            self.data.update(loaded)

    def done(self, part: str, key: str, seed: int) -> bool:
        return str(seed) in self.data[part].get(key, {})

    def add(self, part: str, key: str, seed: int, rec: dict) -> None:
        self.data[part].setdefault(key, {})[str(seed)] = rec

    def records(self, part: str, key: str, n: int, first: int = 0) -> list[dict]:
        got = self.data[part].get(key, {})
        return [got[str(s)] for s in range(first, first + n) if str(s) in got]

    def every_record(self) -> list[dict]:
        """The records of every unit in the file, whatever its part and key."""
        return [g for part in PARTS for d in self.data[part].values() for g in d.values()]

    def save(self) -> None:
        if self.path is None:
            return
        tmp = self.path.with_suffix(self.path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.data, indent=1, sort_keys=True))
        os.replace(tmp, self.path)


def _priority(unit: tuple) -> tuple:
    """Level 5's figures with targets first (its 9-ball row, the 8-ball run-outs, its
    matches), seed by seed so that a run cut short has them all on as many games; then its
    8-ball row and the lower levels' matches, then their rows, then snooker and three-cushion."""
    part, key, seed = unit[:3]
    if part == "self":
        mode, lvl = key.split("/")
        rank = 3 if mode in LONG else 2 if lvl != "5" else 0 if mode == "9-ball" else 1
    elif part in ("runouts", "breakruns"):
        rank = 0
    else:
        rank = 0 if key.startswith("9-ball/5/") else 1
    return (rank, seed, key)


def run_units(units: list[tuple], results: Results, jobs: int) -> None:
    """Play the units not yet in ``results`` (``jobs`` processes), saving after each, with a
    progress line (CPU seconds beside wall seconds)."""
    todo = sorted((u for u in units if not results.done(u[0], u[1], u[2])), key=_priority)
    print(f"{len(units) - len(todo)} of {len(units)} games already in the results; playing {len(todo)}", flush=True)
    if not todo:
        return
    t0 = time.perf_counter()
    cpu = 0.0
    pool = multiprocessing.get_context("fork").Pool(jobs) if jobs > 1 else None
    it = pool.imap_unordered(play_unit, todo) if pool is not None else map(play_unit, todo)
    try:
        for k, (unit, rec) in enumerate(it, 1):
            results.add(unit[0], unit[1], unit[2], rec)
            results.save()
            cpu += rec["cpu"]
            print(
                f"  [{k}/{len(todo)}] {unit[0]} {unit[1]} seed {unit[2]}: game {rec['wall']:.1f} s wall, "
                f"{rec['cpu']:.1f} s CPU; elapsed {time.perf_counter() - t0:.0f} s wall, {cpu:.0f} s CPU",
                flush=True,
            )
    finally:
        if pool is not None:
            pool.terminate()
