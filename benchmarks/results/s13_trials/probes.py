"""The thirteenth session's probes of the level-5 player (docs/computer-player.md, "Run-outs
and break-and-run, level 5 (thirteenth session)"). Run from the repository root:

    python benchmarks/results/s13_trials/probes.py misses 1000 12 40
    python benchmarks/results/s13_trials/probes.py windows 1000 12
    python benchmarks/results/s13_trials/probes.py break-noise 9-ball 300 9000
    python benchmarks/results/s13_trials/probes.py break-offset 9-ball 300 5000 [--noisy]

``misses``: the pots level 5 chose in 8-ball run-out racks, each played ``copies`` times with
one part of the strike noise at a time (the same draws), to see which part makes them fail.
``windows``: how far each chosen pot's heading may turn either way (steps of a quarter of
the arm's heading sd) before the pot fails as meant. ``break-noise``: how often the book's
break keeps the table with no noise, the full noise, or one part of it. ``break-offset``:
the same against a fixed heading offset (with ``--noisy`` the full noise on top)."""

from __future__ import annotations

import copy
import sys
from math import erf, sqrt
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import numpy as np  # noqa: E402

from ai_bench_players import new_player  # noqa: E402
from ai_bench_records import _runout_record  # noqa: E402
from break_study import set_up  # noqa: E402
from billiard.ai.break_book import book_breaks  # noqa: E402
from billiard.ai.noise import SIGMA_HEADING_DEG, Noise  # noqa: E402
from billiard.ai.player import _placed  # noqa: E402
from billiard.ai.rollout import fast_params, play  # noqa: E402
from billiard.ai.search import shot_succeeds  # noqa: E402
from billiard.ai.strike import Strike  # noqa: E402
from billiard.app.autoplay import POT_KINDS  # noqa: E402
from billiard.game.spotting import put_on_table  # noqa: E402

PARTS = {  # which of the five draws (speed, heading, elevation, tip side, tip height) apply
    "full": (1, 1, 1, 1, 1),
    "heading": (0, 1, 0, 0, 0),
    "speed": (1, 0, 0, 0, 0),
    "elevation": (0, 0, 1, 0, 0),
    "tip": (0, 0, 0, 1, 1),
    "all but heading": (1, 0, 1, 1, 1),
}


def chosen_pots(first: int, racks: int) -> list[tuple]:
    """Every pot level 5 chose in the 8-ball run-out racks from ``first``, with its table."""
    kept: list[tuple] = []

    def seen(runner, sit, d) -> None:
        if d.kind not in POT_KINDS or d.strike is None:
            return
        balls = sit.balls.copy()
        if d.place is not None:
            put_on_table(balls, sit.rules.cue, d.place)
        kept.append((balls, sit.table, sit.params, copy.deepcopy(sit.rules), d))

    for seed in range(first, first + racks):
        _runout_record(5, seed, None, make_runner=new_player, on_decision=seen)
        print(f"  rack {seed}: {len(kept)} pots", flush=True)
    return kept


def _pots(k: tuple, strike: Strike) -> bool:
    balls, table, params, rules, d = k
    r = play(balls, table, params, rules, strike, d.push_out)
    return shot_succeeds(d.kind, d.target, r, rules.turn)


def misses(first: int, racks: int, copies: int) -> None:
    kept = chosen_pots(first, racks)
    rng = np.random.default_rng(7)
    failed = dict.fromkeys(PARTS, 0)
    for k in kept:
        balls, rules, d = k[0], k[3], k[4]
        noise = Noise(1.0, float(balls.radius[balls.index(rules.cue)]))
        zs = rng.standard_normal((copies, 5))
        row = {}
        for name, mask in PARTS.items():
            row[name] = sum(not _pots(k, noise.apply(d.strike, rng, z * np.array(mask))) for z in zs)
            failed[name] += row[name]
        if row["full"]:
            tip = d.strike.tip
            print(
                f"  expected {d.expected:.3f}, {d.strike.speed:.2f} m/s, tip ({tip[0]:+.2f}, {tip[1]:+.2f}): failed {row}"
            )
    n = len(kept) * copies
    print(f"{len(kept)} pots, {copies} plays each")
    for name, f in failed.items():
        print(f"  {name:16s} failed {f} of {n} ({100 * f / n:.2f} %)")


