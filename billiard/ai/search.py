"""The search: simulate candidate strikes with the real engine under a budget, score each
with the rules' verdict, then re-simulate the best few with execution noise and keep the
one that does best on average (robust, not lucky).

The budget counts simulated shots and engine events (deterministic: the same seed gives the
same choice on any machine) and, when a deadline is given, the wall clock too (the window
uses one so a loaded machine never makes the player wait)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

import numpy as np

from billiard.ai.evaluate import POSITION, score
from billiard.ai.noise import Noise, stratified
from billiard.ai.rollout import Rollout, play
from billiard.ai.shots import Candidate
from billiard.errors import BilliardError
from billiard.game import Rules
from billiard.physics.params import Params
from billiard.physics.state import Balls
from billiard.table.cue_clearance import cue_elevation
from billiard.table.model import Table


MISS_VALUE = -1.0 * POSITION
# snooker: a pot's geometric chance counts as this many noisy copies. The best of several
# finalists on 16 copies each was potted 0.1 less often than its copies said (the winner's
# curse), most of all on thin cuts; the geometry itself was about right on the same shots
# (docs/computer-player.md), so it holds the copies' estimate back.
PRIOR_COPIES = 8.0
POT_KINDS = ("pot", "bank", "combo", "masse", "kiss", "cannon")  # shots meant to pot their target


EVENTS_PER_SIM = (
    40  # the event budget is max_sims x this (deterministic work limit; 25 cut level 5's noisy copies short)
)


@dataclass
class Budget:
    max_sims: int
    max_events: int
    deadline: float | None = None  # time.perf_counter() value
    sims: int = 0
    events: int = 0

    def left(self) -> bool:
        if self.sims >= self.max_sims or self.events >= self.max_events:
            return False
        return self.deadline is None or time.perf_counter() < self.deadline

    def grant(self, sims: int) -> None:
        """``sims`` more simulations (fewer when negative) on top of the level's deterministic
        budget, with their events; a wall-clock deadline still stops the search."""
        self.max_sims += sims
        self.max_events += sims * EVENTS_PER_SIM

    def on_top(self, most: int, run: Callable[[], int]) -> None:
        """``run`` (which returns the simulations it used) with ``most`` simulations granted on
        top of the budget; what it did not use goes back."""
        self.grant(most)
        self.grant(run() - most)


@dataclass
class Tried:
    """A simulated candidate: its score played as meant (``nominal``), whether it did what
    it is for, the rollout (kept for the look ahead), the noisy copies' scores and
    successes, and the next shot the look ahead found (``next_ball``). With ``leave_weight``
    the value of a success mixes the nominal leave with the mean score of the noisy copies
    that succeeded (where the cue ball really tends to stop: CueCard's way), so a pot whose
    position holds only when struck exactly is worth less than one whose leave is robust."""

    cand: Candidate
    nominal: float
    success: bool
    rollout: Rollout | None = None
    noisy: list[float] = field(default_factory=list)
    noisy_success: list[bool] = field(default_factory=list)
    planned: bool = False
    next_ball: str | None = None
    own_leaves: bool = False  # a kept table's worth is the mean over the copies that kept it (snooker)
    leave_weight: float = 0.0  # 8-ball, 9-ball: weight of the successful copies' own scores (their leaves)

    @property
    def prior_value(self) -> float:
        """The nominal score weighed by the a-priori chance of the pot (a missed pot is worth
        about what a turn handed over with a middling leave is)."""
        c = self.cand.chance if self.success else 1.0
        return c * self.nominal + (1 - c) * MISS_VALUE

    @property
    def value(self) -> float:
        """After noisy copies: the nominal score weighed by the estimated chance of success
        (the a-priori chance counts as one copy), a failed copy worth its own mean score."""
        n = len(self.noisy)
        if not n:
            return self.prior_value
        if not self.success:
            return (self.prior_value + n * float(np.mean(self.noisy))) / (1 + n)
        hits = sum(self.noisy_success)
        k = PRIOR_COPIES if self.own_leaves and self.cand.kind in POT_KINDS else 1.0
        c = (k * self.cand.chance + hits) / (k + n)
        failed = [v for v, ok in zip(self.noisy, self.noisy_success) if not ok]
        miss = float(np.mean(failed)) if failed else MISS_VALUE
        kept = self.nominal
        made = [v for v, ok in zip(self.noisy, self.noisy_success) if ok]
        if self.own_leaves and hits:  # each noisy pot leaves the cue ball elsewhere: speed control counts
            kept = (self.nominal + sum(made)) / (1 + hits)
        elif self.leave_weight and made:  # pool: the leave averaged over the copies that succeeded too
            kept = (1 - self.leave_weight) * self.nominal + self.leave_weight * float(np.mean(made))
        return c * kept + (1 - c) * miss

    @property
    def expected(self) -> float:
        runs = [self.success] + self.noisy_success
        return float(np.mean(runs))


def best_options(tried: Iterable[Tried], n: int) -> list[Tried]:
    """The best strike (by prior value) of each of the ``n`` best pot options (target and
    pocket) among ``tried``, best first: what steering and the pace sweep simulate again."""
    best: dict[tuple[str | None, str | None], Tried] = {}
    for t in sorted(tried, key=lambda t: -t.prior_value):
        best.setdefault((t.cand.target, t.cand.pocket), t)
    return list(best.values())[:n]


def succeeded(r: Rollout, me: int) -> bool:
    """The shot did what a shot is for: won, or kept the table, or (a safety) no foul."""
    o = r.outcome
    if o.game_over:
        return o.winner == me
    return o.next_player == me and not o.fouls


def shot_succeeds(kind: str, target: str | None, r: Rollout, me: int) -> bool:
    """The shot did what it was chosen for: a pot (direct, bank, combination) drops its
    target with no foul; a carom scores; a break, safety, kick or push-out is no foul."""
    o = r.outcome
    if kind in POT_KINDS:
        return target in o.pocketed and not o.fouls
    if kind == "carom":
        return o.next_player == me and not o.fouls
    return not o.fouls


class Search:
    """Simulate candidates for player ``me`` on the given table state."""

    def __init__(
        self,
        balls: Balls,
        table: Table,
        params: Params,
        rules: Rules,
        me: int,
        budget: Budget,
        position: bool = True,
        sigma: float | None = None,
        eight: float = 0.0,
        eight_ease: float = 0.0,
    ) -> None:
        """``sigma``: the player's own heading error (rad); given in snooker, it rates the
        leaves by the next pot's chance under it and averages them over the noisy copies
        (:func:`evaluate.score`); ``eight``: in 8-ball, a blocked 8 counts as a problem ball
        of the leaves, this much on the last group ball (:func:`evaluate.problems`);
        ``eight_ease``: in 8-ball, a kept table's perfect leave is worth this (0: the default)."""
        self.balls, self.table, self.params, self.rules, self.me = balls, table, params, rules, me
        self.budget = budget
        self.position = position
        self.sigma = sigma if rules.name == "snooker" else None
        self.eight = eight if rules.name == "8-ball" else 0.0
        self.eight_ease = eight_ease if rules.name == "8-ball" else 0.0
        self.leave_weight = 0.0  # given to the finalists (Tried.leave_weight); set by the player
        self.tried: list[Tried] = []

    def run(self, cand: Candidate) -> tuple[float, bool, Rollout] | None:
        """Simulate one strike (None when the budget is spent or the engine refuses it)."""
        if not self.budget.left():
            return None
        try:
            r = play(self.balls, self.table, self.params, self.rules, cand.strike, cand.push_out)
        except BilliardError:
            self.budget.sims += 1
            return None
        self.budget.sims += 1
        self.budget.events += len(r.events)
        return self.judge(r), succeeded(r, self.me), r

    def judge(self, r: Rollout, ease: float | None = None, position: bool | None = None) -> float:
        """``r`` scored for this search's player with its scoring terms (:func:`evaluate.score`);
        ``ease``: the leave when the look ahead knows it better than the geometry."""
        position = self.position if position is None else position
        return score(
            r, self.me, self.table, position, ease=ease, sigma=self.sigma, eight=self.eight, eight_ease=self.eight_ease
        )

    def beside(self, balls: Balls, rules: Rules) -> Search:
        """A search from another layout (the look ahead's next shot) that shares this one's
        budget, player and scoring terms."""
        return Search(
            balls,
            self.table,
            self.params,
            rules,
            self.me,
            self.budget,
            self.position,
            self.sigma,
            self.eight,
            self.eight_ease,
        )

    def playable(self, cand: Candidate) -> Candidate:
        """``cand`` with the cue raised as far as a real stick must be to clear the rails and
        the balls behind the cue ball (:mod:`table.cue_clearance`). The window raises every
        strike to that elevation, the computer's too: raised here, the search simulates the
        strike that will be played."""
        s = cand.strike
        e = cue_elevation(self.table, self.balls, self.rules.cue, s.heading_deg, s.tip, s.elevation_deg)
        return cand if e == s.elevation_deg else replace(cand, strike=s.replace(elevation_deg=e))

    def consider(self, cand: Candidate) -> Tried | None:
        cand = self.playable(cand)
        got = self.run(cand)
        if got is None:
            return None
        t = Tried(cand, *got, own_leaves=self.sigma is not None)
        self.tried.append(t)
        return t

    def best(self) -> Tried | None:
        return max(self.tried, key=lambda t: t.prior_value, default=None)

    def robustness(self, finalists: int, copies: int, noise: Noise, rng: np.random.Generator) -> Tried | None:
        """Re-simulate the best ``finalists`` until each has ``copies`` noisy strikes (stratified
        draws, :func:`noise.stratified`; a second call with more finalists or copies tops them
        up); the best mean."""
        ranked = sorted(self.tried, key=lambda t: -t.prior_value)[: max(1, finalists)]
        for t in ranked:
            t.leave_weight = self.leave_weight
        self._copy(ranked, copies, noise, rng)
        return max(ranked, key=lambda t: t.value, default=None)

    def recheck(self, top: int, copies: int, noise: Noise, rng: np.random.Generator) -> Tried | None:
        """The ``top`` candidates by their value after the noisy copies, topped up to ``copies``
        each; the best of them. The best of many candidates on 16 copies each is partly the one
        whose copies happened to be lucky (a scratch one time in ten goes unseen one time in
        five): more copies for the few that contend for the choice."""
        ranked = sorted((t for t in self.tried if t.noisy), key=lambda t: -t.value)[: max(1, top)]
        self._copy(ranked, copies, noise, rng)
        return max(ranked, key=lambda t: t.value, default=None)

    def _copy(self, ranked: list[Tried], copies: int, noise: Noise, rng: np.random.Generator) -> None:
        """Simulate noisy copies of ``ranked`` (in turn) until each has ``copies`` or the budget ends."""
        need = [max(0, copies - len(t.noisy)) for t in ranked]
        if any(need):
            draws = [stratified(n, rng) if n else np.empty((0, 5)) for n in need]
            for k in range(max(need)):
                for t, z, n in zip(ranked, draws, need):
                    if k >= n:
                        continue
                    noisy = Candidate(
                        noise.apply(t.cand.strike, rng, z[k]),
                        t.cand.kind,
                        t.cand.target,
                        t.cand.pocket,
                        t.cand.prior,
                        t.cand.push_out,
                    )
                    got = self.run(self.playable(noisy))
                    if got is None:
                        break
                    t.noisy.append(got[0])
                    t.noisy_success.append(got[1])
