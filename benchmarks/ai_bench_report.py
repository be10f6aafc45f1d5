"""``bench_ai.py``'s report: the tables (self-play rows, head-to-heads, run-outs) from the
per-game records, printed as text and as the Markdown of docs/computer-player.md."""

from __future__ import annotations

from collections import Counter

from ai_bench_records import LONG
from ai_bench_results import Results


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


def report(results: Results, args, modes: list[str], levels: list[int], h2h_levels: list[int]) -> dict:
    """Print the tables from the records and return them (the JSON's ``report``)."""
    out: dict = {"self_play": [], "head_to_head": [], "runouts": None, "break_runs": None}
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
    racks = results.records("breakruns", "5", args.break_runs, args.break_run_first_seed)
    if racks:
        kept = sum(g["kept"] for g in racks)
        ran = sum(g["ran"] for g in racks)
        ends = Counter(g["end"] for g in racks if g["kept"] and not g["ran"])
        out["break_runs"] = {"racks": len(racks), "kept": kept, "ran_out": ran, "ends": dict(ends)}
        print(
            f"9-ball break-and-run, level 5 alone at the table: {ran} of {len(racks)} racks "
            f"(the break kept the table in {kept}; the kept visits ended by {dict(ends.most_common())})"
        )
    every = results.every_record()
    wall = sum(g["wall"] for g in every)
    cpu = sum(g["cpu"] for g in every)
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
    if rep.get("break_runs"):
        br = rep["break_runs"]
        print(
            f"\n9-ball break-and-run, level 5 alone at the table: {br['ran_out']} of {br['racks']} racks ({br['kept']} kept)"
        )
    if rep["runouts"]:
        ro = rep["runouts"]
        print(f"\n8-ball run-outs from ball in hand after the break, level 5: {ro['ran_out']} of {ro['racks']} racks")
