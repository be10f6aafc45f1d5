"""The coach's slot in the game window: Q turns it on and off; while on, the installed coach
(``display.coach.Coach``, issue 27) is asked once per position and its line goes on the
message queue. The window only asks :meth:`CoachSlot.shot` what to draw."""

from __future__ import annotations

import math
from typing import Any, Callable

from billiard.app.cue import MIN_KEY_POWER
from billiard.app.messages import MessageQueue, Priority
from billiard.display.coach import Coach, CoachShot, coach_line
from billiard.formats.limits import power_of_speed


PLACE_EXACT_M = 0.0005  # the cue ball this near the coach's spot plays the coach's very heading
PLACE_NEAR_M = 0.01  # this near, the HUD does not send the player to the green ring


class CoachSlot:
    def __init__(self, messages: MessageQueue) -> None:
        self.coach: Coach | None = None  # set by whoever provides one
        self.on = False
        self.messages = messages
        self._last: tuple[tuple, CoachShot] | None = None
        self._shown = False  # the coach's line (or its thinking) is on the HUD
        self._laid_at: tuple = ()  # where the ball lay (and how often it was put down, taken up) when the cue was laid
        self.lay: Callable[[CoachShot, bool], bool] | None = None  # lays the player's cue on a shot
        self.placed: Callable[[], int] | None = None  # how many times the ball in hand was put down
        self.picked: Callable[[], int] | None = None  # how many times M took the ball up (it goes to the ring)
        self.unlay: Callable[[], None] | None = None  # hands the aim back to the pointer when Q hides the coach

    def toggle(self) -> str:
        """Q: on or off; says why not when no coach is installed ("" when all is well)."""
        self.on = not self.on and self.coach is not None
        if not self.on:
            self.messages.clear("coach")
            if self.unlay is not None:
                self.unlay()
        return "" if self.coach is not None else "no coach is installed in this game"

    def close(self) -> None:
        """Stop the coach's worker, if it has one (at exit)."""
        close = getattr(self.coach, "close", None)
        if callable(close):
            close()

    def shot(self, session, playing: bool) -> tuple[CoachShot | None, bool]:
        """The coach's shot for this position while on and ``playing`` (a person aiming), and
        whether to ask again next frame (the coach is still working, or it laid the cue during
        this frame's drawing: the next frame shows the cue and the view turned onto it)."""
        s = session
        if not self.on or self.coach is None or not playing:
            if self.on and self._shown:  # a shot, the other side's turn: no stale line or work
                self._last = None  # asked afresh after it (a new rack starts where the last one did)
                self.messages.clear("coach")
                stop = getattr(self.coach, "stop", None)
                if callable(stop):
                    stop()
                self._shown = False
            return None, False
        self._shown = True
        where = question(s)
        picks = self.picked() if self.picked is not None else 0
        laid_at = (s.cue_xy(), self.placed() if self.placed is not None else 0, picks)
        if self._last is None or self._last[0] != where:
            found = self.coach(s)
            if found is None:
                self.messages.post("Coach: thinking...", Priority.COACH, "coach")
                return None, True
            self._last = (where, found)
            self._lay(found, laid_at, fresh=True)
            # drawn again next frame: the cue was laid during this frame's drawing, after its view
            # and stick were placed (played: with nothing else moving the window went idle on a
            # frame that drew the coach's paths round a cue still pointing the old way)
            return found, True
        elif laid_at != self._laid_at:  # the ball moved or was put down: the same answer, the cue laid again
            # taken up again with M: carried onto the ring as by a fresh answer (ENTER puts it there)
            self._lay(self._last[1], laid_at, fresh=picks != self._laid_at[2])
            return self._last[1], True
        return self._last[1], False

    def _lay(self, found: CoachShot, laid_at: tuple, fresh: bool) -> None:
        """Lay the cue on ``found`` (``fresh``: a new answer, which may carry the ball in hand
        onto the coach's spot) and say it, with a word on the green ring when the ball is away."""
        self._laid_at = laid_at
        laid = self.lay(found, fresh) if self.lay is not None else True
        away = "" if laid or found.place is None else "; the coach plays it from the green ring"
        self.messages.post(coach_line(found, away), Priority.COACH, "coach")


