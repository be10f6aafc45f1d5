"""Computer player figures (issues 15 and 27): ``python benchmarks/bench_ai.py`` from the repo root.

Self-play, per mode and level, over seeded games (both sides the same level): pot rate on
attempted pots, fouls a game, safeties (and how many gave no foul and left the opponent
without a pot next shot), break-and-run rate, average run, highest break per frame and
points per inning (from the summary's ``innings``), decision time (wall and CPU, mean and
max). Then head-to-heads: each level against the level below, and this level 5 against
the level 5 of git commit ``--old`` (today's player, loaded from that commit into a temp
dir, both players on this checkout's engine and rules). Then 8-ball run-outs from ball in
hand after the break. Prints numbers; never fails on timing.

The search budget is deterministic (a count of simulated shots) unless ``--budget S`` gives
every decision a wall-clock deadline of S seconds (the window's anytime mode)."""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a source checkout

import numpy as np  # noqa: E402

from billiard.ai import ComputerPlayer, PlayerSpec, Situation  # noqa: E402
from billiard.ai.levels import level as level_of  # noqa: E402
from billiard.ai.rollout import play  # noqa: E402
from billiard.ai.search import shot_succeeds  # noqa: E402
from billiard.app.setup import new_session  # noqa: E402
from billiard.app.autoplay import apply_decision, play_game, rack_seed  # noqa: E402
from billiard.game import IN_HAND_ANYWHERE  # noqa: E402
from billiard.game.spotting import put_on_table  # noqa: E402

CAROM_POINTS = 15
CAPS = {"snooker": 400, "three-cushion": 400}
OLD_COMMIT = "38ac553"


def new_player(level: int, seed: int, side: int, budget: float | None) -> ComputerPlayer:
    lvl = level_of(level)
    if budget is not None:
        lvl = dataclasses.replace(lvl, seconds=budget)
    return ComputerPlayer(lvl, rng=np.random.default_rng([seed, side]), deadline=budget is not None)


def old_player_factory(commit: str):
    """The ComputerPlayer class of ``commit``'s billiard/ai, imported as its own package
    (its imports of billiard.ai renamed; the rest of billiard is this checkout's)."""
    tmp = Path(tempfile.mkdtemp(prefix="bench_ai_old_"))
    name = "old_ai_" + commit
    tar = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "billiard/ai"], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=tar, check=True)
    (tmp / "billiard" / "ai").rename(tmp / name)
    moved = {  # names that have moved since (the rest of billiard is this checkout's)
        "from billiard.physics.cue import MAX_SPEED, MISCUE": "from billiard.formats.limits import MAX_STRIKE_SPEED as MAX_SPEED, MISCUE",
    }
    for f in (tmp / name).glob("*.py"):
        text = f.read_text().replace("billiard.ai", name)
        for a, b in moved.items():
            text = text.replace(a, b)
        f.write_text(text)
    sys.path.insert(0, str(tmp))
    return importlib.import_module(name).ComputerPlayer


class Tally:
    """Safeties seen through ``on_decision``: how many, and how many left no foul and no
    pot open for the opponent (judged on the shot as played, after the game ran it)."""

    def __init__(self) -> None:
        self.safeties = 0
        self.safe_ok = 0
        self.pending: list = []

    def seen(self, sit: Situation, d) -> None:
        if d.kind == "safety" and d.strike is not None:
            self.pending.append((sit, d))

    def judge(self, copies_rng: np.random.Generator, noise_of) -> None:
        """Play each safety once more with its player's noise: no foul and no open pot."""
        from billiard.ai.geometry import Layout, best_ease

        for sit, d in self.pending:
            balls = sit.balls.copy()
            if d.place is not None:
                put_on_table(balls, sit.rules.cue, d.place)
            from billiard.ai.noise import Noise

            strike = Noise(noise_of, float(balls.radius[balls.index(sit.rules.cue)])).apply(d.strike, copies_rng)
            r = play(balls, sit.table, sit.params, sit.rules, strike)
            self.safeties += 1
            if r.outcome.fouls or r.outcome.game_over:
                continue
            layout = Layout.of(r.balls)
            cue = r.rules.cue
            if cue in layout.ids and best_ease(layout, sit.table, cue, r.rules.targets(frozenset(layout.ids))) < 0.3:
                self.safe_ok += 1
        self.pending = []


