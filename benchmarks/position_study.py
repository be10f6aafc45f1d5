"""Level-5 position play in 9-ball and 8-ball (issue 27): ``python benchmarks/position_study.py``.

Self-play on seeded racks; after each made pot that keeps the table, how easy the next
shot is left (the geometric ease and the chance of the best direct pot under the player's
own heading error); at each safety chosen, the best direct pot's chance then (why the
visit ended in a safety); and the decision budget actually used (simulations, CPU s,
ms per simulation). Prints numbers; for tuning, use seeds away from the reported ones."""

from __future__ import annotations

import argparse
import dataclasses
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a source checkout

import numpy as np  # noqa: E402

from billiard.ai import PlayerSpec  # noqa: E402
from billiard.ai.geometry import Layout, best_aim, chance  # noqa: E402
from billiard.ai.levels import level as level_of  # noqa: E402
from billiard.ai.options import heading_sigma  # noqa: E402
from billiard.app.autoplay import POT_KINDS, play_game, rack_seed  # noqa: E402
from billiard.app.setup import new_session  # noqa: E402

from ai_bench_players import new_player  # noqa: E402


def best_chance(balls, table, rules, sigma: float) -> tuple[float, float]:
    """(ease, chance under ``sigma``) of the best direct pot for the player on turn."""
    layout = Layout.of(balls)
    cue = rules.cue
    if cue not in layout.ids:
        return 1.0, 1.0
    aim = best_aim(layout, table, cue, rules.targets(frozenset(layout.ids)))
    if aim is None:
        return 0.0, 0.0
    return aim.ease, chance(aim.tolerance, sigma)


def player(level: int, seed: int, side: int, steer: int | None, **changes):
    """This checkout's player at ``level``, with ``steer`` pot options steered when given
    and the level's other fields changed as ``changes`` say."""
    p = new_player(level, seed, side, None)
    if steer is not None:
        changes["steer"] = steer
    if changes:
        p.level = dataclasses.replace(p.level, **changes)
    return p


def variant(text: str) -> dict:
    """``"steer=3,pool_escape=1"`` -> {"steer": 3, "pool_escape": 1} (numbers as int or float)."""
    out: dict = {}
    for item in filter(None, text.split(",")):
        k, v = item.split("=")
        out[k] = float(v) if "." in v else int(v)
    return out


def study(mode: str, level: int, games: int, first: int, steer: int | None = None, save: str | None = None) -> dict:
    kept_sits: list = []
    sigma = heading_sigma(level_of(level).noise)
    leaves: list[float] = []
    safeties: list[float] = []
    sims: list[int] = []
    cpu: list[float] = []
    kinds: dict[str, int] = {}
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(first, first + games):
        session = new_session(mode, None, rack_seed(seed))

        def on_decision(sit, d) -> None:
            if d.kind == "break":
                return
            kept_sits.append(sit)
            sims.append(d.simulations)
            cpu.append(d.cpu_seconds)
            kinds[d.kind] = kinds.get(d.kind, 0) + 1
            if d.kind == "safety":
                safeties.append(best_chance(sit.balls, sit.table, sit.rules, sigma)[1])

        def on_shot(sit, d, cmd, out, session=session) -> None:
            me = sit.rules.turn
            if d.kind in POT_KINDS and not out.game_over and out.next_player == me and not out.fouls:
                if not session.ball_in_hand():
                    leaves.append(best_chance(session.balls, session.table, session.rules, sigma)[1])

        ais = [player(level, seed, k, steer) for k in range(2)]
        play_game(
            mode,
            (PlayerSpec("computer", level),) * 2,
            seed,
            session=session,
            ais=ais,
            on_decision=on_decision,
            on_shot=on_shot,
        )
        print(f"  game {seed - first + 1}/{games}", flush=True)
    wall, cpu_all = time.perf_counter() - t0, time.process_time() - c0
    lv = np.array(leaves)
    sf = np.array(safeties)
    print(f"{mode} level {level}, seeds {first}..{first + games - 1}: {wall:.0f} s wall, {cpu_all:.0f} s CPU")
    print(f"  decisions {len(sims)}: {kinds}")
    print(
        f"  sims/decision mean {np.mean(sims):.0f} max {max(sims)}; CPU/decision mean {np.mean(cpu):.2f} s "
        f"max {max(cpu):.2f} s; {1000 * sum(cpu) / max(1, sum(sims)):.2f} ms CPU per sim"
    )
    edges = (0.0, 0.2, 0.4, 0.6, 0.8, 0.9, 1.01)
    if len(lv):
        hist = np.histogram(lv, edges)[0]
        print(f"  after a made pot ({len(lv)}): next pot's chance mean {lv.mean():.2f}; histogram {edges}: {hist}")
    if len(sf):
        hist = np.histogram(sf, edges)[0]
        print(f"  at a safety ({len(sf)}): best direct pot's chance mean {sf.mean():.2f}; histogram: {hist}")
    if save:
        with open(save, "wb") as f:
            pickle.dump(kept_sits, f)
    return {"leaves": leaves, "safeties": safeties, "sims": sims, "cpu": cpu}


