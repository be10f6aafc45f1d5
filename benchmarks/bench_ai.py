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
import json
import multiprocessing
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a source checkout

import numpy as np  # noqa: E402

from billiard.ai import PlayerSpec, Situation  # noqa: E402
from billiard.ai.levels import level as level_of  # noqa: E402
from billiard.ai.rollout import play  # noqa: E402
from billiard.app.setup import new_session  # noqa: E402
from billiard.app.autoplay import apply_decision, play_game, rack_seed  # noqa: E402
from billiard.game import IN_HAND_ANYWHERE  # noqa: E402
from billiard.game.spotting import put_on_table  # noqa: E402

from ai_bench_players import CAPS, CAROM_POINTS, OLD_COMMIT, new_player, old_player_factory  # noqa: E402
from ai_diagnostics import break_ends, success_rates, time_limits, why_visits_end  # noqa: E402

LONG = ("snooker", "three-cushion")


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


def _game_record(mode: str, level: int, seed: int, budget: float | None) -> dict:
    """One self-play game (both sides ``level``), reduced to what the report sums."""
    tally = Tally()
    t0, c0 = time.perf_counter(), time.process_time()
    ais = [new_player(level, seed, k, budget) for k in range(2)]
    r = play_game(
        mode,
        (PlayerSpec("computer", level),) * 2,
        seed,
        max_shots=CAPS.get(mode, 150),
        carom_target=CAROM_POINTS,
        on_decision=tally.seen,
        ais=ais,
    )
    tally.judge(np.random.default_rng([99, seed]), level_of(level).noise)
    c = r["computer"]
    inn = r["innings"]
    breaks = [i for i in inn if i["break"]]
    return {
        "finished": bool(r["game_over"]),
        "shots": r["shots"],
        "fouls": r["fouls"],
        "pots": c["pots"],
        "attempts": c["attempts"],
        "safeties": tally.safeties,
        "safe_ok": tally.safe_ok,
        "breaks": len(breaks),
        "break_runs": sum(i["ended"] in ("rack-won", "game-won") for i in breaks),
        "innings": len(inn),
        "inning_pots": sum(i["pots"] for i in inn),
        "inning_points": sum(i["points"] for i in inn),
        "high_break": max((i["points"] for i in inn), default=0),
        "decisions": c["decisions"],
        "sum_s": c["mean_s"] * c["decisions"],
        "max_s": c["max_s"],
        "sum_cpu_s": c["mean_cpu_s"] * c["decisions"],
        "max_cpu_s": c["max_cpu_s"],
        "wall": time.perf_counter() - t0,
        "cpu": time.process_time() - c0,
    }


def self_play_row(games: list[dict]) -> dict:
    """The report's row from per-game records."""
    n = len(games)
    tot = {k: sum(g[k] for g in games) for k in games[0] if k not in ("max_s", "max_cpu_s")}
    dec = max(1, tot["decisions"])
    return {
        "games": n,
        "finished": tot["finished"],
        "shots": tot["shots"] / n,
        "fouls": tot["fouls"] / n,
        "pot_rate": tot["pots"] / tot["attempts"] if tot["attempts"] else float("nan"),
        "attempts": tot["attempts"],
        "safeties": tot["safeties"],
        "safe_ok": tot["safe_ok"],
        "break_run": tot["break_runs"] / tot["breaks"] if tot["breaks"] else 0.0,
        "breaks": tot["breaks"],
        "avg_run": tot["inning_pots"] / tot["innings"] if tot["innings"] else 0.0,
        "high_break": sum(g["high_break"] for g in games) / n,
        "points_per_inning": tot["inning_points"] / tot["innings"] if tot["innings"] else 0.0,
        "mean_s": tot["sum_s"] / dec,
        "max_s": max(g["max_s"] for g in games),
        "mean_cpu_s": tot["sum_cpu_s"] / dec,
        "max_cpu_s": max(g["max_cpu_s"] for g in games),
        "wall": tot["wall"],
        "cpu": tot["cpu"],
    }