def self_play(mode: str, level: int, games: int, budget: float | None) -> dict:
    rows, tally = [], Tally()
    rng = np.random.default_rng(99)
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(games):
        ais = [new_player(level, seed, k, budget) for k in range(2)]
        rows.append(
            play_game(
                mode,
                (PlayerSpec("computer", level),) * 2,
                seed,
                max_shots=CAPS.get(mode, 150),
                carom_target=CAROM_POINTS,
                on_decision=tally.seen,
                ais=ais,
            )
        )
        tally.judge(rng, level_of(level).noise)
    c = [r["computer"] for r in rows]
    innings = [i for r in rows for i in r["innings"]]
    breaks = [i for i in innings if i["break"]]
    attempts = sum(x["attempts"] for x in c)
    return {
        "games": len(rows),
        "finished": sum(r["game_over"] for r in rows),
        "shots": float(np.mean([r["shots"] for r in rows])),
        "fouls": float(np.mean([r["fouls"] for r in rows])),
        "pot_rate": sum(x["pots"] for x in c) / attempts if attempts else float("nan"),
        "attempts": attempts,
        "safeties": tally.safeties,
        "safe_ok": tally.safe_ok,
        "break_run": sum(i["ended"] in ("rack-won", "game-won") for i in breaks) / len(breaks) if breaks else 0.0,
        "avg_run": float(np.mean([i["pots"] for i in innings])) if innings else 0.0,
        "high_break": float(np.mean([max((i["points"] for i in r["innings"]), default=0) for r in rows])),
        "points_per_inning": (sum(i["points"] for i in innings) / len(innings)) if innings else 0.0,
        "mean_s": float(np.mean([x["mean_s"] for x in c])),
        "max_s": max(x["max_s"] for x in c),
        "mean_cpu_s": float(np.mean([x["mean_cpu_s"] for x in c])),
        "max_cpu_s": max(x["max_cpu_s"] for x in c),
        "wall": time.perf_counter() - t0,
        "cpu": time.process_time() - c0,
    }


def head_to_head(mode: str, make_a, make_b, games: int, first: int = 0) -> tuple[int, int]:
    """Games won by A and by B, A breaking in the even-seeded games and B in the odd ones."""
    won = [0, 0]
    for seed in range(first, first + games):
        a, b = make_a(seed, 0), make_b(seed, 1)
        ais, who = ([a, b], (0, 1)) if seed % 2 == 0 else ([b, a], (1, 0))
        r = play_game(
            mode,
            (PlayerSpec("computer", 5),) * 2,
            1000 + seed,
            max_shots=CAPS.get(mode, 150),
            carom_target=CAROM_POINTS,
            ais=ais,
        )
        if r["winner"] is not None:
            won[who[r["winner"]]] += 1
    return won[0], won[1]


def runouts(level: int, games: int, budget: float | None) -> tuple[int, int]:
    """8-ball: after a computer break, the runner gets ball in hand anywhere on the open
    table; racks it wins without leaving the table, over racks tried."""
    done = tries = 0
    for seed in range(games):
        session = new_session("8-ball", None, rack_seed(2000 + seed))
        rules = session.rules
        breaker = new_player(level, 2000 + seed, 1, budget)
        apply_decision(session, breaker, breaker.decide(Situation.of_session(session)))
        while session.in_shot:
            session.tick()
        if rules.game_over:
            continue
        rules.turn = 0
        session.in_hand = rules.ball_in_hand = IN_HAND_ANYWHERE
        runner = new_player(level, 2000 + seed, 0, budget)
        tries += 1
        while not rules.game_over and rules.turn == 0:
            cmd = apply_decision(session, runner, runner.decide(Situation.of_session(session)))
            if cmd is None:
                break
            while session.in_shot:
                session.tick()
        done += rules.game_over and rules.winner == 0
    return done, tries


