"""The break study behind ``billiard/ai/break_book.py``: each candidate break (cue-ball
place on the head string, speed, tip height) played once on each of ``--racks`` seeded
racks with the level-5 strike noise (magnitude 1); prints how often it fouled, scratched
and kept the table (a ball down, no foul), and the search's mean score of the result.

``python benchmarks/break_study.py --mode 9-ball --racks 300 --first-seed 9000`` from the
repo root (tune on one seed range, check the winners on another)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a source checkout

import numpy as np

from billiard.ai.break_book import BookBreak, book_breaks
from billiard.ai.evaluate import next_ease, score
from billiard.ai.geometry import Layout, heading_to
from billiard.ai.noise import Noise
from billiard.ai.player import Situation, _placed
from billiard.ai.rollout import fast_params, play
from billiard.ai.strike import Strike
from billiard.app.autoplay import rack_seed
from billiard.app.setup import new_session
from billiard.formats.limits import CONTROL_MAX_SPEED

OLD = BookBreak(0.0, 12.0, -0.1)  # the player's break before the book (stun-draw, 12 m/s, centre)


def set_up(mode: str, b: BookBreak, seed: int) -> tuple[Situation, tuple[float, float], Strike, float]:
    """Rack ``seed`` of ``mode``, where ``b`` puts the cue ball, its strike as meant (full at
    the head ball) and the cue ball's radius."""
    sit = Situation.of_session(new_session(mode, None, rack_seed(seed)))
    cue = sit.rules.cue
    layout = Layout.of(sit.balls)
    head = min((k for k in layout.ids if k != cue), key=lambda k: layout.at(k)[0])
    r = float(sit.balls.radius[sit.balls.index(cue)])
    place = (sit.table.head_string_x - r, b.side)
    return sit, place, Strike(b.speed, heading_to(np.asarray(place), layout.at(head)), 0.0, (0.0, b.tip_height)), r


def study(mode: str, b: BookBreak, racks: int, first: int, exact: bool = False, fair: float = 0.5) -> dict:
    fouls = scratches = keeps = fairs = 0
    scores, eases = [], []
    for seed in range(first, first + racks):
        sit, place, strike, r = set_up(mode, b, seed)
        cue, me = sit.rules.cue, sit.rules.turn
        strike = Noise(1.0, r).apply(strike, np.random.default_rng(seed))
        params = sit.params if exact else fast_params(sit.params)
        ro = play(_placed(sit.balls, cue, place), sit.table, params, sit.rules, strike)
        o = ro.outcome
        fouls += bool(o.fouls)
        scratches += cue in o.pocketed
        kept = (o.next_player == me and not o.fouls) or (o.game_over and o.winner == me)
        keeps += kept
        if kept:
            ease = 1.0 if o.game_over else next_ease(ro, sit.table)
            eases.append(ease)
            fairs += ease >= fair
        scores.append(score(ro, me, sit.table, True))
    return {
        "foul": fouls / racks,
        "scratch": scratches / racks,
        "keep": keeps / racks,
        "fair": fairs / racks,
        "ease": float(np.mean(eases)) if eases else 0.0,
        "score": float(np.mean(scores)),
    }


def _floats(text: str) -> tuple[float, ...]:
    return tuple(float(x) for x in text.split(","))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mode", default="9-ball", choices=("9-ball", "8-ball"))
    ap.add_argument("--racks", type=int, default=100, help="seeded racks per candidate")
    ap.add_argument("--first-seed", type=int, default=9000)
    ap.add_argument("--grid", action="store_true", help="a grid of places, speeds and tips instead of the book")
    ap.add_argument("--sides", type=_floats, default=(0.0, 0.3, -0.3), help="--grid: places off the centre line, m")
    ap.add_argument("--speeds", type=_floats, default=(-1.5, -0.75, 0.0), help="--grid: speeds, m/s below full power")
    ap.add_argument("--tips", type=_floats, default=(-0.1, 0.1, 0.2), help="--grid: tip heights, radii")
    ap.add_argument("--exact", action="store_true", help="the game's own tick and time limit, not the search's")
    ap.add_argument(
        "--fair", type=float, default=0.5, help="the ease a kept table's easiest pot needs to count as fair"
    )
    args = ap.parse_args(argv)
    if args.grid:
        cands = [BookBreak(y, CONTROL_MAX_SPEED + dv, t) for y in args.sides for dv in args.speeds for t in args.tips]
    else:
        cands = [OLD, *book_breaks(args.mode)]
    t0, c0 = time.perf_counter(), time.process_time()
    print(f"{args.mode}, {args.racks} racks from seed {args.first_seed}, noise magnitude 1")
    print(
        f"{'side m':>7} {'speed':>6} {'tip':>5} {'foul':>6} {'scratch':>8} {'keep':>6} {'fair':>6} {'ease':>6} {'score':>7}"
    )
    for b in cands:
        f = study(args.mode, b, args.racks, args.first_seed, args.exact, args.fair)
        print(
            f"{b.side:+7.2f} {b.speed:6.1f} {b.tip_height:+5.2f} {f['foul']:6.2f} {f['scratch']:8.2f}"
            f" {f['keep']:6.2f} {f['fair']:6.2f} {f['ease']:6.2f} {f['score']:7.1f}",
            flush=True,
        )
    print(f"wall {time.perf_counter() - t0:.1f} s, CPU {time.process_time() - c0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