_OLD: dict = {}


def _h2h_record(mode: str, a: str, b: str, seed: int, budget: float | None, old_commit: str) -> dict:
    """One head-to-head game; ``a``/``b`` are "N" (level N) or "old" (level 5 of ``old_commit``).
    A breaks in even-seeded games, B in odd ones; the record says who won ("a", "b", None)."""

    def make(who: str, side: int):
        if who == "old":
            if old_commit not in _OLD:
                _OLD[old_commit] = old_player_factory(old_commit)
            return _OLD[old_commit](5, rng=np.random.default_rng([seed, side]), deadline=budget is not None)
        return new_player(int(who), seed, side, budget)

    t0, c0 = time.perf_counter(), time.process_time()
    pa, pb = make(a, 0), make(b, 1)
    ais, who = ([pa, pb], ("a", "b")) if seed % 2 == 0 else ([pb, pa], ("b", "a"))
    r = play_game(
        mode,
        (PlayerSpec("computer", 5),) * 2,
        1000 + seed,
        max_shots=CAPS.get(mode, 150),
        carom_target=CAROM_POINTS,
        ais=ais,
    )
    won = None if r["winner"] is None else who[r["winner"]]
    return {"won": won, "wall": time.perf_counter() - t0, "cpu": time.process_time() - c0}


def _runout_record(level: int, seed: int, budget: float | None) -> dict:
    """8-ball: after a computer break, the runner gets ball in hand anywhere on the open
    table; did it win the rack without leaving the table (None: the break ended the game).
    ``end`` says why a failed run ended (:func:`_runout_end`)."""
    t0, c0 = time.perf_counter(), time.process_time()
    session = new_session("8-ball", None, rack_seed(2000 + seed))
    rules = session.rules
    breaker = new_player(level, 2000 + seed, 1, budget)
    apply_decision(session, breaker, breaker.decide(Situation.of_session(session)))
    while session.in_shot:
        session.tick()
    ran: bool | None = None
    balls = 0
    end: dict | None = None
    if not rules.game_over:
        rules.turn = 0
        session.in_hand = rules.ball_in_hand = IN_HAND_ANYWHERE
        runner = new_player(level, 2000 + seed, 0, budget)
        while not rules.game_over and rules.turn == 0:
            sit = Situation.of_session(session)
            d = runner.decide(sit)
            cmd = apply_decision(session, runner, d)
            if cmd is None:
                break
            while session.in_shot:
                session.tick()
            out = session.last_outcome
            if out is not None and not out.fouls:
                balls += sum(1 for b in out.pocketed if b != rules.cue)
            end = _runout_end(sit, d, out)
        ran = bool(rules.game_over and rules.winner == 0)
    rec = {"ran": ran, "balls": balls, "wall": time.perf_counter() - t0, "cpu": time.process_time() - c0}
    if ran is False and end is not None:
        rec["end"] = end
    return rec


def _runout_end(sit: Situation, d, out) -> dict:
    """Why a run-out's last shot ended it: the shot's kind as chosen (``safety``, or a pot
    that missed: ``miss``; ``foul`` when it fouled), the ball it was meant for, the search's
    estimate of its success (``expected``), and the shooter's group balls on the table before
    it with how many pockets each had open (0: a problem ball, :func:`geometry.open_pockets`)."""
    from billiard.ai.geometry import Layout, open_pockets

    layout = Layout.of(sit.balls)
    cue = sit.rules.cue
    group = [b for b in sit.rules.targets(frozenset(layout.ids)) if b in layout.ids]
    how = "foul" if out is not None and out.fouls else "safety" if d.kind == "safety" else "miss"
    if out is not None and out.game_over:
        how = "lost"
    return {
        "how": how,
        "kind": d.kind,
        "target": d.target,
        "expected": d.expected,  # the search's own estimate of its success (its copies that succeeded)
        "left": {b: open_pockets(layout, sit.table, cue, b) for b in group} if cue in layout.ids else {},
    }


