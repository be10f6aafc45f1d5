"""The coach in the window: a key asks level 5 what it would play from here (in the worker,
:class:`billiard.ai.worker.Coaching`); once the answer comes the cue is laid on its aim
(heading, elevation, spin and the keyboard power of its speed, so SPACE plays it), and
the overlay shows the balls' paths and its ghost ball; the HUD line says what it plays,
how often that works at the player's noise and the next ball. The advice holds while the
table stays as it was asked for; any shot, placement or new game clears it."""

from __future__ import annotations

import numpy as np

from billiard.ai import ComputerPlayer, Level, Situation
from billiard.ai.coach import Advice
from billiard.ai.worker import Coaching
from billiard.app.coach_slot import question
from billiard.render.scene import Polyline

CUE_PATH = (1.0, 1.0, 1.0, 0.8)
OBJECT_PATH = (1.0, 0.85, 0.2, 0.8)
SPOT_MARK = (0.3, 1.0, 0.4, 0.8)
DEFAULT_NOISE = 1.0  # the player's noise magnitude the chance is given at (FastFiz scale)


class CoachView:
    """``ask(session)`` on the key; ``poll(session)`` each frame (the HUD line when the
    advice arrives); ``paths()`` and ``ghost()`` for the overlay while it is shown."""

    def __init__(
        self, processes: bool = True, inline: bool = False, noise: float = DEFAULT_NOISE, level: Level | None = None
    ) -> None:
        self.worker = Coaching(processes, inline)
        self.noise = noise
        self.level = level  # level 5 unless told (tests use a small search)
        self.advice: Advice | None = None
        self._asked: tuple | None = None

    def ask(self, session) -> str:
        """Start the advice for the table as it is (a second press hides it)."""
        if self.advice is not None:
            self.clear()
            return "Coach hidden"
        if session.in_shot or session.rules.game_over:
            return "Coach: wait for the balls to stop"
        self._asked = question(session)
        player = (
            ComputerPlayer(self.level, seed=session.shots, deadline=not self.worker.inline)
            if self.level is not None
            else None
        )
        drill = session.drill.drill if session.drill is not None else None  # the coach plays for its goal
        self.worker.start(Situation.of_session(session), self.noise, seed=session.shots, player=player, drill=drill)
        return "Coach: thinking..."

    def poll(self, session) -> Advice | None:
        """The advice, the frame it arrives (None otherwise, or when the table changed)."""
        got = self.worker.poll()
        if got is None:
            if self.advice is not None and question(session) != self._asked:
                self.clear()
            return None
        if question(session) != self._asked:
            return None
        self.advice = got
        return got

    def clear(self) -> None:
        self.worker.cancel()
        self.advice = None
        self._asked = None

    def paths(self) -> tuple[Polyline, ...]:
        a = self.advice
        if a is None:
            return ()
        out = [
            Polyline(np.asarray(p), CUE_PATH if bid == _cue(a) else OBJECT_PATH, 0.004)
            for bid, p in a.paths.items()
            if len(p) > 1
        ]
        if a.decision.place is not None:
            x, y = a.decision.place
            ring = np.linspace(0, 2 * np.pi, 25)
            out.append(Polyline(np.c_[x + 0.035 * np.cos(ring), y + 0.035 * np.sin(ring)], SPOT_MARK, 0.003))
        return tuple(out)

    def ghost(self) -> tuple[float, float] | None:
        return None if self.advice is None else self.advice.ghost

    def close(self) -> None:
        self.worker.close()


def _cue(a: Advice) -> str:
    """The struck ball's id: the path that starts where the cue ball was struck from."""
    for bid, p in a.paths.items():
        if np.allclose(p[0], a.cue_xy):
            return bid
    return "cue"