def _phi(x: float) -> float:
    return 0.5 * (1 + erf(x / sqrt(2)))


def windows(first: int, racks: int) -> None:
    kept = chosen_pots(first, racks)
    sd = SIGMA_HEADING_DEG

    def turned(k: tuple, units: float) -> bool:
        s = k[4].strike
        return _pots(k, s.replace(heading_deg=(s.heading_deg + units * sd) % 360.0))

    def reach(k: tuple, sign: float) -> float:
        for i in range(1, 25):
            if not turned(k, sign * 0.25 * i):
                return 0.25 * (i - 1)
        return 6.0

    now = centred = 0.0
    n = 0
    for k in kept:
        if not turned(k, 0.0):
            print(f"  expected {k[4].expected:.3f}: fails as meant")
            continue
        lo, hi = reach(k, -1.0), reach(k, 1.0)
        p_now, p_mid = _phi(hi) - _phi(-lo), _phi((lo + hi) / 2) - _phi(-(lo + hi) / 2)
        now, centred, n = now + p_now, centred + p_mid, n + 1
        print(
            f"  expected {k[4].expected:.3f}: pots from -{lo:.2f} to +{hi:.2f} sd; heading alone {p_now:.3f}, centred {p_mid:.3f}"
        )
    print(f"{n} pots: chance under the heading error alone {now / n:.4f} as aimed, {centred / n:.4f} centred")


def _book_break(mode: str, seed: int, units: float, z: np.ndarray | None) -> bool:
    """The book's best break on rack ``seed``, turned ``units`` heading sd, with the draws ``z``."""
    sit, place, strike, r = set_up(mode, book_breaks(mode)[0], seed)
    cue, me = sit.rules.cue, sit.rules.turn
    strike = strike.replace(heading_deg=(strike.heading_deg + units * SIGMA_HEADING_DEG) % 360.0)
    if z is not None:
        strike = Noise(1.0, r).apply(strike, None, z)
    o = play(_placed(sit.balls, cue, place), sit.table, fast_params(sit.params), sit.rules, strike).outcome
    return bool((o.next_player == me and not o.fouls) or (o.game_over and o.winner == me))


def break_noise(mode: str, racks: int, first: int) -> None:
    for name, mask in {"none": (0, 0, 0, 0, 0), **PARTS}.items():
        kept = sum(
            _book_break(mode, s, 0.0, np.random.default_rng(s).standard_normal(5) * np.array(mask))
            for s in range(first, first + racks)
        )
        print(f"  {name:16s} keeps the table {kept} of {racks} ({kept / racks:.3f})", flush=True)


def break_offset(mode: str, racks: int, first: int, noisy: bool) -> None:
    for units in (-2.0, -1.5, -1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0):
        kept = sum(
            _book_break(mode, s, units, np.random.default_rng(s).standard_normal(5) if noisy else None)
            for s in range(first, first + racks)
        )
        print(f"  turned {units:+.2f} sd: keeps the table {kept} of {racks} ({kept / racks:.3f})", flush=True)


if __name__ == "__main__":
    what, *args = sys.argv[1:]
    if what == "misses":
        misses(int(args[0]), int(args[1]), int(args[2]))
    elif what == "windows":
        windows(int(args[0]), int(args[1]))
    elif what == "break-noise":
        break_noise(args[0], int(args[1]), int(args[2]))
    elif what == "break-offset":
        break_offset(args[0], int(args[1]), int(args[2]), "--noisy" in args)
    else:
        raise SystemExit(__doc__)
