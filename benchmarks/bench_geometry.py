"""The aiming geometry's speed (issue 27): ``billiard/ai/geometry.py`` (clear paths, open pockets
and the easiest pot in arrays) against the one-path-at-a-time code it replaced
(``billiard/ai/geometry_reference.py``), in the same run. Prints numbers; never fails on timing.

1. The geometry alone on random layouts of the 9 ft table (scattered balls, clusters, balls by the
   pockets): CPU and wall time per call of what the search calls most, old and new, the ratio,
   and whether the answers agree.
2. Whole level-5 decisions: the 8-ball run-outs and 9-ball self-play games of
   ``benchmarks/bench_ai.py`` (from ``--first-rack`` and ``--first-game``) played once with the
   new code and once with cb896da's (the reference swapped into every module of billiard.ai that
   imported the geometry, and the strike's np.cross put back): CPU per decision, old and new,
   and whether every decision is the same (strike, kind, target, simulations, estimate).

    python benchmarks/bench_geometry.py [--layouts 200] [--racks 2] [--first-rack 1000] [--games 1]
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np

import billiard.ai  # noqa: F401
from billiard.ai import geometry as G
from billiard.ai import geometry_reference as R
from billiard.ai.player import ComputerPlayer
from billiard.physics import cue
from billiard.table import get_table


def random_layouts(n: int, seed: int) -> list[tuple[tuple[str, ...], np.ndarray, np.ndarray]]:
    """``n`` layouts of 2-16 balls on the 9 ft table that do not overlap."""
    table = get_table("pool-9ft")
    rng = np.random.default_rng(seed)
    return [R.random_layout(rng, table, int(rng.integers(2, 17))) for _ in range(n)]


def timed(fn: Callable[[], object]) -> tuple[object, float, float]:
    c0, t0 = time.process_time(), time.perf_counter()
    got = fn()
    return got, time.process_time() - c0, time.perf_counter() - t0


def geometry_rows(layouts) -> None:
    table = get_table("pool-9ft")
    calls: dict[str, Callable[[object, object, tuple[str, ...]], object]] = {
        "best_ease (all balls)": lambda m, lay, balls: m.best_ease(lay, table, "cue", balls),
        "problem_balls (all balls)": lambda m, lay, balls: m.problem_balls(lay, table, "cue", balls),
        "pot_aims (each ball)": lambda m, lay, balls: [
            [dataclasses.astuple(a) for a in m.pot_aims(lay, table, "cue", t)] for t in balls
        ],
        "pot_aims, banks (each ball)": lambda m, lay, balls: [
            [dataclasses.astuple(a) for a in m.pot_aims(lay, table, "cue", t, banks=True)] for t in balls
        ],
    }
    print(f"1. geometry on {len(layouts)} random layouts of the 9 ft table (per call; CPU / wall)")
    for name, call in calls.items():
        got = {}
        cpu = {}
        wall = {}
        for label, mod in (("old", R), ("new", G)):
            lays = [(mod.Layout(ids, xy.copy(), r.copy()), ids[1:]) for ids, xy, r in layouts]
            got[label], cpu[label], wall[label] = timed(
                lambda call=call, mod=mod, lays=lays: [call(mod, lay, balls) for lay, balls in lays]
            )
        n = len(layouts)
        same = "same answers" if got["old"] == got["new"] else "ANSWERS DIFFER"
        print(
            f"   {name:28s} old {1e6 * cpu['old'] / n:7.0f} / {1e6 * wall['old'] / n:7.0f} us"
            f"   new {1e6 * cpu['new'] / n:7.0f} / {1e6 * wall['new'] / n:7.0f} us"
            f"   old/new CPU {cpu['old'] / max(cpu['new'], 1e-9):4.1f}x   {same}"
        )


@contextmanager
def reference_geometry() -> Iterator[None]:
    """The code of cb896da: every billiard.ai module's imported geometry functions replaced by
    the reference's, and the strike's cross products by np.cross again."""
    saved: list[tuple[object, str, object]] = [(cue, "_cross", cue._cross)]
    cue._cross = np.cross  # type: ignore[assignment]
    for name, mod in list(sys.modules.items()):
        if not name.startswith("billiard.ai.") or mod in (G, R) or mod is None:
            continue
        for attr, val in list(vars(mod).items()):
            if callable(val) and getattr(val, "__module__", None) == G.__name__ and hasattr(R, attr):
                saved.append((mod, attr, val))
                setattr(mod, attr, getattr(R, attr))
    try:
        yield
    finally:
        for mod, attr, val in saved:
            setattr(mod, attr, val)


def decision_rows(racks: int, first: int, games: int, first_game: int) -> None:
    from ai_bench_records import _game_record, _runout_record

    decide = ComputerPlayer.decide
    runs: dict[str, list[tuple[str, float, float]]] = {"old": [], "new": []}
    label = "new"

    def recording(self, sit):
        d = decide(self, sit)
        runs[label].append((repr(dataclasses.replace(d, seconds=0.0, cpu_seconds=0.0)), d.cpu_seconds, d.seconds))
        return d

    ComputerPlayer.decide = recording  # type: ignore[method-assign]
    try:
        plays = [(f"8-ball run-out rack {first + k}", _runout_record, (5, first + k, None)) for k in range(racks)]
        plays += [
            (f"9-ball game {first_game + k}", _game_record, ("9-ball", 5, first_game + k, None)) for k in range(games)
        ]
        for what, play, args in plays:  # new and old in turn, so a change of load falls on both
            for label in ("new", "old"):
                if label == "old":
                    with reference_geometry():
                        play(*args)
                else:
                    play(*args)
                print(f"   {label} code: {what} played ({len(runs[label])} decisions so far)", flush=True)
    finally:
        ComputerPlayer.decide = decide  # type: ignore[method-assign]
    old, new = runs["old"], runs["new"]
    same = sum(1 for a, b in zip(old, new) if a[0] == b[0])
    oc, nc = sum(r[1] for r in old), sum(r[1] for r in new)
    ow, nw = sum(r[2] for r in old), sum(r[2] for r in new)
    parts = []
    if racks:
        parts.append(f"{racks} 8-ball run-outs (racks {first}-{first + racks - 1}, breaks included)")
    if games:
        parts.append(f"{games} 9-ball self-play games (seeds {first_game}-{first_game + games - 1})")
    print(f"2. level-5 decisions of {' and '.join(parts)}")
    print(f"   decisions: old {len(old)}, new {len(new)}; identical: {same} of {max(len(old), len(new))}")
    print(
        f"   per decision: old {oc / max(len(old), 1):.3f} s CPU / {ow / max(len(old), 1):.3f} s wall,"
        f" new {nc / max(len(new), 1):.3f} s CPU / {nw / max(len(new), 1):.3f} s wall;"
        f" old/new CPU {oc / max(nc, 1e-9):.2f}x; max CPU old {max(r[1] for r in old):.2f} s,"
        f" new {max(r[1] for r in new):.2f} s"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layouts", type=int, default=200, help="random layouts for the geometry rows (0: none)")
    ap.add_argument("--racks", type=int, default=2, help="8-ball run-out racks played with each geometry (0: none)")
    ap.add_argument("--first-rack", type=int, default=1000)
    ap.add_argument("--games", type=int, default=1, help="9-ball level-5 self-play games played with each (0: none)")
    ap.add_argument("--first-game", type=int, default=1000)
    args = ap.parse_args()
    if args.layouts:
        geometry_rows(random_layouts(args.layouts, 0))
    if args.racks or args.games:
        decision_rows(args.racks, args.first_rack, args.games, args.first_game)


if __name__ == "__main__":
    main()