def _work(unit: tuple) -> tuple[tuple, dict]:
    """Play one unit of work (in a worker process with --jobs)."""
    part, key, seed, budget, old = unit
    if part == "self":
        mode, lvl = key.split("/")
        return unit, _game_record(mode, int(lvl), seed, budget)
    if part == "h2h":
        mode, a, b = key.split("/")
        return unit, _h2h_record(mode, a, b, seed, budget, old)
    return unit, _runout_record(int(key), seed, budget)


class Results:
    """Per-game records in a JSON file, merged as they arrive (write then rename), so a long
    run can be stopped and resumed, or done in pieces (different --modes, --levels, or more
    --games later) into the same file."""

    def __init__(self, path: Path | None, how: str) -> None:
        self.path = path
        self.data: dict = {"how": how, "self": {}, "h2h": {}, "runouts": {}}
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
    elif part == "runouts":
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
    it = pool.imap_unordered(_work, todo) if pool is not None else map(_work, todo)
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


def report(results: Results, args, modes: list[str], levels: list[int], h2h_levels: list[int]) -> dict:
    """Print the tables from the records and return them (the JSON's ``report``)."""
    out: dict = {"self_play": [], "head_to_head": [], "runouts": None}
    print(
        f"\n{'mode':14s} {'lvl':>3s} {'games':>5s} {'done':>4s} {'shots':>6s} {'fouls':>5s} {'pot%':>5s} {'tries':>5s} "
        f"{'safe':>4s} {'ok':>4s} {'B&R%':>5s} {'run':>5s} {'hiBrk':>5s} {'pt/inn':>6s} {'mean s':>6s} {'max s':>6s} "
        f"{'cpu mean':>8s} {'cpu max':>7s}"
    )
    for mode in modes:
        n = args.long_games if mode in LONG else args.games
        for lvl in levels:
            games = results.records("self", f"{mode}/{lvl}", n, args.self_first_seed)
            if not games:
                continue
            r = self_play_row(games)
            out["self_play"].append({"mode": mode, "level": lvl, **r})
            print(
                f"{mode:14s} {lvl:3d} {r['games']:5d} {r['finished']:4d} {r['shots']:6.1f} {r['fouls']:5.2f} "
                f"{100 * r['pot_rate']:5.1f} {r['attempts']:5d} {r['safeties']:4d} {r['safe_ok']:4d} "
                f"{100 * r['break_run']:5.1f} {r['avg_run']:5.2f} {r['high_break']:5.1f} {r['points_per_inning']:6.2f} "
                f"{r['mean_s']:6.2f} {r['max_s']:6.2f} {r['mean_cpu_s']:8.2f} {r['max_cpu_s']:7.2f}"
            )
    matches = [(f"9-ball/{lvl}/{lvl - 1}", f"level {lvl} against level {lvl - 1}", args.h2h) for lvl in h2h_levels]
    matches.append(("9-ball/5/old", f"level 5 against level 5 of {args.old}", args.old_games))
    for key, name, n in matches:
        games = results.records("h2h", key, n, args.first_seed)
        if not games:
            continue
        a = sum(g["won"] == "a" for g in games)
        b = sum(g["won"] == "b" for g in games)
        out["head_to_head"].append({"match": key, "games": len(games), "won": a, "lost": b})
        print(f"9-ball {name}: {len(games)} games, {a} won, {b} lost")
    racks = results.records("runouts", "5", args.runouts, args.runout_first_seed)
    if racks:
        tried = [g for g in racks if g["ran"] is not None]
        ran = sum(bool(g["ran"]) for g in tried)
        out["runouts"] = {"racks": len(tried), "ran_out": ran, "balls": sum(g["balls"] for g in tried)}
        print(f"8-ball run-outs from ball in hand after the break, level 5: {ran} of {len(tried)} racks")
        _runout_ends(racks, args.runout_first_seed)
    wall = sum(
        g["wall"] for part in ("self", "h2h", "runouts") for d in results.data[part].values() for g in d.values()
    )
    cpu = sum(g["cpu"] for part in ("self", "h2h", "runouts") for d in results.data[part].values() for g in d.values())
    print(f"all games in the results: {wall:.0f} s wall, {cpu:.0f} s CPU (summed over processes)")
    return out


