"""Thinking off the caller's thread: the window hands a decision to a worker process and
keeps drawing; each frame it polls for the answer.

The player goes to the worker by value; the worker sends back the decision, the player's count
of decisions and the state of its search Generator, so the next decision (and the noise of the
strike, drawn in the caller from the player's own arm Generator) follows the same sequence as a game played in one process: a seeded game is the
same in the window and headless. Where no process can be started, a thread does the work.
"""

from __future__ import annotations

import concurrent.futures as cf
from typing import Any, Mapping

from billiard.ai.player import ComputerPlayer, Situation
from billiard.ai.strike import Decision
from billiard.parent_watch import worker_pool, stop_pool


def _think(player: ComputerPlayer, situation: Situation) -> tuple[Decision, int, Mapping[str, Any]]:
    decision = player.decide(situation)
    return decision, player.decisions, player.rng.bit_generator.state


class _Done:
    """A finished job (``inline`` thinking: the answer is known when it is asked for)."""

    def __init__(self, value) -> None:
        self._value = value

    def done(self) -> bool:
        return True

    def result(self):
        return self._value


class Thinker:
    """One decision at a time in a worker (``processes=False``: a thread; ``inline``: right
    away in the caller, for scripted headless play that must not depend on the clock)."""

    def __init__(self, processes: bool = True, inline: bool = False) -> None:
        self._pool: cf.Executor | None = None
        self._processes = processes
        self._inline = inline
        self._job: cf.Future | _Done | None = None
        self._player: ComputerPlayer | None = None

    def _executor(self) -> cf.Executor:
        if self._pool is None:
            if self._processes:
                try:
                    self._pool = worker_pool()
                except (OSError, ValueError, NotImplementedError):
                    self._pool = None
            if self._pool is None:
                self._pool = cf.ThreadPoolExecutor(1, thread_name_prefix="billiard-ai")
        return self._pool

    @property
    def busy(self) -> bool:
        return self._job is not None

    @property
    def ready(self) -> bool:
        return self._job is not None and self._job.done()

    def start(self, player: ComputerPlayer, situation: Situation) -> None:
        """Begin thinking for ``player`` (ignored while a decision is under way)."""
        if self._job is not None:
            return
        self._player = player
        if self._inline:
            self._job = _Done(_think(player, situation))
            return
        try:
            self._job = self._executor().submit(_think, player, situation)
        except (cf.BrokenExecutor, RuntimeError):  # a dead worker: think in a thread from now on
            self._pool, self._processes = None, False
            self._job = self._executor().submit(_think, player, situation)

    def poll(self) -> Decision | None:
        """The decision once it is ready (the player's Generator is brought up to date)."""
        if self._job is None or not self._job.done():
            return None
        job, self._job = self._job, None
        decision, decisions, state = job.result()
        assert self._player is not None, "set with the job"
        self._player.decisions = decisions
        self._player.rng.bit_generator.state = state
        return decision

    def cancel(self) -> None:
        """Forget the decision under way (a new game, the menu); the worker finishes it unseen."""
        self._job = None

    def close(self) -> None:
        self._job = None
        if self._pool is not None:
            stop_pool(self._pool)
            self._pool = None


def _advise(
    situation: Situation,
    noise: float,
    seed: int | None,
    player: ComputerPlayer | None,
    deadline: bool = True,
    drill: Any = None,
) -> Any:
    from billiard.ai.coach import advise

    return advise(situation, noise=noise, seed=seed, deadline=deadline, player=player, drill=drill)


class Coaching:
    """The coach's advice computed off the caller's thread (the same worker kinds as
    :class:`Thinker`): ``start`` once, ``poll`` each frame until it gives the Advice."""

    def __init__(self, processes: bool = True, inline: bool = False) -> None:
        self._thinker = Thinker(processes, inline)
        self._job: cf.Future | _Done | None = None

    @property
    def busy(self) -> bool:
        return self._job is not None

    @property
    def inline(self) -> bool:
        return self._thinker._inline

    def start(
        self,
        situation: Situation,
        noise: float,
        seed: int | None = 0,
        player: ComputerPlayer | None = None,
        drill: Any = None,
    ) -> None:
        """Begin: level 5 (or ``player``) from ``situation``, rated at noise ``noise``; in a
        ``drill`` (:class:`billiard.practice.drills.Drill`), for the drill's goal."""
        if self._job is not None:
            return
        if self._thinker._inline:  # scripted headless play: the same advice on any machine (no clock)
            self._job = _Done(_advise(situation, noise, seed, player, deadline=False, drill=drill))
            return
        try:
            self._job = self._thinker._executor().submit(_advise, situation, noise, seed, player, True, drill)
        except (cf.BrokenExecutor, RuntimeError):
            self._thinker._pool, self._thinker._processes = None, False
            self._job = self._thinker._executor().submit(_advise, situation, noise, seed, player, True, drill)

    def poll(self) -> Any:
        """The Advice once ready, else None."""
        if self._job is None or not self._job.done():
            return None
        job, self._job = self._job, None
        return job.result()

    def cancel(self) -> None:
        self._job = None

    def close(self) -> None:
        self._job = None
        self._thinker.close()
