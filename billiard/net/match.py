"""One online match on this side: the local :class:`Session` kept in step with the peer's.

Only the actions cross the wire, never the balls' flight: the acting side plays its action
on its session and sends it with the hash of the state it was played from and the end state
it got; the other side checks the action (its turn, the ball in hand's spot, the start
hash), plays it on its own session and compares. Engines that differ at round-off (another
CPU, another numpy) can end a shot apart: then the shooter's end state is taken and a resync
counted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from billiard.app.controls import StrikeCommand
from billiard.app.session import Session
from billiard.errors import BilliardError
from billiard.net.codec import ProtocolError
from billiard.formats.limits import MAX_HEADING_DEG
from billiard.formats.strike import Strike
from billiard.net.messages import Action, Chat, Decision, EndState, Shot
from billiard.net.race import Standing, rack_seed_of
from billiard.net.state import adopt, capture, session_hash, state_hash
from billiard.replay.capture import shot_from_balls


@dataclass
class NetStats:
    """What crossed the wire in one match, for the summary's ``network`` block."""

    shots_sent: int = 0
    shots_received: int = 0
    resyncs: int = 0
    reconnects: int = 0
    round_trips_ms: list[float] = field(default_factory=list)

    def summary(self, role: str, peer: str) -> dict:
        rt = self.round_trips_ms
        return {
            "role": role,
            "peer": peer,
            "shots_sent": self.shots_sent,
            "shots_received": self.shots_received,
            "resyncs": self.resyncs,
            "reconnects": self.reconnects,
            "latency_ms_median": round(float(np.median(rt)), 3) if rt else None,
        }


Record = Callable[[dict, int, list[int]], None]
NewRack = Callable[[int, int], Session]  # (breaker, rack number) -> the next rack's session, installed


def fresh_rack(old: Session, seed: int, rack: int, breaker: int) -> Session:
    """The session of the match's rack number ``rack`` after ``old``: racked from the room's
    seed, the same players, the racks won carried where the score counts them (pool), broken
    by ``breaker`` (what the window's next rack does too)."""
    from billiard.app.setup import new_session

    s = new_session(old.mode, old.table.name, rack_seed_of(seed, rack))
    s.rules.players = old.rules.players
    if old.rules.rack_points:
        s.rules.scores = list(old.rules.scores)
    s.set_breaker(breaker)
    return s


