"""The computer player: ``ComputerPlayer(level, seed).decide(situation) -> Decision`` and
``execute(decision)`` adds the level's noise to the chosen strike.

One decision: 9-ball pass-back after the opponent's push-out; the break; ball in hand
placement; then the search over pots (best ease first, speed and spin variations), banks,
safeties and kicks (:mod:`pocket_candidates`; carom paths in three-cushion,
:mod:`carom_candidates`), each simulated with the real engine and judged by a copy of the
rules; the best few re-simulated with noise; a 9-ball push-out when nothing better is on. All randomness from numpy Generators seeded from one seed."""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, replace

import numpy as np

from billiard.ai.break_book import BookBreak, book_breaks, racked
from billiard.ai.carom_candidates import carom_candidates
from billiard.ai.evaluate import PASS_BELOW
from billiard.ai.geometry import Layout, best_ease, heading_to
from billiard.ai.levels import Level, level as level_of
from billiard.ai.noise import Noise
from billiard.ai.options import heading_sigma, pot_rows
from billiard.ai.placement import choose_spot
from billiard.ai.plan import plan_ahead
from billiard.ai.rollout import fast_params
from billiard.ai.snooker_break import choose_break_off, is_break_off
from billiard.ai.pocket_candidates import pocket_candidates, push_outs
from billiard.ai.search import EVENTS_PER_SIM, POT_KINDS, Budget, Search, Tried
from billiard.ai.shots import Candidate, nearest_hit
from billiard.ai.strike import Decision, Strike
from billiard.game import Rules
from billiard.physics.params import Params
from billiard.physics.state import Balls, Motion
from billiard.table.model import Table

BREAK_EVENTS = 250  # the same for the break, whose every simulation scatters the whole rack
PUSH_BELOW = 40.0  # 9-ball: push out when the best shot scores under this
EXTRA_COPIES = 24  # noisy copies per finalist at most, when a deadline leaves time for them


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
            budget.grant(top * max(0, more - self.level.robust))
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
            carom_candidates(search, self.level, balls, sit.table, cue)
            if self.level.plan:
                plan_ahead(search, params, self.level.noise, self.level.plan, 0, 0, False, False)
        else:
            pocket_candidates(search, self.level, self.rng, balls, sit.table, params, cue, targets)
        push = getattr(rules, "push_available", False) and not getattr(rules, "breaking", False)
        best = search.best()
        if push and (best is None or best.nominal < PUSH_BELOW):
            push_outs(search, self.level, self.rng)
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


def _on_table(balls: Balls) -> frozenset[str]:
    return frozenset(b for b, m in zip(balls.ids, balls.motion) if m != Motion.POCKETED)
