"""``bench_ai.py``'s units of work: one seeded game (self-play, a head-to-head), one 8-ball
run-out or one 9-ball break-and-run rack, played and reduced to the record the report sums."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a source checkout

import time  # noqa: E402

import numpy as np  # noqa: E402

from billiard.ai import PlayerSpec, Situation  # noqa: E402
from billiard.ai.geometry import Layout, best_ease  # noqa: E402
from billiard.ai.levels import level as level_of  # noqa: E402
from billiard.ai.rollout import play  # noqa: E402
from billiard.app.autoplay import apply_decision, play_game, rack_seed  # noqa: E402
from billiard.app.setup import new_session  # noqa: E402
from billiard.game import IN_HAND_ANYWHERE  # noqa: E402
from billiard.game.spotting import put_on_table  # noqa: E402

from ai_bench_players import CAPS, CAROM_POINTS, new_player, old_player_factory  # noqa: E402

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


def _struck(session, player, d) -> bool:
    """Play decision ``d`` and run the balls to rest; False when the session refused it."""
    if apply_decision(session, player, d) is None:
        return False
    while session.in_shot:
        session.tick()
    return True


def _potted(out, cue: str) -> int:
    """The object balls a shot potted, 0 after a foul (or with no outcome)."""
    return 0 if out is None or out.fouls else sum(1 for b in out.pocketed if b != cue)


def _runout_record(level: int, seed: int, budget: float | None, make_runner=new_player, on_decision=None) -> dict:
    """8-ball: after a computer break, the runner gets ball in hand anywhere on the open
    table; did it win the rack without leaving the table (None: the break ended the game).
    ``end`` says why a failed run ended (:func:`_runout_end`). ``make_runner`` builds the
    runner (as :func:`new_player`); ``on_decision(runner, situation, decision)`` sees each of
    its decisions (the diagnostics' hooks)."""
    t0, c0 = time.perf_counter(), time.process_time()
    session = new_session("8-ball", None, rack_seed(2000 + seed))
    rules = session.rules
    breaker = new_player(level, 2000 + seed, 1, budget)
    _struck(session, breaker, breaker.decide(Situation.of_session(session)))
    ran: bool | None = None
    balls = 0
    end: dict | None = None
    if not rules.game_over:
        rules.turn = 0
        session.in_hand = rules.ball_in_hand = IN_HAND_ANYWHERE
        runner = make_runner(level, 2000 + seed, 0, budget)
        while not rules.game_over and rules.turn == 0:
            sit = Situation.of_session(session)
            d = runner.decide(sit)
            if on_decision is not None:
                on_decision(runner, sit, d)
            if not _struck(session, runner, d):
                break
            out = session.last_outcome
            balls += _potted(out, rules.cue)
            end = _runout_end(sit, d, out)
        ran = bool(rules.game_over and rules.winner == 0)
    rec = {"ran": ran, "balls": balls, "wall": time.perf_counter() - t0, "cpu": time.process_time() - c0}
    if ran is False and end is not None:
        rec["end"] = end
    return rec


BREAK_RUN_SHOTS = 40  # a visit longer than this is cut (9 balls: never reached)


def _break_run_record(level: int, seed: int, budget: float | None) -> dict:
    """9-ball, one player alone at the table: it breaks (the book's break at levels 4-5) and
    plays on while it keeps the table, with no opponent (a push-out would hand the choice
    over, so it ends the visit like a miss). ``kept``: the break kept the table; ``ran``:
    the rack was won in that visit (a break-and-run); ``end``: the kind of the shot that
    ended a failed visit ("break" when the break itself did); ``ease``: after a kept break
    that did not end the rack, the easiest pot on the lowest ball as the break left it
    (:func:`geometry.best_ease`; 0 when there is none). A paired measure of
    break-and-run, cheaper than self-play: two players that choose the same strikes play
    the same noise (common random numbers), so only the racks where they differ count."""
    t0, c0 = time.perf_counter(), time.process_time()
    session = new_session("9-ball", None, rack_seed(3000 + seed))
    rules = session.rules
    me = rules.turn
    player = new_player(level, 3000 + seed, 0, budget)
    shots = balls = 0
    kind = None
    kept = False
    ease = None
    while not rules.game_over and rules.turn == me and shots < BREAK_RUN_SHOTS:
        d = player.decide(Situation.of_session(session))
        kind = d.kind
        if d.push_out or not _struck(session, player, d):
            break
        shots += 1
        balls += _potted(session.last_outcome, rules.cue)
        if shots == 1:  # the break
            kept = rules.turn == me or (rules.game_over and rules.winner == me)
            if kept and not rules.game_over:
                layout = Layout.of(session.balls)
                ease = best_ease(layout, session.table, rules.cue, rules.targets(frozenset(layout.ids)))
    ran = bool(rules.game_over and rules.winner == me)
    rec = {
        "ran": ran,
        "kept": kept,
        "balls": balls,
        "shots": shots,
        "wall": time.perf_counter() - t0,
        "cpu": time.process_time() - c0,
    }
    if ease is not None:
        rec["ease"] = round(float(ease), 4)
    if not ran:
        rec["end"] = kind
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


def play_unit(unit: tuple) -> tuple[tuple, dict]:
    """Play one unit of work (in a worker process with --jobs)."""
    part, key, seed, budget, old = unit
    if part == "self":
        mode, lvl = key.split("/")
        return unit, _game_record(mode, int(lvl), seed, budget)
    if part == "h2h":
        mode, a, b = key.split("/")
        return unit, _h2h_record(mode, a, b, seed, budget, old)
    if part == "breakruns":
        return unit, _break_run_record(int(key), seed, budget)
    return unit, _runout_record(int(key), seed, budget)
