"""``bench_ai.py``'s diagnostics of the level-5 player: how often its chosen shot does what
it is for (``--success``), why its visits to the table end (``--why``), each level's
decision time under its own wall-clock limit (``--limits``), and how far its estimates of
a pot's chance are from what the pots do (``--estimates``)."""

from __future__ import annotations

import sys
from collections import Counter
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a source checkout

import numpy as np  # noqa: E402

from billiard.ai import ComputerPlayer, PlayerSpec, Situation  # noqa: E402
from billiard.ai.levels import level as level_of  # noqa: E402
from billiard.ai.noise import Noise  # noqa: E402
from billiard.ai.rollout import play  # noqa: E402
from billiard.ai.search import shot_succeeds  # noqa: E402
from billiard.app.setup import new_session  # noqa: E402
from billiard.app.autoplay import POT_KINDS, play_game  # noqa: E402
from billiard.game.spotting import put_on_table  # noqa: E402
from billiard.physics.state import Motion  # noqa: E402

from ai_bench_players import CAPS, CAROM_POINTS, new_player  # noqa: E402
from ai_bench_records import _runout_record  # noqa: E402

CHANCE_BANDS = (0.0, 0.5, 0.8, 0.95, 0.99)  # lower edges of the bands the estimates are grouped in


class _Watched(ComputerPlayer):
    """A computer player that keeps its searches (the diagnostics read their candidates)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.searches: list = []

    def _search(self, *args, **kwargs):
        s = super()._search(*args, **kwargs)
        self.searches.append(s)
        return s


def pot_estimates(racks: int, first: int, copies: int) -> dict:
    """8-ball run-outs at level 5 (racks from ``first``), three comparisons:

    * ``geometry``: the finalist pots' a-priori chance (the geometric estimate under the
      player's heading error) against the rate of their noisy copies that kept the table,
      by bands of the chance (:data:`CHANCE_BANDS`): [copies, kept, sum of the chances];
    * ``chosen``: each chosen pot's own estimate (its copies and its play as meant) against
      ``copies`` fresh plays with the level's noise (the best of many noisy estimates is
      partly the luckiest: the winner's curse): (estimate, made, plays);
    * ``failed``: how those fresh plays failed (missed, potted but fouled, fouled)."""
    bands = np.zeros((len(CHANCE_BANDS), 3))
    chosen: list[tuple[float, int, int]] = []
    failed: Counter = Counter()
    rng = np.random.default_rng(first)

    def seen(runner: _Watched, sit: Situation, d) -> None:
        searches, runner.searches = runner.searches, []
        for s in searches:
            for t in s.tried:
                if t.noisy and t.success and t.cand.kind in POT_KINDS:
                    b = int(np.searchsorted(CHANCE_BANDS, t.cand.chance, side="right")) - 1
                    bands[b] += (len(t.noisy), sum(t.noisy_success), t.cand.chance * len(t.noisy))
        if d.kind not in POT_KINDS or d.strike is None:
            return
        balls = sit.balls.copy()
        if d.place is not None:
            put_on_table(balls, sit.rules.cue, d.place)
        noise = Noise(runner.level.noise, float(balls.radius[balls.index(sit.rules.cue)]))
        made = 0
        for _ in range(copies):
            r = play(balls, sit.table, sit.params, sit.rules, noise.apply(d.strike, rng), d.push_out)
            ok = shot_succeeds(d.kind, d.target, r, sit.rules.turn)
            made += ok
            if not ok:
                o = r.outcome
                failed["potted, fouled" if d.target in o.pocketed else "fouled" if o.fouls else "missed"] += 1
        chosen.append((d.expected, made, copies))

    for k, seed in enumerate(range(first, first + racks)):
        _runout_record(5, seed, None, make_runner=partial(new_player, cls=_Watched), on_decision=seen)
        print(f"  [{k + 1}/{racks}] rack {seed}: {len(chosen)} chosen pots so far", flush=True)
    return {"geometry": bands.tolist(), "chosen": chosen, "failed": dict(failed)}


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


def why_visits_end(mode: str, level: int, games: int, budget: float | None, first: int = 0) -> dict:
    """Why visits end (level ``level`` self-play, seeds from ``first``): every shot that hands
    the table over or ends the game is classed: a dry break, a foul (its kind), a safety or
    kick (no pot was chosen), or a missed pot, told apart by replaying the strike as meant
    (no noise): "miss: noise" when it pots as meant (the arm missed; by how many heading
    sd), "miss: plan" when even the intended strike misses (the search's choice was wrong);
    a three-cushion point the same way. Snooker ends also say what was on (a red, a colour,
    the colours in sequence) and whether the cue ball was in hand. Also the chance the
    search gave each missed pot."""
    from billiard.ai.noise import SIGMA_HEADING_DEG

    ends: dict[str, int] = {}
    missed: list[dict] = []
    fouled: list[dict] = []
    sd = SIGMA_HEADING_DEG * max(level_of(level).noise, 1e-9)

    def on_shot(sit, d, cmd, out) -> None:
        me = sit.rules.turn
        if not out.game_over and out.next_player == me:
            return
        if out.game_over:
            why = "won" if out.winner == me else "lost" + (f": {out.fouls[0]}" if out.fouls else "")
        elif d.kind == "break":
            why = "break: " + (f"foul {out.fouls[0]}" if out.fouls else "dry")
        elif out.fouls:
            why = f"foul: {out.fouls[0]} ({d.kind}{_phase(sit)})"
            fouled.append({"foul": out.fouls[0], "kind": d.kind, "expected": round(d.expected, 2)})
        elif d.kind not in POT_KINDS and d.kind != "carom":
            why = d.kind + _phase(sit)  # safety, kick, push-out: no pot was chosen
        else:
            balls = sit.balls.copy()
            if d.place is not None:
                put_on_table(balls, sit.rules.cue, d.place)
            r = play(balls, sit.table, sit.params, sit.rules, d.strike, d.push_out)
            if d.kind == "carom":  # three-cushion: the point as meant
                meant = r.outcome.next_player == me and not r.outcome.fouls
            else:
                meant = d.target in r.outcome.pocketed and not r.outcome.fouls
            err = ((cmd.heading_deg - d.strike.heading_deg + 180.0) % 360.0 - 180.0) / sd
            why = ("miss: noise" if meant else "miss: plan") + _phase(sit)
            missed.append({"why": why, "kind": d.kind, "expected": d.expected, "heading_sd": round(err, 2)})
        ends[why] = ends.get(why, 0) + 1

    for seed in range(first, first + games):
        ais = [new_player(level, seed, k, budget) for k in range(2)]
        play_game(
            mode,
            (PlayerSpec("computer", level),) * 2,
            seed,
            max_shots=CAPS.get(mode, 150),
            carom_target=CAROM_POINTS,
            ais=ais,
            on_shot=on_shot,
        )
        print(f"  [{mode} level {level}] game {seed - first + 1}/{games}: {dict(sorted(ends.items()))}", flush=True)
    return {"ends": ends, "missed": missed, "fouled": fouled}


def break_ends(level: int, games: int, budget: float | None, first: int = 0) -> list[dict]:
    """Snooker: where each frame's highest break ended (level ``level`` self-play, seeds from
    ``first``): its points and pots, and the shot that ended it: what was chosen (pot,
    safety, kick...), the ball, what was on, the chance the search gave it, the cue ball's
    distance to that ball, the heading error in sd, and whether it potted when replayed
    as meant (no noise)."""
    from billiard.ai.geometry import Layout
    from billiard.ai.noise import SIGMA_HEADING_DEG

    sd = SIGMA_HEADING_DEG * max(level_of(level).noise, 1e-9)
    found = []
    visits: list[dict] = []
    now = {"points": 0, "pots": 0}

    def on_shot(sit, d, cmd, out) -> None:
        me = sit.rules.turn
        scored = out.points[me] if not out.fouls else 0
        potted = 0 if out.fouls else len([b for b in out.pocketed if b != sit.rules.cue])
        if not (out.game_over or out.next_player != me or out.fouls):
            now["points"] += scored
            now["pots"] += potted
            return
        end = {"kind": d.kind, "ball": d.target, "phase": _phase(sit).lstrip(", "), "fouls": list(out.fouls)}
        if d.kind in POT_KINDS:
            balls = sit.balls.copy()
            if d.place is not None:
                put_on_table(balls, sit.rules.cue, d.place)
            r = play(balls, sit.table, sit.params, sit.rules, d.strike, d.push_out)
            layout = Layout.of(balls)
            cue = sit.rules.cue
            gap = float(np.hypot(*(layout.at(cue) - layout.at(d.target)))) if d.target in layout.ids else None
            err = ((cmd.heading_deg - d.strike.heading_deg + 180.0) % 360.0 - 180.0) / sd
            end.update(
                expected=round(d.expected, 2),
                cue_to_ball_m=None if gap is None else round(gap, 2),
                heading_sd=round(err, 2),
                pots_as_meant=d.target in r.outcome.pocketed and not r.outcome.fouls,
                potted=d.target in out.pocketed,
            )
        visits.append({"points": now["points"] + scored, "pots": now["pots"] + potted, "end": end})
        now["points"] = now["pots"] = 0

    for seed in range(first, first + games):
        visits.clear()
        now["points"] = now["pots"] = 0
        ais = [new_player(level, seed, k, budget) for k in range(2)]
        play_game(
            "snooker",
            (PlayerSpec("computer", level),) * 2,
            seed,
            max_shots=CAPS.get("snooker", 150),
            ais=ais,
            on_shot=on_shot,
        )
        best = max(visits, key=lambda v: v["points"], default=None)
        if best is not None:
            found.append({"seed": seed, **best})
            print(f"  [snooker level {level}] frame {seed}: highest break {best}", flush=True)
    return found


def _phase(sit) -> str:
    """Snooker: what was on (a red, a colour after a red, the colours in sequence) and
    whether the cue ball was in hand; empty elsewhere."""
    rules = sit.rules
    if rules.name != "snooker":
        return ""
    live = frozenset(b for b, m in zip(sit.balls.ids, sit.balls.motion) if int(m) != int(Motion.POCKETED))
    on = rules.targets(live)
    phase = "on a red" if any(b.startswith("red") for b in on) else ("on a colour" if len(on) > 1 else "in sequence")
    return f", {phase}" + (", in hand" if sit.in_hand is not None else "")


def time_limits(levels: list[int], positions: int) -> None:
    """Each level's decision with its own wall-clock limit (the window's anytime mode) from
    seeded mid-game 9-ball, 8-ball and snooker tables: wall and CPU seconds, mean and max,
    against the level's limit (Level.seconds; 3 s is the promise at level 5)."""
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
