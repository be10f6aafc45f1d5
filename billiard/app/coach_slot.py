"""The coach's slot in the game window: Q turns it on and off; while on, the installed coach
(``display.coach.Coach``, issue 27) is asked once per position and its line goes on the
message queue. The window only asks :meth:`CoachSlot.shot` what to draw."""
from __future__ import annotations

from billiard.app.messages import MessageQueue, Priority
from billiard.display.coach import Coach, CoachShot, coach_line


class CoachSlot:
    def __init__(self, messages: MessageQueue) -> None:
        self.coach: Coach | None = None          # set by whoever provides one
        self.on = False
        self.messages = messages
        self._last: tuple[tuple, CoachShot] | None = None

    def toggle(self) -> str:
        """Q: on or off; says why not when no coach is installed ("" when all is well)."""
        self.on = not self.on and self.coach is not None
        if not self.on:
            self.messages.clear("coach")
        return "" if self.coach is not None else "no coach is installed in this game"

    def shot(self, session, playing: bool) -> tuple[CoachShot | None, bool]:
        """The coach's shot for this position while on and ``playing`` (a person aiming), and
        whether to ask again next frame (the coach is still working)."""
        s = session
        if not self.on or self.coach is None or not playing:
            return None, False
        where = (id(s), s.shots, s.rules.turn, s.cue_xy())
        if self._last is None or self._last[0] != where:
            found = self.coach(s)
            if found is None:
                self.messages.post("Coach: thinking...", Priority.HINT, "coach")
                return None, True
            self._last = (where, found)
            self.messages.post(coach_line(found), Priority.INFO, "coach")
        return self._last[1], False