def _runout_ends(racks: list[dict], first: int) -> None:
    """One line per failed run-out that recorded its end: balls potted, how the last shot
    ended it, and the group balls left (pockets open to each)."""
    for k, g in enumerate(racks):
        e = g.get("end")
        if g["ran"] is not False or e is None:
            continue
        left = " ".join(f"{b}:{n}" for b, n in e["left"].items())
        est = f", expected {e['expected']:.2f}" if e.get("expected") is not None else ""
        print(
            f"  rack {first + k}: {g['balls']} balls, ended by {e['how']} ({e['kind']} on {e['target']}{est}); "
            f"left {left}"
        )


def markdown(rep: dict) -> None:
    """The report as the Markdown tables of docs/computer-player.md."""
    print(
        "\n| mode | level | games | shots/game | fouls/game | pot rate (attempts) | safeties (ok) | break-and-run "
        "| average run | highest break / points an inning | decision s mean / max (wall) | decision s mean / max (CPU) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rep["self_play"]:
        long = r["mode"] in LONG
        extra = f"{r['high_break']:.1f} / {r['points_per_inning']:.2f}" if long else "-"
        print(
            f"| {r['mode']} | {r['level']} | {r['games']} | {r['shots']:.1f} | {r['fouls']:.2f} | "
            f"{100 * r['pot_rate']:.1f} % ({r['attempts']}) | {r['safeties']} ({r['safe_ok']}) | "
            f"{100 * r['break_run']:.0f} % ({round(r['break_run'] * r['breaks'])} of {r['breaks']}) | {r['avg_run']:.2f} | "
            f"{extra} | {r['mean_s']:.2f} / {r['max_s']:.2f} | {r['mean_cpu_s']:.2f} / {r['max_cpu_s']:.2f} |"
        )
    if rep["head_to_head"]:
        print("\n| match (9-ball) | games | won | lost |\n|---|---|---|---|")
        for m in rep["head_to_head"]:
            print(f"| {m['match']} | {m['games']} | {m['won']} | {m['lost']} |")
    if rep["runouts"]:
        ro = rep["runouts"]
        print(f"\n8-ball run-outs from ball in hand after the break, level 5: {ro['ran_out']} of {ro['racks']} racks")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modes", default="9-ball,8-ball,snooker,three-cushion")
    ap.add_argument("--levels", default="1,2,3,4,5")
    ap.add_argument("--games", type=int, default=50, help="self-play games per pool mode and level")
    ap.add_argument("--long-games", type=int, default=10, help="games per level for snooker and three-cushion")
    ap.add_argument("--h2h", type=int, default=50, help="games per head-to-head (0: none)")
    ap.add_argument("--h2h-levels", default=None, help="levels that play the level below (default: --levels but 1)")
    ap.add_argument("--old-games", type=int, default=None, help="games of level 5 against --old (default: --h2h)")
    ap.add_argument("--runouts", type=int, default=50, help="8-ball racks for the run-out test (0: none)")
    ap.add_argument(
        "--runout-first-seed", type=int, default=0, help="first rack of the run-out test (tuning ranges: 1000+)"
    )
    ap.add_argument("--success", type=int, default=0, help="9-ball games whose chosen shots are replayed")
    ap.add_argument("--limits", type=int, default=0, help="tables for the per-level time-limit check (0: none)")
    ap.add_argument("--why", type=int, default=0, help="games whose visit ends are classed (level 5, --modes)")
    ap.add_argument(
        "--break-ends", type=int, default=0, help="snooker frames whose highest break's end is shown (level 5)"
    )
    ap.add_argument(
        "--budget",
        type=float,
        default=None,
        help="wall-clock seconds per decision (anytime; default: the deterministic sims budget)",
    )
    ap.add_argument("--first-seed", type=int, default=0, help="first game seed of the head-to-heads")
    ap.add_argument(
        "--self-first-seed", type=int, default=0, help="first game seed of the self-play rows and --why (tuning ranges)"
    )
    ap.add_argument("--old", default=OLD_COMMIT, help="git commit of the level 5 to play against")
    ap.add_argument("--jobs", type=int, default=1, help="processes playing games at once")
    ap.add_argument(
        "--json",
        type=Path,
        default=None,
        help="results file: per-game records merged into it as they finish (a rerun resumes) and the report",
    )
    ap.add_argument("--report-only", action="store_true", help="print the report from --json, play nothing")
    ap.add_argument("--markdown", action="store_true", help="print the report as Markdown tables too")
    args = ap.parse_args()
    levels = [int(x) for x in args.levels.split(",") if x]
    modes = [m for m in args.modes.split(",") if m]
    bad = [m for m in modes if m not in ("9-ball", "8-ball", "snooker", "three-cushion")]
    if bad or any(not 1 <= lvl <= 5 for lvl in levels) or args.jobs < 1:
        print(f"bench_ai: bad --modes, --levels or --jobs ({bad or args.levels or args.jobs})", file=sys.stderr)
        sys.exit(2)
    if args.old_games is None:
        args.old_games = args.h2h
    h2h_levels = (
        [lvl for lvl in levels if lvl > 1]
        if args.h2h_levels is None
        else [int(x) for x in args.h2h_levels.split(",") if x and int(x) > 1]
    )
    how = f"deadline {args.budget:g} s" if args.budget is not None else "deterministic sims budget"
    print(
        f"computer player benchmark ({how}); games per level: pool {args.games}, "
        f"snooker/three-cushion {args.long_games}; {args.jobs} process(es)",
        flush=True,
    )
    if args.break_ends > 0:
        ends = break_ends(5, args.break_ends, args.budget, args.self_first_seed)
        print(
            f"highest break of each frame, snooker level 5, {len(ends)} frames: mean {np.mean([e['points'] for e in ends]):.1f}"
        )
        return
    if args.why > 0:
        for mode in modes:
            w = why_visits_end(mode, 5, args.why, args.budget, args.self_first_seed)
            print(f"why visits end, {mode} level 5, {args.why} games:")
            for k, v in sorted(w["ends"].items(), key=lambda kv: -kv[1]):
                print(f"  {v:4d}  {k}")
            for m in w["missed"]:
                print(f"    missed pot: {m}")
            for f in w["fouled"]:  # the search's own estimate of the shot that fouled
                print(f"    foul: {f}")
        return
    results = Results(args.json, how)
    if not args.report_only:
        units: list[tuple] = []
        for mode in modes:
            n = args.long_games if mode in LONG else args.games
            seeds = range(args.self_first_seed, args.self_first_seed + n)
            units += [("self", f"{mode}/{lvl}", s, args.budget, args.old) for lvl in levels for s in seeds]
        if "9-ball" in modes:
            seeds = range(args.first_seed, args.first_seed + args.h2h)
            units += [("h2h", f"9-ball/{lvl}/{lvl - 1}", s, args.budget, args.old) for lvl in h2h_levels for s in seeds]
            old_seeds = range(args.first_seed, args.first_seed + args.old_games)
            units += [("h2h", "9-ball/5/old", s, args.budget, args.old) for s in old_seeds]
        if "8-ball" in modes:
            first = args.runout_first_seed
            units += [("runouts", "5", s, args.budget, args.old) for s in range(first, first + args.runouts)]
        run_units(units, results, args.jobs)
    results.data["report"] = report(results, args, modes, levels, h2h_levels)
    results.save()
    if args.markdown:
        markdown(results.data["report"])
    if args.limits > 0:
        time_limits(levels, args.limits)
    if args.success > 0:
        print(f"\nsuccess of the level-5 chosen shot ({args.success} 9-ball games, 4 noisy plays each):")
        success_rates(5, args.success, 4)


if __name__ == "__main__":
    main()