def question(session) -> tuple:
    """What the coach's answer depends on: the position, and where the cue ball lies unless
    it is in hand (the coach then picks its own spot, wherever the player holds the ball, so
    moving it asks nothing new)."""
    here = None if session.ball_in_hand() else session.cue_xy()
    return (id(session), session.shots, session.rules.turn, here)


def lay_cue(controls, shot: CoachShot, carry: bool = False) -> bool:
    """Lay the player's cue on the coach's shot while the player aims: heading (the view turns
    with it), elevation, tip and the keyboard power of its speed, so SPACE plays it; the aim is
    locked (L unlocks, as does Q hiding the coach, or the next turn). When the
    coach plays from another spot (a ball in hand it would put elsewhere: its green ring shows
    where) the cue aims from where the ball lies at the coach's ghost ball, and False says the
    shot is not quite the coach's; without a ghost ball the cue is left alone. While the ball
    is carried, a new answer (``carry``) brings it onto the ring (ENTER puts it down there, the
    pointer takes it elsewhere); True when it lies there."""
    if not shot.stroke:  # "pass the shot back": no stroke to lay (the cue turned to heading 0)
        return True
    cx, cy = controls.board.cue_xy()
    if controls.phase == "place":
        if carry and shot.place is not None and controls.placement is not None:
            if controls.placement.hover(shot.place):
                cx, cy = shot.place
                _lay_power(controls, shot)  # the power bar shows the coach's before the ball is down
        return shot.place is not None and math.dist(shot.place, (cx, cy)) <= PLACE_NEAR_M
    if controls.phase != "aim":
        return False
    heading, away = shot.heading_deg, 0.0 if shot.place is None else math.dist(shot.place, (cx, cy))
    if away > PLACE_EXACT_M:
        if shot.ghost is not None:  # from elsewhere: the cue aims from where the ball lies at the ghost ball
            heading = math.degrees(math.atan2(shot.ghost[1] - cy, shot.ghost[0] - cx)) % 360.0
        elif away > PLACE_NEAR_M:
            return False
    controls.set_cue(heading, shot.elevation_deg, shot.tip)
    controls.aim_locked = True  # a nudge of the mouse would re-aim it: L unlocks (the HUD says so)
    _lay_power(controls, shot)
    return away <= PLACE_NEAR_M


def _lay_power(controls, shot: CoachShot) -> None:
    """The keyboard power of the coach's speed (SPACE plays it)."""
    if shot.speed is not None:
        controls.cue.key_power = max(MIN_KEY_POWER, power_of_speed(shot.speed, controls.max_speed))


class ComputerCoach:
    """The coach Q shows by default: level 5 of the computer player through issue 27's
    :class:`billiard.app.coach_view.CoachView` (its worker, its advice), given as a
    :data:`~billiard.display.coach.Coach`. The worker starts at the first question."""

    def __init__(self, inline: bool, noise: float) -> None:
        self.inline, self.noise = inline, noise
        self.view: Any = None  # the CoachView, made at the first question
        self._asked: tuple | None = None

    def __call__(self, session) -> CoachShot | None:
        import numpy as np

        from billiard.app.coach_view import CoachView

        if self.view is None:
            self.view = CoachView(processes=not self.inline, inline=self.inline, noise=self.noise)
        where = question(session)
        if where != self._asked:
            self.view.clear()
            self.view.ask(session)
            self._asked = where
        advice = self.view.advice or self.view.poll(session)
        if advice is None:
            return None
        strike = advice.decision.strike
        paths = sorted(advice.paths.values(), key=lambda p: not np.allclose(p[0], advice.cue_xy))  # cue ball first
        text = advice.line().removeprefix("Coach: ")
        return CoachShot(
            float(strike.heading_deg) if strike is not None else 0.0,
            advice.ghost,
            tuple(paths),
            float(advice.chance),
            text,
            float(strike.elevation_deg) if strike is not None else None,
            (float(strike.tip[0]), float(strike.tip[1])) if strike is not None else None,
            float(strike.speed) if strike is not None else None,
            advice.cue_xy if advice.decision.place is not None else None,
            strike is not None,
        )

    def stop(self) -> None:
        """Drop the question in hand (the balls roll, the other side plays)."""
        if self.view is not None:
            self.view.clear()
        self._asked = None

    def close(self) -> None:
        if self.view is not None:
            self.view.close()