class Match:
    """``session`` played by ``seat`` (0 or 1; None for a spectator). ``record(shot, player,
    scores)``, when given, gets every stroke of the match, this side's and the peer's, as a
    shot file dict once it has rolled out (the game's :class:`Recorder` takes it).

    A match is a race to ``race`` racks: once a rack is over and the match is not, the next
    rack's breaker sends ``next_rack``; ``new_rack(breaker, rack)`` sets that rack up here
    (default: :func:`fresh_rack` from the room's ``seed``) and returns its session."""

    def __init__(
        self,
        session: Session,
        seat: int | None,
        record: Record | None = None,
        race: int = 1,
        seed: int = 0,
        new_rack: NewRack | None = None,
    ) -> None:
        self.session = session
        self.seat = seat
        self.stats = NetStats()
        self.chat: list[tuple[int, str]] = []
        self.record = record
        self.seed = seed
        self.standing = Standing(session.mode, race, breaker=int(session.rules.turn))
        self.new_rack = new_rack or (lambda breaker, rack: fresh_rack(self.session, seed, rack, breaker))
        self.shots_before = 0  # strokes of the racks left behind
        self._rolling: tuple[dict, int] | None = None

    @property
    def rack_over(self) -> bool:
        return self.session.rules.game_over

    @property
    def over(self) -> bool:
        """The match is decided (its last rack won, or a resignation)."""
        r = self.session.rules
        return self.standing.over(r.game_over, r.winner)

    @property
    def shots(self) -> int:
        """Strokes played in the whole match."""
        return self.shots_before + self.session.shots

    def score(self) -> list[int]:
        """Racks won by each player (the current one counted once over)."""
        r = self.session.rules
        return self.standing.score(r.game_over, r.winner)

    def next_breaker(self) -> int | None:
        """Who breaks the next rack, when the rack is over and the match is not (else None)."""
        if not self.rack_over or self.over:
            return None
        return self.standing.breaker_after(self.session.rules.winner)

    def my_next_rack(self) -> bool:
        """This side is to start the next rack (its breaker)."""
        return self.seat is not None and self.next_breaker() == self.seat and not self.session.in_shot

    def summary(self) -> dict:
        """The race's part of a summary: its length, racks won, each rack left, who resigned."""
        r = self.session.rules
        done = self.standing.results + [
            {
                "rack": self.standing.rack,
                "winner": r.winner,
                "shots": self.session.shots,
                "scores": list(r.scores),
                "end_hash": session_hash(self.session),
            }
        ]
        return {
            "race": self.standing.race,
            "racks_won": self.score(),
            "racks": done,
            "match_over": self.over,
            "resigned": self.standing.resigned,
        }

    def my_turn(self) -> bool:
        return (
            self.seat is not None
            and not self.rack_over
            and not self.session.in_shot
            and self.session.rules.turn == self.seat
        )

    # -- this side acts -------------------------------------------------------------------
    def strike(self, cmd: StrikeCommand, push_out: bool = False) -> Shot:
        """Play a stroke here to the end and give the message that tells the peer. A ball in
        hand is played from where the cue ball lies now: the start hash is of the table with
        it put down (the peer puts it there, then compares)."""
        s = self.session
        if push_out and not getattr(s.rules, "push_declared", False):
            s.rules.declare_push_out()
        cmd = sendable(cmd)
        stroke = self.prepare(cmd)
        self._start(cmd)
        while s.in_shot:
            s.tick()
        self._recorded()
        return self.finish(stroke)

    def prepare(self, cmd: StrikeCommand) -> Shot:
        """Just before this side's stroke is struck (the window strikes it, its loop ticks it):
        what the peer needs of it but the end state (filled by :meth:`finish`)."""
        s = self.session
        start = state_hash(capture(s))
        place = s.cue_xy() if s.ball_in_hand() else None
        push_out = bool(getattr(s.rules, "push_declared", False))
        strike = Strike(
            float(cmd.speed),
            float(cmd.heading_deg),
            float(cmd.elevation_deg),
            (float(cmd.tip[0]), float(cmd.tip[1])),
            ball=s.rules.cue,
        )
        return Shot(strike, start, capture(s), start, place, push_out, intent=s.intent)

    def finish(self, stroke: Shot) -> Shot:
        """The stroke prepared, once it has rolled out here: with its end state and hash."""
        end = capture(self.session)
        self.stats.shots_sent += 1
        return Shot(
            stroke.strike,
            stroke.start_hash,
            end,
            state_hash(end),
            stroke.place,
            stroke.push_out,
            time.time(),
            stroke.intent,
        )

    def decide(self, what: str, choice: str = "", act: Callable[[], None] | None = None) -> Decision:
        """A rule decision here: ``pass_back``, ``resign``, or ``answer`` the rules' pending
        decision with ``choice`` (a re-rack, a free ball, a called pocket...). ``act`` carries
        it out instead of the plain rule call (the window's handler, which also resets its
        controls); the message for the peer."""
        seat = self.session.rules.turn if self.seat is None else self.seat
        start = state_hash(capture(self.session))
        if what == "next_rack":
            self._next_rack(seat)
        elif act is not None:
            act()
        else:
            self._decide(what, seat, choice)
        end = capture(self.session)
        return Decision(what, start, end, state_hash(end), choice)  # type: ignore[arg-type]

    # -- the peer acted -------------------------------------------------------------------
    def begin(self, seat: int, action: Action) -> bool:
        """Check the peer's action and start it on this session: a stroke is struck (the
        caller ticks it, animated or not, then calls :meth:`settle`); True when a stroke is
        under way (a chat line changes nothing). A bad action raises :class:`ProtocolError`."""
        if isinstance(action, Chat):
            return False
        s = self.session
        if s.in_shot:
            raise ProtocolError("an action arrived while a shot is rolling")
        if self.over:
            raise ProtocolError("an action arrived after the match was over")
        if s.rules.game_over and not (isinstance(action, Decision) and action.what in ("next_rack", "resign")):
            raise ProtocolError("an action arrived after the rack was over (the next rack is a decision)")
        if isinstance(action, Decision):
            self._check_start(action.start_hash)
            if action.what == "pass_back" and seat != s.rules.turn:
                raise ProtocolError(f"player {seat + 1} acted out of turn")
            try:
                if action.what == "next_rack":
                    self._next_rack(seat)
                else:
                    self._decide(action.what, seat, action.choice)
            except BilliardError as exc:
                raise ProtocolError(f"refused decision '{action.what}': {exc}") from None
            self._compare(action.end, action.end_hash)
            return False
        cmd = self.check_stroke(seat, action)
        try:
            self._start(cmd)
        except BilliardError as exc:
            raise ProtocolError(f"refused stroke: {exc}") from None
        return True

    def check_stroke(self, seat: int, action: Shot) -> StrikeCommand:
        """Check the peer's stroke and set it up here (the ball in hand put down, a push-out
        declared); the command to strike (the window plays it through its controls, so the
        peer's cue is seen aiming and striking). A bad stroke raises :class:`ProtocolError`."""
        s = self.session
        if s.in_shot:
            raise ProtocolError("a stroke arrived while a shot is rolling")
        if s.rules.game_over:
            raise ProtocolError("a stroke arrived after the game was over")
        if seat != s.rules.turn:
            raise ProtocolError(f"player {seat + 1} played out of turn")
        if action.strike.ball != s.rules.cue:
            raise ProtocolError(f"the strike is on '{action.strike.ball}', not on the cue ball '{s.rules.cue}'")
        if s.ball_in_hand():
            if action.place is None or not s.place_cue(*action.place):
                raise ProtocolError(f"ball in hand put down on an illegal spot {action.place}")
        elif action.place is not None:
            raise ProtocolError("a ball in hand was put down without ball in hand")
        self._check_start(action.start_hash)
        try:
            if action.push_out and not getattr(s.rules, "push_declared", False):
                s.rules.declare_push_out()
        except BilliardError as exc:
            raise ProtocolError(f"refused push-out: {exc}") from None
        s.intent = action.intent
        k = action.strike
        return StrikeCommand(k.speed, k.heading_deg, k.elevation_deg, k.tip)

    def settle(self, action: Shot) -> bool:
        """After the peer's stroke has rolled out here: compare with the shooter's end state
        and take it when they differ; True on a resync."""
        self.stats.shots_received += 1
        self._recorded()
        return self._compare(action.end, action.end_hash)

    def apply(self, seat: int, action: Action) -> bool:
        """:meth:`begin`, the stroke ticked to its end without pictures, :meth:`settle`."""
        if not self.begin(seat, action):
            return False
        s = self.session
        while s.in_shot:
            s.tick()
        assert isinstance(action, Shot), "only a stroke rolls"
        return self.settle(action)

    def _next_rack(self, seat: int) -> None:
        """The rack is over, the match is not: ``seat`` (its breaker) starts the next one."""
        s = self.session
        breaker = self.next_breaker()
        if breaker is None:
            raise ProtocolError("no next rack: the rack is not over, or the match is")
        if seat != breaker:
            raise ProtocolError(f"the next rack is player {breaker + 1}'s to break, not player {seat + 1}'s")
        self.standing.advance(s.rules.winner, s.shots, list(s.rules.scores), session_hash(s))
        self.shots_before += s.shots
        self.session = self.new_rack(breaker, self.standing.rack)

    def _decide(self, what: str, seat: int, choice: str) -> None:
        s = self.session
        if what == "resign" and s.rules.game_over and s.rules.winner is not None:
            self.standing.wins[s.rules.winner] += 1  # between racks: the rack just won counts
        _decision(s, what, seat, choice)
        if what == "resign":
            self.standing.resigned = seat

    def _start(self, cmd: StrikeCommand) -> None:
        s = self.session
        shot = None
        if self.record is not None:
            shot = shot_from_balls(
                s.balls,
                s.table.name,
                {
                    "ball": s.rules.cue,
                    "speed": cmd.speed,
                    "heading_deg": cmd.heading_deg,
                    "elevation_deg": cmd.elevation_deg,
                    "tip": list(cmd.tip),
                },
                s.params,
            )
        player = s.rules.turn
        s.strike(cmd)
        if shot is not None:
            self._rolling = (shot, player)

    def _recorded(self) -> None:
        if self._rolling is not None and self.record is not None:
            shot, player = self._rolling
            self._rolling = None
            self.record(shot, player, list(self.session.rules.scores))

    def _check_start(self, start_hash: str) -> None:
        if start_hash != state_hash(capture(self.session)):
            raise ProtocolError("the peer played from another state than this side's (out of step)")

    def _compare(self, end: EndState, end_hash: str) -> bool:
        if state_hash(end) != end_hash:
            raise ProtocolError("the peer's end state does not match its own hash")
        if session_hash(self.session) == end_hash:
            return False
        adopt(self.session, end)
        self.stats.resyncs += 1
        return True


def sendable(cmd: StrikeCommand) -> StrikeCommand:
    """``cmd`` with its heading within one turn (messages carry |heading| <= 360 degrees);
    the side that plays it strikes this very command, so both sides strike the same."""
    h = float(cmd.heading_deg)
    if -MAX_HEADING_DEG <= h <= MAX_HEADING_DEG:
        return cmd
    return StrikeCommand(cmd.speed, h % 360.0, cmd.elevation_deg, cmd.tip)


def _decision(session: Session, what: str, seat: int, choice: str = "") -> None:
    rules = session.rules
    if what == "answer":
        pending = rules.pending
        if pending is None or pending.player != seat:
            raise ProtocolError(f"player {seat + 1} answered a decision that is not theirs to make")
        session.answer(choice)
    elif what == "pass_back":
        rules.pass_back()
    elif what == "resign":
        rules.game_over, rules.winner = True, 1 - seat
        rules.message = f"{rules.players[1 - seat]} wins: {rules.players[seat]} resigned the match"
    else:
        raise ProtocolError(f"unknown decision '{what}'")
