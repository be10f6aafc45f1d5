"""Practice's set-up editor: balls put down and taken off by hand, each change one undo step
(split out of the session, issue 25). It works on the session's balls, table and rules and
records each change in the session's history."""

from __future__ import annotations

from typing import TYPE_CHECKING

from billiard.game.outcome import IN_HAND_ANYWHERE
from billiard.game.spotting import put_on_table
from billiard.physics.state import Motion
from billiard.practice import placement

if TYPE_CHECKING:
    from billiard.app.session import Session


class SetupEditor:
    def __init__(self, session: "Session") -> None:
        self.session = session

    def ids(self) -> tuple[str, ...]:
        """Every ball of the game's set (those off the table can be added)."""
        return self.session.balls.ids

    def off_table(self) -> tuple[str, ...]:
        b = self.session.balls
        return tuple(i for i, m in zip(b.ids, b.motion) if m == Motion.POCKETED)

    def why_illegal(self, ball: str, x: float, y: float) -> str | None:
        """None when ``ball`` may be put down at (x, y) (itself ignored where it lies now)."""
        return placement.why_illegal(self.session.table, self.session.balls, ball, x, y)

    def ball_at(self, x: float, y: float) -> str | None:
        """The ball on the table under the bed point (x, y), if any."""
        return placement.nearest_ball(self.session.balls, x, y)

    def snap_spot(self, ball: str, x: float, y: float) -> tuple[float, float] | None:
        """Where SHIFT puts ``ball`` from (x, y): frozen to a cushion or ball, or on a spot."""
        return placement.snap(self.session.table, self.session.balls, ball, x, y)

    def place(self, ball: str, x: float, y: float) -> bool:
        """Move or add ``ball`` to (x, y) at rest; refused (False, nothing changed) on an
        illegal spot. One undo step."""
        s = self.session
        if s.in_shot or self.why_illegal(ball, x, y) is not None:
            return False
        snap = s.snapshot("set-up")
        put_on_table(s.balls, ball, (x, y))
        s.past.push(snap)
        if ball == s.rules.cue and s.in_hand is None and s.rules.allows_undo and s.drill is None:
            s.in_hand = IN_HAND_ANYWHERE
        s.keep_previous()
        return True

    def remove(self, ball: str) -> bool:
        """Take ``ball`` off the table (never the cue ball). One undo step."""
        s = self.session
        b = s.balls
        i = b.index(ball)
        if s.in_shot or ball == s.rules.cue or b.motion[i] == Motion.POCKETED:
            return False
        snap = s.snapshot("set-up")
        b.vel[i] = b.omega[i] = 0.0
        b.motion[i] = Motion.POCKETED
        b.pocket[i] = None
        s.past.push(snap)
        s.keep_previous()
        return True