def scattered(mode: str, n: int, first: int, hidden: bool = False) -> list:
    """``n`` situations of ``mode`` with 2-7 object balls scattered at random (seeded from
    ``first``), the cue ball where it lies: mid-rack tables for :func:`compare`; ``hidden``:
    only tables where no legal ball can be hit straight (kicks), from up to 50 x n draws."""
    from billiard.ai.geometry import direct_hits
    from billiard.ai import Situation
    from billiard.game.spotting import put_on_table
    from billiard.physics.state import Motion

    out = []
    for k in range(50 * n if hidden else n):
        if len(out) >= n:
            break
        rng = np.random.default_rng([first, k])
        s = new_session(mode, None, first + k)
        s.rules.breaking = False
        s.in_hand = None
        if mode == "8-ball":
            s.rules.groups = ["solids", "stripes"]
        b, t = s.balls, s.table
        objs = [i for i, bid in enumerate(b.ids) if bid != s.rules.cue]
        keep = set(int(i) for i in rng.choice(objs, int(rng.integers(3, 8)), replace=False))
        if mode == "8-ball":
            keep.add(b.index("8"))
        for i in objs:
            if i not in keep:
                b.motion[i] = Motion.POCKETED
                b.pocket[i] = "corner-top-left"
        for i in sorted(keep) + [b.index(s.rules.cue)]:
            while True:
                xy = (
                    float(rng.uniform(-t.half_length + 0.05, t.half_length - 0.05)),
                    float(rng.uniform(-t.half_width + 0.05, t.half_width - 0.05)),
                )
                live = b.motion != Motion.POCKETED
                live[i] = False
                if np.all(np.hypot(b.pos[live, 0] - xy[0], b.pos[live, 1] - xy[1]) > 3 * b.radius[i]):
                    break
            put_on_table(b, b.ids[i], xy)
        if hidden:
            layout = Layout.of(b)
            if any(direct_hits(layout, s.rules.cue, t) for t in s.rules.targets(s.on_table())):
                continue
        out.append(Situation.of_session(s))
    return out


def compare(path: str, level: int, variants: list[str], copies: int, first: int = 7000) -> None:
    """The same saved situations decided by each ``steer`` setting: each chosen strike played
    ``copies`` times with the level's noise; how often the table is kept, how easy the next
    pot is then, how often a safety was chosen, CPU per decision."""
    from billiard.ai.noise import Noise
    from billiard.ai.rollout import play
    from billiard.game.spotting import put_on_table

    if path.startswith(("random:", "hidden:")):
        how, mode, n = path.split(":")
        sits = scattered(mode, int(n), first, hidden=how == "hidden")
    else:
        with open(path, "rb") as f:
            sits = pickle.load(f)
    sigma = heading_sigma(level_of(level).noise)
    for text in variants:
        kept = plays = safeties = fouls = pots = made = 0
        leaves: list[float] = []
        cpu = 0.0
        for k, sit in enumerate(sits):
            changes = variant(text)
            p = player(level, 5000 + k, 0, changes.pop("steer", None), **changes)
            d = p.decide(sit)
            cpu += d.cpu_seconds
            if d.strike is None:
                continue
            safeties += d.kind == "safety"
            balls = sit.balls.copy()
            if d.place is not None:
                put_on_table(balls, sit.rules.cue, d.place)
            rng = np.random.default_rng(k)
            noise = Noise(level_of(level).noise, float(balls.radius[balls.index(sit.rules.cue)]))
            for _ in range(copies):
                r = play(balls, sit.table, sit.params, sit.rules, noise.apply(d.strike, rng), d.push_out)
                plays += 1
                o = r.outcome
                fouls += bool(o.fouls)
                if d.kind in POT_KINDS:  # a pot chosen: did this play drop its ball (the bench's pot rate)
                    pots += 1
                    made += d.target in o.pocketed and not o.fouls
                if o.game_over:
                    kept += o.winner == sit.rules.turn
                    if o.winner == sit.rules.turn:
                        leaves.append(1.0)
                    continue
                if o.next_player == sit.rules.turn and not o.fouls:
                    kept += 1
                    leaves.append(1.0 if o.ball_in_hand else best_chance(r.balls, sit.table, r.rules, sigma)[1])
        n = len(sits)
        print(
            f"{text or 'as is'}: {n} situations, safeties chosen {safeties}, fouls {fouls}, "
            f"table kept {100 * kept / plays:.1f} % "
            f"of {plays} plays, next pot's chance after {np.mean(leaves):.3f} "
            f"(>= 0.8: {np.mean(np.array(leaves) >= 0.8):.2f}), "
            f"pots made {100 * made / max(1, pots):.1f} % of {pots} pot plays, CPU {cpu / n:.2f} s/decision",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--modes", default="9-ball")
    ap.add_argument("--level", type=int, default=5)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--steer", type=int, default=None, help="pot options steered (default: the level's)")
    ap.add_argument("--save", default=None, help="pickle the decisions' situations here")
    ap.add_argument(
        "--compare",
        default=None,
        help="decide these pickled situations (or random:MODE:N scattered tables) with each --steers",
    )
    ap.add_argument("--variants", default="steer=0;steer=3", help="level changes to compare, ';' between")
    ap.add_argument("--copies", type=int, default=4)
    ap.add_argument("--tables-seed", type=int, default=7000, help="first seed of the random:/hidden: tables")
    a = ap.parse_args()
    if a.compare:
        compare(a.compare, a.level, a.variants.split(";"), a.copies, a.tables_seed)
        return
    for mode in a.modes.split(","):
        study(mode, a.level, a.games, a.first_seed, a.steer, a.save)


if __name__ == "__main__":
    main()
