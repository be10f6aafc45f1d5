"""The computer player: ``ComputerPlayer(level, seed).decide(situation) -> Decision`` and
``execute(decision)`` adds the level's noise to the chosen strike.

One decision: 9-ball pass-back after the opponent's push-out; the break; ball in hand
placement; then the search over pots (best ease first, speed and spin variations), banks,
safeties and kicks (or carom paths in three-cushion), each simulated with the real engine
and judged by a copy of the rules; the best few re-simulated with noise; a 9-ball push-out
when nothing better is on. All randomness from numpy Generators seeded from one seed."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np

from billiard.ai.break_book import BookBreak, book_breaks, racked
from billiard.ai.carom import carom_paths, carom_speed
from billiard.ai.carom_centre import centre_carom
from billiard.ai.evaluate import PASS_BELOW
from billiard.ai.geometry import Layout, best_ease, direct_hits, heading_to
from billiard.ai.levels import Level, level as level_of
from billiard.ai.carom_pots import aim_carom_pot, carom_pot_candidates
from billiard.ai.masse import masse_candidates
from billiard.ai.noise import Noise
from billiard.ai.options import aim_carom, aim_kick, heading_sigma, pot_rows
from billiard.ai.placement import choose_spot
from billiard.ai.plan import plan_ahead
from billiard.ai.rollout import fast_params
from billiard.ai.steer import grid, steer
from billiard.ai.snooker_break import choose_break_off, is_break_off
from billiard.ai.snooker_pace import sweep_paces
from billiard.ai.snooker_steer import grid as snooker_grid
from billiard.ai.snooker_steer import steer_snooker
from billiard.ai.search import POT_KINDS, Budget, Search, Tried
from billiard.ai.shots import Candidate, jump_candidates, kick_candidates, nearest_hit, safety_candidates
from billiard.ai.strike import Decision, Strike
from billiard.game import Rules
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion
from billiard.table.model import Table

EVENTS_PER_SIM = (
    40  # the event budget is max_sims x this (deterministic work limit; 25 cut level 5's noisy copies short)
)
BREAK_EVENTS = 250  # the same for the break, whose every simulation scatters the whole rack
PUSH_BELOW = 40.0  # 9-ball: push out when the best shot scores under this
EXTRA_COPIES = 24  # noisy copies per finalist at most, when a deadline leaves time for them
CAROM_POTS_TRIED = 3  # kisses and cannons simulated at most, the likeliest first (levels 4-5)
MASSE_TRIED = 4  # massé pots simulated at most, the likeliest first (levels 4-5)
CAROM_SIDE = 0.3  # three-cushion: the side (tip offset, radii) of the side variants
SAFETY_ABOVE = 100.0  # levels that plan: safeties are tried unless a pot is worth this
ESCAPE_FAN = 120  # snooker, levels 4-5: headings all round tried when (nearly) every candidate fouls
ESCAPE_BELOW = 3  # ... when fewer than this many hit a ball on without a foul
ESCAPE_SPEEDS = (2.5, 4.0)  # m/s: the fan's speed, and the refinement's second speed


@dataclass
class Situation:
    """What the computer sees: the rules (read, never changed), the table, the balls at rest
    and the ball-in-hand region (None when the cue ball must be played where it lies)."""

    rules: Rules
    table: Table
    params: Params
    balls: Balls
    in_hand: str | None

    @classmethod
    def of_session(cls, session) -> "Situation":
        """A copy of what a session shows (safe to hand to another thread or process)."""
        return cls(
            copy.deepcopy(session.rules),
            session.table,
            session.params,
            session.balls.copy(),
            session.in_hand if session.ball_in_hand() else None,
        )


def _grant(budget: Budget, sims: int) -> None:
    """``sims`` more simulations (fewer when negative) on top of the level's deterministic
    budget, with their events; a wall-clock deadline still stops the search."""
    budget.max_sims += sims
    budget.max_events += sims * EVENTS_PER_SIM


def _on_top(budget: Budget, most: int, run: Callable[[], int]) -> None:
    """``run`` (which returns the simulations it used) with ``most`` simulations granted on
    top of the budget; what it did not use goes back."""
    _grant(budget, most)
    _grant(budget, run() - most)


class ComputerPlayer:
    """A computer opponent of ``level`` (1-5 or a :class:`Level`); ``seed`` or ``rng`` makes it
    repeatable. ``deadline`` adds the level's wall-clock limit to the deterministic budget."""

    def __init__(
        self,
        level: int | Level = 5,
        seed: int | None = None,
        rng: np.random.Generator | None = None,
        deadline: bool = False,
    ) -> None:
        self.level = level if isinstance(level, Level) else level_of(level)
        root = rng if rng is not None else np.random.default_rng(seed)
        self._base = int(root.integers(2**62))
        self.arm = np.random.default_rng([self._base, 0])  # the strike's own noise (execute)
        self.decisions = 0  # decisions made so far: each searches with its own generator
        self.rng = self._search_rng()
        self.noise_model = None
        self.deadline = deadline
        self._aimed = 0  # three-cushion: windows still to aim this decision

    # -- the decision --------------------------------------------------------------------
    def decide(self, sit: Situation) -> Decision:
        t0, c0 = time.perf_counter(), time.process_time()
        self.rng = self._search_rng()
        self.decisions += 1
        budget = self._budget(sit, t0)
        decision = self._decide(sit, budget)
        return replace(
            decision, simulations=budget.sims, seconds=time.perf_counter() - t0, cpu_seconds=time.process_time() - c0
        )

    def _budget(self, sit: Situation, t0: float) -> Budget:
        """The level's deterministic budget for ``sit`` (and its wall-clock limit from ``t0``
        when this player has a deadline)."""
        lvl = self.level
        sims = lvl.carom_sims if lvl.carom_sims and sit.rules.name == "three-cushion" else lvl.max_sims
        return Budget(sims, sims * EVENTS_PER_SIM, t0 + lvl.seconds if self.deadline else None)

    def _search_rng(self) -> np.random.Generator:
        """The generator of decision number ``decisions``: seeded from the player's seed and that
        number only, and apart from the arm's, so that two players compare stroke for stroke
        (common random numbers): a search that draws more or fewer noisy copies changes neither
        the later decisions' draws nor the strikes' noise."""
        return np.random.default_rng([self._base, 1, self.decisions])

    def _decide(self, sit: Situation, budget: Budget) -> Decision:
        rules = sit.rules
        params = fast_params(sit.params)
        cue = rules.cue
        targets = rules.targets(_on_table(sit.balls))
        if getattr(rules, "may_pass", False):
            ease = best_ease(Layout.of(sit.balls), sit.table, cue, targets)
            if ease < PASS_BELOW:
                return Decision(None, pass_back=True, kind="pass")
        balls = sit.balls
        opening = getattr(rules, "breaking", False) and rules.name in ("8-ball", "9-ball")
        if opening or (rules.name == "practice" and racked(balls, cue)):  # practice: the coach breaks a rack
            budget.max_events = budget.max_sims * BREAK_EVENTS  # a break is a hundred events or more
            return self._break(sit, params, budget)
        if is_break_off(rules, balls, sit.in_hand):
            lvl = self.level
            opening = choose_break_off(
                rules, sit.table, params, balls, budget, lvl.noise, lvl.break_copies, lvl.finalists, self.rng
            )
            if opening is not None:
                return opening
        search, place = self._candidates(sit, params, budget)
        balls = search.balls
        noise = Noise(max(1.0, self.level.noise), float(balls.radius[balls.index(cue)]))
        pocket = rules.name in ("8-ball", "9-ball")
        if pocket:
            search.leave_weight = self.level.leave_weight
        chosen = search.robustness(self.level.finalists, self.level.robust, noise, self.rng)
        if pocket and self.level.late_finalists and budget.left():
            # the budget left after the finalists' copies: the next best candidates are copied too
            late = self.level.finalists + self.level.late_finalists
            chosen = search.robustness(late, self.level.robust, noise, self.rng) or chosen
        if rules.name == "9-ball" and self.level.recheck and chosen is not None and chosen.noisy:
            # the few best after the copies get more (on top of the budget: a fixed count); 9-ball
            # only: in 8-ball it cost run-outs (more safeties: the pots' optimism is corrected, the
            # safeties' is not)
            top, more = self.level.recheck, self.level.recheck_copies
            _grant(budget, top * max(0, more - self.level.robust))
            chosen = search.recheck(top, more, noise, self.rng) or chosen
        if budget.deadline is not None and self.level.extend > 1:
            # anytime (the window): the time left sharpens the choice among the finalists
            budget.max_sims = int(budget.max_sims * self.level.extend)
            budget.max_events = budget.max_sims * EVENTS_PER_SIM
            final = self.level.finalists + (self.level.late_finalists if pocket else 0)
            chosen = search.robustness(final, self.level.robust + EXTRA_COPIES, noise, self.rng) or chosen
        if chosen is None:
            layout = Layout.of(balls)
            chosen = Tried(nearest_hit(layout, cue, targets), 0.0, False)
        c = chosen.cand
        kind = "push-out" if c.push_out else c.kind
        if kind in POT_KINDS and not chosen.success:
            kind = "safety"  # no pot in its own simulation: chosen for what it leaves
        return Decision(
            c.strike,
            place=place,
            push_out=c.push_out,
            kind=kind,
            target=c.target,
            pocket=c.pocket,
            expected=chosen.expected,
            next_ball=chosen.next_ball,
        )

    def candidates(self, sit: Situation, budget: Budget | None = None) -> tuple[Search, tuple[float, float] | None]:
        """The search with every candidate this level simulates from ``sit`` (no noisy copies
        yet) and where it puts the ball in hand (None: where it lies): the coach in a drill
        rates the same strikes by the drill's goal instead (:mod:`billiard.ai.practice_coach`)."""
        budget = budget if budget is not None else self._budget(sit, time.perf_counter())
        return self._candidates(sit, fast_params(sit.params), budget)

    def _candidates(self, sit: Situation, params: Params, budget: Budget) -> tuple[Search, tuple[float, float] | None]:
        rules, balls, place = sit.rules, sit.balls, None
        cue = rules.cue
        targets = rules.targets(_on_table(balls))
        if sit.in_hand is not None:
            spots = choose_spot(sit.in_hand, sit.table, balls, cue, targets, self.rng, keep=self.level.spots)
            if len(spots) > 1 and rules.name != "three-cushion":
                spots = [self._best_spot(spots, sit, params, budget, cue, targets)]
            if spots:
                place = spots[0]
                balls = _placed(balls, cue, place)
        search = self._search(balls, sit.table, params, rules, budget)
        if rules.name == "three-cushion":
            self._carom(search, balls, sit.table, cue)
            if self.level.plan:
                plan_ahead(search, params, self.level.noise, self.level.plan, 0, 0, False, False)
        else:
            self._pocket_game(search, balls, sit.table, params, cue, targets)
        push = getattr(rules, "push_available", False) and not getattr(rules, "breaking", False)
        best = search.best()
        if push and (best is None or best.nominal < PUSH_BELOW):
            self._push_outs(search, balls, cue)
        return search, place

    def _search(
        self, balls: Balls, table: Table, params: Params, rules: Rules, budget: Budget, position: bool | None = None
    ) -> Search:
        """A search for the player to move, scored with this level's terms: the leave weighed
        (:attr:`Level.position`), snooker's leaves by the level's own heading error, 8-ball's
        blocked 8 and leave weight (:func:`evaluate.score`)."""
        lvl = self.level
        keep = lvl.position if position is None else position
        sigma = heading_sigma(lvl.noise)
        return Search(balls, table, params, rules, rules.turn, budget, keep, sigma, lvl.eight_problem, lvl.eight_ease)

    def _pocket_game(
        self, search: Search, balls: Balls, table: Table, params: Params, cue: str, targets: tuple[str, ...]
    ) -> None:
        """Pots first (the plain variant of every option, then the others, best option first),
        then safeties and kicks when no pot is clearly good, jumps when every legal ball is
        hidden (levels 4-5), then the simulated look ahead at the best candidates' leaves."""
        lvl = self.level
        layout = Layout.of(balls)
        rows = pot_rows(
            search, balls, params, cue, targets, lvl.noise, lvl.options, lvl.variants, lvl.banks, lvl.combos, lvl.throw
        )
        for row in rows:  # the plain variant of every option first
            search.consider(row[0])
        order = sorted(
            range(len(rows)),
            key=lambda k: (
                -max(
                    (
                        t.nominal
                        for t in search.tried
                        if t.cand.target == rows[k][0].target and t.cand.pocket == rows[k][0].pocket
                    ),
                    default=-1e9,
                )
            ),
        )
        for k in order:
            for cand in rows[k][1:]:
                search.consider(cand)
        if lvl.steer and search.rules.name in ("8-ball", "9-ball"):
            # the steering grid's strikes come on top of the level's budget (deterministic count)
            # (with ``steer_side``, 9-ball only, side spin too: off at every level, a measured trial)
            side = lvl.steer_side and search.rules.name == "9-ball"
            _on_top(search.budget, len(grid(side)) * lvl.steer, lambda: steer(search, lvl.steer, side))
        best = search.best()
        weak = best is None or (best.prior_value < SAFETY_ABOVE if lvl.safety_by_value else best.nominal < 60.0)
        if weak and lvl.combos:  # levels 4-5: caroms into pots (kisses and cannons)
            pottable = None if search.rules.name == "9-ball" else targets
            sigma = heading_sigma(lvl.noise)
            for cand, partner in carom_pot_candidates(layout, table, params, cue, targets, pottable, sigma)[
                :CAROM_POTS_TRIED
            ]:
                search.consider(aim_carom_pot(search, params, cue, cand, partner))
        if weak and lvl.jumps:  # the levels that jump (4-5) also curve the cue ball round a blocker
            for cand in masse_candidates(layout, table, params, balls, cue, targets, heading_sigma(lvl.noise))[
                :MASSE_TRIED
            ]:
                search.consider(cand)
        if weak:
            self._defence(search, layout, table, params, cue, targets)
        snooker = search.rules.name == "snooker"
        if snooker and lvl.jumps and sum(not _fouled(t) for t in search.tried) < ESCAPE_BELOW:
            self._escape(search, cue, targets)
        elif not snooker and lvl.pool_escape and weak and not any(direct_hits(layout, cue, t) for t in targets):
            # pool: every legal ball is hidden; the fan comes on top of the budget (deterministic count)
            _grant(search.budget, ESCAPE_FAN + 9)
            self._escape(search, cue, targets)
        if not search.tried:
            search.consider(nearest_hit(layout, cue, targets))
        if search.sigma is not None and lvl.snooker_steer:  # snooker, level 5: a grid of strikes, on top of the budget
            _on_top(
                search.budget, len(snooker_grid()) * lvl.snooker_steer, lambda: steer_snooker(search, lvl.snooker_steer)
            )
        if search.sigma is not None and lvl.jumps:  # snooker, levels 4-5: the pace of the best pots for position
            sweep_paces(search)
        if lvl.plan:
            plan_ahead(search, params, lvl.noise, lvl.plan, lvl.plan_options, lvl.plan_variants, lvl.banks, lvl.combos)

    def _best_spot(
        self,
        spots: list[tuple[float, float]],
        sit: Situation,
        params: Params,
        budget: Budget,
        cue: str,
        targets: tuple[str, ...],
    ) -> tuple[float, float]:
        """Ball in hand at levels 4-5: of the best few spots by the geometric estimate, the
        one whose best pot (plain strikes of its top options, judged by the shot each leaves)
        is worth most."""
        lvl = self.level
        rated = []
        for spot in spots:
            balls = _placed(sit.balls, cue, spot)
            search = self._search(balls, sit.table, params, sit.rules, budget)
            for row in pot_rows(search, balls, params, cue, targets, lvl.noise, 3, 1, lvl.banks, False, False):
                search.consider(row[0])
            plan_ahead(search, params, lvl.noise, 1, 2, 1, lvl.banks, False)
            best = search.best()
            rated.append((best.prior_value if best is not None else -1e9, spot))
        return max(rated, key=lambda x: x[0])[1]

    def _defence(
        self, search: Search, layout: Layout, table: Table, params: Params, cue: str, targets: tuple[str, ...]
    ) -> None:
        """Safeties on the legal balls that can be hit straight; kicks (one cushion, and two
        at levels 4-5) and jumps (levels 4-5) when none can."""
        lvl = self.level
        safeties = safety_candidates(layout, cue, targets, rich=lvl.safety_by_value)
        if safeties:
            n = lvl.safeties
            picks = (
                safeties
                if len(safeties) <= n
                else [safeties[i] for i in sorted(self.rng.choice(len(safeties), n, replace=False))]
            )
        else:
            kicks = kick_candidates(layout, table, cue, targets, cushions=lvl.kicks)
            aimed = [aim_kick(search, params, cue, k) for k in kicks if k.prior_offset == 0.0][: lvl.aimed_kicks]
            picks = aimed + kicks[: max(0, lvl.safeties - len(aimed))]
            if lvl.jumps:
                picks += jump_candidates(layout, cue, targets)
        for cand in picks:
            search.consider(cand)

    def _escape(self, search: Search, cue: str, targets: tuple[str, ...]) -> None:
        """Snooker, levels 4-5: (nearly) every pot, safety, kick and jump tried fouls (a ball on hidden
        behind others in a corner), and a foul and a miss gives the same position back, so
        the same failing kick could be played again and again: the cue ball is sent every
        3 degrees all round (one, two or more cushions, as the engine finds), then the
        best few that hit a ball on without a foul again either side and firmer."""
        fan = [
            Candidate(Strike(ESCAPE_SPEEDS[0], 360.0 * k / ESCAPE_FAN), "kick", targets[0] if targets else None)
            for k in range(ESCAPE_FAN)
        ]
        for cand in fan:
            if not search.budget.left():
                return
            search.consider(cand)
        legal = sorted((t for t in search.tried if not _fouled(t)), key=lambda t: -t.prior_value)[:3]
        for t in legal:
            h = t.cand.strike.heading_deg
            for dh in (-1.0, 1.0):
                search.consider(replace(t.cand, strike=t.cand.strike.replace(heading_deg=(h + dh) % 360.0)))
            search.consider(replace(t.cand, strike=t.cand.strike.replace(speed=ESCAPE_SPEEDS[1])))

    def _carom(self, search: Search, balls: Balls, table: Table, cue: str) -> None:
        """Carom paths from the tracer with the cue ball rolling into its first ball (follow)
        and half rolling (a firmer, stunned hit), tried alternately, widest windows first; a
        miss has its heading stepped onto the engine's path (the first ``aimed_caroms``); a
        success is turned to the middle of its window (levels 4-5) or refined half a degree
        either side. The widest ``carom_side`` windows are tried again with side either way
        (running side widens the angle off the cushions; the heading found by the engine)."""
        layout = Layout.of(balls)
        r = float(balls.radius[balls.index(cue)])
        others = {b: layout.at(b) for b in layout.ids if b != cue}
        kinds = (((0.0, 0.3), 1.0, 1.0), ((0.0, 0.0), 0.5, 1.25))
        found = [carom_paths(table, layout.at(cue), others, r, roll) for _, roll, _ in kinds]
        order = [
            (p, tip, f)
            for pair in zip(*[f + [None] * (max(map(len, found)) - len(f)) for f in found])
            for p, (tip, _, f) in zip(pair, kinds)
            if p is not None
        ]
        first = search.rules.targets(frozenset(layout.ids))  # the break: the red first (UMB)
        order = [o for o in order if o[0].first in first] or order
        self._aimed = self.level.aimed_caroms
        tried = order[: self.level.carom_windows or self.level.options * 5]
        for p, tip, factor in tried:
            strike = Strike(min(7.0, carom_speed(p.length) * factor), p.heading_deg, 0.0, tip)
            self._carom_try(search, cue, Candidate(strike, "carom", p.first, prior=p.width_deg), others)
        for p, tip, factor in tried[: self.level.carom_side]:
            for side in (-CAROM_SIDE, CAROM_SIDE):
                strike = Strike(min(7.0, carom_speed(p.length) * factor), p.heading_deg, 0.0, (side, tip[1]))
                self._carom_try(search, cue, Candidate(strike, "carom", p.first, prior=p.width_deg), others, aim=True)
        if not search.tried:
            search.consider(nearest_hit(layout, cue, tuple(others)))

    def _carom_try(
        self, search: Search, cue: str, cand: Candidate, others: dict[str, np.ndarray], aim: bool = False
    ) -> None:
        """Simulate one carom; aim it onto the engine's path when it misses (``aim`` or while
        the level's aimed windows last); centre or refine it when it scores."""
        t = search.consider(cand)
        second = next(b for b in others if b != cand.target)
        if t is not None and not t.success and (aim or self._aimed > 0):  # step the heading onto the path
            if not aim:
                self._aimed -= 1
            better = aim_carom(search, search.params, cue, cand, second)
            if better.strike.heading_deg != cand.strike.heading_deg:
                t = search.consider(better)
        if t is None or not t.success:
            return
        if self.level.centre_caroms:  # turned to the middle of the engine's window: the arm's error stays inside
            centred = centre_carom(search, search.params, cue, t.cand, second)
            if centred.strike != t.cand.strike:
                search.consider(centred)
        else:
            h = cand.strike.heading_deg
            for dh in (-0.5, 0.5):  # look either side of it too
                search.consider(replace(cand, strike=cand.strike.replace(heading_deg=(h + dh) % 360)))

    def _push_outs(self, search: Search, balls: Balls, cue: str) -> None:
        """9-ball push-out: roll the cue ball softly in evenly spread directions (a random
        turn) to leave a shot the opponent should pass back: the score
        (:func:`evaluate.push_out_value`) likes a leave just too hard for them to take."""
        n = self.level.push_outs
        turn = float(self.rng.uniform(0, 360))
        for k in range(n):
            heading = (turn + 360.0 * k / n) % 360.0
            speed = float(self.rng.uniform(0.8, 2.0))
            search.consider(Candidate(Strike(speed, heading), "push-out", push_out=True))

    def _break(self, sit: Situation, params: Params, budget: Budget) -> Decision:
        """The opening break from the break book (:mod:`break_book`: breaks measured on
        hundreds of noisy racks, best first). Levels that trust the book (4-5) play its best
        break; the others try its first ``break_places`` breaks once each on this rack and
        keep the one whose simulation scored best (a guess: one run of a chaotic shot)."""
        rules, table, cue = sit.rules, sit.table, sit.rules.cue
        layout = Layout.of(sit.balls)
        head = min((b for b in layout.ids if b != cue), key=lambda b: layout.at(b)[0])
        r = float(sit.balls.radius[sit.balls.index(cue)])
        lvl = self.level
        book = book_breaks(rules.rack) or (BookBreak(0.0, 13.5, 0.1),)
        book = book[:1] if lvl.break_by_book else book[: max(1, lvl.break_places)]

        def planned(b: BookBreak) -> tuple[tuple[float, float], Strike]:
            place = (table.head_string_x - r, b.side)
            return place, Strike(b.speed, heading_to(np.asarray(place), layout.at(head)), 0.0, (0.0, b.tip_height))

        best: tuple[float, tuple[float, float], Strike] | None = None
        if len(book) > 1:
            search = self._search(sit.balls, table, params, rules, budget, position=True)
            for b in book:
                place, strike = planned(b)
                search.balls = _placed(sit.balls, cue, place)
                t = search.consider(Candidate(strike, "break", head))
                if t is not None and (best is None or t.nominal > best[0]):
                    best = (t.nominal, place, strike)
        if best is None:
            place, strike = planned(book[0])
        else:
            place, strike = best[1], best[2]
        return Decision(strike, place=place, kind="break", target=head)

    # -- carrying it out -----------------------------------------------------------------
    def execute(self, strike: Strike, radius: float) -> Strike:
        """The strike as the level's arm plays it (Gaussian noise, :mod:`noise`)."""
        return Noise(self.level.noise, radius).apply(strike, self.arm)


def _placed(balls: Balls, cue: str, place: tuple[float, float]) -> Balls:
    """A copy of ``balls`` with the cue ball at rest on ``place``."""
    out = balls.copy()
    i = out.index(cue)
    out.pos[i] = (place[0], place[1], out.radius[i])
    out.vel[i] = out.omega[i] = 0.0
    out.motion[i] = Motion.REST
    out.pocket[i] = None
    return out


def _fouled(t: Tried) -> bool:
    """The candidate's own simulation fouled (or was not simulated)."""
    return t.rollout is None or bool(t.rollout.outcome.fouls)


def _on_table(balls: Balls) -> frozenset[str]:
    return frozenset(b for b, m in zip(balls.ids, balls.motion) if m != Motion.POCKETED)
