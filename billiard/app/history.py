"""The match's history: what undo and retry put back, bit for bit (split out of the session,
issue 25). The session hands over its state through :meth:`Session.snapshot` and takes it
back through :meth:`Session.restore`; the steps and the rules for going back live here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from billiard.app.commands import StrikeCommand
from billiard.game import Rules
from billiard.physics.state import Balls

if TYPE_CHECKING:
    from billiard.app.session import Session

HISTORY = 50  # undo steps kept


@dataclass
class Snapshot:
    """What undo restores, bit for bit: the balls, the ball in hand and the whole rule state
    (turn, scores, groups, fouls...) as they were before a shot (``kind`` "shot", with the
    ``strike`` played from it) or before a set-up change (``kind`` "set-up")."""

    balls: Balls
    in_hand: str | None
    scores: list[int]
    rules: Rules | None = None
    pocketed: list[str] = field(default_factory=list)
    kind: str = "shot"
    strike: StrikeCommand | None = None
    pocketed_by: dict[str, int] = field(default_factory=dict)


@dataclass
class History:
    """The undo steps (newest last, at most HISTORY) and the state the last shot was played
    from (what retry puts back)."""

    steps: list[Snapshot] = field(default_factory=list)
    last_start: Snapshot | None = None

    def push(self, snap: Snapshot) -> None:
        self.steps = (self.steps + [snap])[-HISTORY:]

    def shot_from(self, snap: Snapshot) -> None:
        """A shot is played from ``snap``: one undo step, and what retry puts back."""
        self.push(snap)
        self.last_start = snap

    def undo(self, session: "Session") -> bool:
        """Put back the state before the last shot or set-up change, bit for bit."""
        if not session.undo_allowed or session.in_shot or not self.steps:
            return False
        session.restore(self.steps.pop())
        return True

    def retry(self, session: "Session") -> StrikeCommand | None:
        """Put the balls back where the last shot was played from (also while it rolls: the
        shot is abandoned) and return its strike, so the cue can be set as it was."""
        snap = self.last_start
        if not session.undo_allowed or snap is None:
            return None
        if session.in_shot:
            session.abandon_shot()
        if self.steps and self.steps[-1] is snap:
            self.steps.pop()
        session.restore(snap)
        return snap.strike