def success_rates(level: int, games: int, copies: int) -> None:
    """How often the chosen level-5 shot does what it is for, played again with noise."""
    kept: list = []
    for seed in range(games):
        ais = [new_player(level, seed, k, None) for k in range(2)]
        play_game(
            "9-ball",
            (PlayerSpec("computer", level),) * 2,
            seed,
            max_shots=150,
            ais=ais,
            on_decision=lambda s, d: kept.append((s, d)) if d.strike is not None else None,
        )
    rng = np.random.default_rng(0)
    from billiard.ai.noise import Noise

    for m in (0.0, 1.0, 5.0):
        ok = n = 0
        for sit, d in kept:
            balls = sit.balls.copy()
            if d.place is not None:
                put_on_table(balls, sit.rules.cue, d.place)
            for _ in range(1 if m == 0 else copies):
                s = Noise(m, float(balls.radius[balls.index(sit.rules.cue)])).apply(d.strike, rng)
                r = play(balls, sit.table, sit.params, sit.rules, s, d.push_out)
                ok += shot_succeeds(d.kind, d.target, r, sit.rules.turn)
                n += 1
        print(f"  noise magnitude {m:g}: {100 * ok / n:5.1f} % of {len(kept)} chosen shots ({n} plays)", flush=True)


def time_limits(levels: list[int], positions: int) -> None:
    """Each level's decision with its own wall-clock limit (the window's anytime mode) from
    seeded mid-game 9-ball, 8-ball and snooker tables: wall and CPU seconds, mean and max,
    against the level's limit (Level.seconds; 3 s is the promise at level 5)."""
    from billiard.physics.state import Motion

    situations = []
    for k in range(positions):
        mode = ("9-ball", "8-ball", "snooker")[k % 3]
        s = new_session(mode, None, k)
        rules = s.rules
        if hasattr(rules, "breaking"):
            rules.breaking = False
        rng = np.random.default_rng(k)
        b = s.balls
        objs = [i for i, bid in enumerate(b.ids) if bid != rules.cue]
        keep = set(rng.choice(objs, min(len(objs), 7), replace=False).tolist())
        for i in objs:
            if i not in keep:
                b.motion[i] = Motion.POCKETED
                b.pocket[i] = "corner-top-left"
        spots: list[tuple[float, float]] = []
        for i in sorted(keep) + [b.index(rules.cue)]:
            while True:
                xy = (float(rng.uniform(-1.15, 1.15)), float(rng.uniform(-0.55, 0.55)))
                if all(np.hypot(xy[0] - x, xy[1] - y) > 0.07 for x, y in spots):
                    break
            spots.append(xy)
            put_on_table(b, b.ids[i], xy)
        s.in_hand = None
        situations.append(Situation.of_session(s))
    print(f"\ndecision time with each level's own wall-clock limit ({positions} tables: 9-ball, 8-ball, snooker):")
    for lvl in levels:
        limit = level_of(lvl).seconds
        wall, cpu = [], []
        for k, sit in enumerate(situations):
            d = ComputerPlayer(lvl, seed=k, deadline=True).decide(sit)
            wall.append(d.seconds)
            cpu.append(d.cpu_seconds)
        print(
            f"  level {lvl}: limit {limit:.1f} s; wall mean {np.mean(wall):.2f} max {max(wall):.2f} s; "
            f"CPU mean {np.mean(cpu):.2f} max {max(cpu):.2f} s; over 3 s: {sum(w > 3.0 for w in wall)}",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modes", default="9-ball,8-ball,snooker,three-cushion")
    ap.add_argument("--levels", default="1,2,3,4,5")
    ap.add_argument("--games", type=int, default=50, help="self-play games per pool mode and level")
    ap.add_argument("--long-games", type=int, default=10, help="games per level for snooker and three-cushion")
    ap.add_argument("--h2h", type=int, default=20, help="games per head-to-head (0: none)")
    ap.add_argument("--h2h-levels", default=None, help="levels that play the level below (default: --levels)")
    ap.add_argument("--old-games", type=int, default=None, help="games of level 5 against --old (default: --h2h)")
    ap.add_argument("--runouts", type=int, default=50, help="8-ball racks for the run-out test (0: none)")
    ap.add_argument("--success", type=int, default=0, help="9-ball games whose chosen shots are replayed")
    ap.add_argument("--limits", type=int, default=0, help="tables for the per-level time-limit check (0: none)")
    ap.add_argument(
        "--budget",
        type=float,
        default=None,
        help="wall-clock seconds per decision (anytime; default: the deterministic sims budget)",
    )
    ap.add_argument("--first-seed", type=int, default=0, help="first game seed of the head-to-heads")
    ap.add_argument("--old", default=OLD_COMMIT, help="git commit of the level 5 to play against")
    args = ap.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    how = f"deadline {args.budget:g} s" if args.budget is not None else "deterministic sims budget"
    print(
        f"computer player benchmark ({how}); games per level: pool {args.games}, "
        f"snooker/three-cushion {args.long_games}"
    )
    print(
        f"{'mode':14s} {'lvl':>3s} {'games':>5s} {'done':>4s} {'shots':>6s} {'fouls':>5s} {'pot%':>5s} {'tries':>5s} "
        f"{'safe':>4s} {'ok':>4s} {'B&R%':>5s} {'run':>5s} {'hiBrk':>5s} {'pt/inn':>6s} {'mean s':>6s} {'max s':>6s} "
        f"{'cpu mean':>8s} {'cpu max':>7s}",
        flush=True,
    )
    for mode in args.modes.split(","):
        n = args.long_games if mode in ("snooker", "three-cushion") else args.games
        if n <= 0:
            continue
        for lvl in levels:
            r = self_play(mode, lvl, n, args.budget)
            print(
                f"{mode:14s} {lvl:3d} {r['games']:5d} {r['finished']:4d} {r['shots']:6.1f} {r['fouls']:5.2f} "
                f"{100 * r['pot_rate']:5.1f} {r['attempts']:5d} {r['safeties']:4d} {r['safe_ok']:4d} "
                f"{100 * r['break_run']:5.1f} {r['avg_run']:5.2f} {r['high_break']:5.1f} {r['points_per_inning']:6.2f} "
                f"{r['mean_s']:6.2f} {r['max_s']:6.2f} {r['mean_cpu_s']:8.2f} {r['max_cpu_s']:7.2f}",
                flush=True,
            )
    old_games = args.h2h if args.old_games is None else args.old_games
    h2h_levels = levels if args.h2h_levels is None else [int(x) for x in args.h2h_levels.split(",") if x]
    if args.h2h > 0 or old_games > 0:
        print(f"\nhead-to-head, 9-ball, {args.h2h} games each (the break alternates):")
        for lvl in h2h_levels if args.h2h > 0 else []:
            if lvl > 1:
                w = head_to_head(
                    "9-ball",
                    lambda s, k, a=lvl: new_player(a, s, k, args.budget),
                    lambda s, k, b=lvl - 1: new_player(b, s, k, args.budget),
                    args.h2h,
                    args.first_seed,
                )
                print(f"  level {lvl} against level {lvl - 1}: {w[0]} won, {w[1]} lost", flush=True)
        if old_games > 0:
            old = old_player_factory(args.old)
            w = head_to_head(
                "9-ball",
                lambda s, k: new_player(5, s, k, args.budget),
                lambda s, k: old(5, rng=np.random.default_rng([s, k]), deadline=args.budget is not None),
                old_games,
                args.first_seed,
            )
            print(f"  level 5 against level 5 of {args.old} ({old_games} games): {w[0]} won, {w[1]} lost", flush=True)
    if args.runouts > 0:
        done, tries = runouts(5, args.runouts, args.budget)
        print(f"\n8-ball run-outs from ball in hand after the break, level 5: {done} of {tries} racks", flush=True)
    if args.limits > 0:
        time_limits(levels, args.limits)
    if args.success > 0:
        print(f"\nsuccess of the level-5 chosen shot ({args.success} 9-ball games, 4 noisy plays each):")
        success_rates(5, args.success, 4)


if __name__ == "__main__":
    main()
