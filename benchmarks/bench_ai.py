"""Computer player figures (issue 15): ``python benchmarks/bench_ai.py`` from the repo root.

For each mode and level, over seeded computer-vs-computer games (both sides the same level):
pot rate on attempted pots, fouls, shots per game, games finished, decision time (wall and
CPU, mean and max). Then the success rate of the chosen shot when played with noise of
magnitude 0, 1 and 5, and level 5 against level 1. Prints numbers; never fails on timing.

``--quick`` plays fewer games (a few minutes); the defaults take much longer on a loaded
2-core machine (snooker frames are long)."""
from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # run from a source checkout

import numpy as np

from billiard.ai import Noise, PlayerSpec, Situation
from billiard.ai.rollout import play
from billiard.app.autoplay import play_game
from billiard.game.spotting import put_on_table

CAROM_POINTS = 10


def _games(mode: str, level: int, seeds: list[int], cap: int, keep: list | None = None) -> dict:
    rows = []
    t0, c0 = time.perf_counter(), time.process_time()

    def seen(sit: Situation, decision) -> None:
        if keep is not None and decision.strike is not None:
            keep.append((copy.deepcopy(sit.rules), sit, decision))

    for seed in seeds:
        rows.append(play_game(mode, (PlayerSpec("computer", level),) * 2, seed, max_shots=cap,
                              carom_target=CAROM_POINTS, on_decision=seen))
    c = [r["computer"] for r in rows]
    attempts = sum(x["attempts"] for x in c)
    return {"mode": mode, "level": level, "games": len(rows),
            "finished": sum(r["game_over"] for r in rows),
            "shots": float(np.mean([r["shots"] for r in rows])),
            "fouls": float(np.mean([r["fouls"] for r in rows])),
            "pot_rate": sum(x["pots"] for x in c) / attempts if attempts else float("nan"),
            "attempts": attempts,
            "mean_s": float(np.mean([x["mean_s"] for x in c])), "max_s": max(x["max_s"] for x in c),
            "mean_cpu_s": float(np.mean([x["mean_cpu_s"] for x in c])), "max_cpu_s": max(x["max_cpu_s"] for x in c),
            "wall": time.perf_counter() - t0, "cpu": time.process_time() - c0}


def _success(rules, sit: Situation, decision, magnitude: float, copies: int, rng: np.random.Generator) -> float:
    """How often the chosen strike does what it was chosen for, played with noise."""
    balls = sit.balls.copy()
    if decision.place is not None:
        put_on_table(balls, rules.cue, decision.place)
    noise = Noise(magnitude, float(balls.radius[balls.index(rules.cue)]))
    me = rules.turn
    wins = 0
    for _ in range(copies):
        r = play(balls, sit.table, sit.params, rules, noise.apply(decision.strike, rng), decision.push_out)
        o = r.outcome
        if decision.kind in ("pot", "bank"):
            ok = decision.target in o.pocketed and not o.fouls
        elif decision.kind == "carom":
            ok = o.next_player == me and not o.fouls
        else:
            ok = not o.fouls
        wins += ok
    return wins / copies


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--modes", default="9-ball,8-ball,three-cushion,snooker")
    ap.add_argument("--levels", default="1,3,5")
    ap.add_argument("--games", type=int, default=None, help="games per mode and level")
    ap.add_argument("--cap", type=int, default=None, help="shot cap per game")
    ap.add_argument("--copies", type=int, default=None, help="noisy copies per chosen shot")
    args = ap.parse_args()
    games = args.games or (2 if args.quick else 6)
    copies = args.copies or (4 if args.quick else 10)
    levels = [int(x) for x in args.levels.split(",")]
    print(f"computer player benchmark: {games} game(s) per mode and level, seeds 0..{games - 1}")
    print(f"{'mode':14s} {'lvl':>3s} {'games':>5s} {'done':>4s} {'shots':>6s} {'fouls':>5s} {'pot%':>5s} "
          f"{'tries':>5s} {'mean s':>6s} {'max s':>6s} {'cpu mean':>8s} {'cpu max':>7s}")
    chosen = []
    for mode in args.modes.split(","):
        cap = args.cap or {"snooker": 400, "three-cushion": 300}.get(mode, 150)
        n = max(1, games // 2) if mode == "snooker" else games
        for lvl in levels:
            keep = chosen if lvl == 5 else None
            r = _games(mode, lvl, list(range(n)), cap, keep)
            print(f"{mode:14s} {lvl:3d} {r['games']:5d} {r['finished']:4d} {r['shots']:6.1f} {r['fouls']:5.1f} "
                  f"{100 * r['pot_rate']:5.1f} {r['attempts']:5d} {r['mean_s']:6.2f} {r['max_s']:6.2f} "
                  f"{r['mean_cpu_s']:8.2f} {r['max_cpu_s']:7.2f}", flush=True)
    rng = np.random.default_rng(0)
    sample = [chosen[i] for i in sorted(rng.choice(len(chosen), min(len(chosen), 40), replace=False))] if chosen else []
    if sample:
        print(f"\nsuccess of the level-5 chosen shot ({len(sample)} shots from the games above, {copies} copies each):")
        for m in (0.0, 1.0, 5.0):
            rates = [_success(rules, sit, d, m, 1 if m == 0 else copies, rng) for rules, sit, d in sample]
            print(f"  noise magnitude {m:g}: {100 * float(np.mean(rates)):5.1f} %", flush=True)
    if 5 in levels and 1 in levels:
        seeds = list(range(games))
        wins = 0
        for seed in seeds:
            sides = [PlayerSpec("computer", 5), PlayerSpec("computer", 1)]
            five = seed % 2                     # alternate who breaks
            if five:
                sides.reverse()
            r = play_game("9-ball", tuple(sides), 1000 + seed, max_shots=150)
            wins += r["winner"] == five
        print(f"\nlevel 5 against level 1, 9-ball: {wins} of {len(seeds)} games won by level 5")


if __name__ == "__main__":
    main()
