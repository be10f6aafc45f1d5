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
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a source checkout

import numpy as np  # noqa: E402

from ai_bench_players import OLD_COMMIT  # noqa: E402
from ai_bench_records import LONG  # noqa: E402
from ai_bench_report import markdown, report  # noqa: E402
from ai_bench_results import Results, run_units  # noqa: E402
from ai_diagnostics import CHANCE_BANDS, break_ends, pot_estimates, success_rates, time_limits, why_visits_end  # noqa: E402


def print_estimates(e: dict) -> None:
    """The three comparisons of :func:`ai_diagnostics.pot_estimates`."""
    print("finalist pots: geometric chance against their noisy copies that kept the table")
    edges = list(CHANCE_BANDS) + [1.0]
    for (lo, hi), (n, kept, chance) in zip(zip(edges, edges[1:]), e["geometry"]):
        if n:
            print(f"  chance {lo:.2f}-{hi:.2f}: said {chance / n:.3f}, kept {kept / n:.3f} ({int(n)} copies)")
    chosen = e["chosen"]
    said = float(np.mean([c[0] for c in chosen])) if chosen else float("nan")
    made = sum(c[1] for c in chosen) / max(1, sum(c[2] for c in chosen))
    print(f"chosen pots ({len(chosen)}): their estimate {said:.3f}, made in fresh noisy plays {made:.3f}")
    print(f"  fresh plays that failed: {e['failed']}")


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
    ap.add_argument(
        "--break-runs", type=int, default=0, help="9-ball racks broken and played alone at level 5 (0: none)"
    )
    ap.add_argument(
        "--break-run-first-seed", type=int, default=0, help="first rack of --break-runs (tuning ranges: 1000+)"
    )
    ap.add_argument("--success", type=int, default=0, help="9-ball games whose chosen shots are replayed")
    ap.add_argument(
        "--estimates",
        type=int,
        default=0,
        help="8-ball run-out racks whose pots' estimates are checked (from --runout-first-seed)",
    )
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
    if args.estimates > 0:
        print_estimates(pot_estimates(args.estimates, args.runout_first_seed, 16))
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
        first = args.break_run_first_seed
        units += [("breakruns", "5", s, args.budget, args.old) for s in range(first, first + args.break_runs)]
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
