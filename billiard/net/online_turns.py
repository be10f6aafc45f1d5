"""The other player's turns in the window, when that player is online.

:class:`OnlineTurns` takes the place the computer's turns have in the game
(``billiard.app.computer_turns``: ``update`` once a frame, ``on_turn`` to hold the local
input): the peer's strokes arrive from :class:`~billiard.net.bridge.NetThread`, are checked,
and are played through the controls, so the peer's cue is seen aiming and striking and the
stroke is animated, heard and recorded like a local one; this side's strokes go out once
they have rolled out. A dropped connection pauses the match with a line saying whose
return is awaited and a countdown; a chat line shows on the HUD.
"""

from __future__ import annotations

import collections
import time
from typing import Any, Callable

from billiard.app.computer_turns import AIM_S, READY, STROKE_S
from billiard.app.controls import StrikeCommand
from billiard.app.session import Session
from billiard.errors import BilliardError
from billiard.net.bridge import Fatal, NetThread, Said
from billiard.net.client import Received
from billiard.net.codec import ProtocolError
from billiard.net.match import Match, sendable
from billiard.net.messages import Chat, Decision, Entry, Presence, Shot, Welcome
from billiard.net.player import paused_line

NewRack = Callable[[int, int], Session]
RACK_END_S = 4.0  # s a rack's end shows before the peer's next rack is racked here


def rack_starter(game, welcome: Welcome) -> NewRack:
    """The race's next rack in the window's game (a :class:`GameController`): racked from the
    room's seed as the peer racks it, the racks won carried, broken by ``breaker``."""
    from billiard.net.race import rack_random

    def start_rack(breaker: int, rack: int) -> Session:
        old = game.session
        game.racks = rack_random(welcome.seed, rack)
        game.start(welcome.mode, welcome.table, old.rules.scores if old.rules.rack_points else None, breaker)
        game.rack_number = rack
        game.session.rules.players = old.rules.players  # the room's names (not the local ones)
        return game.session

    return start_rack


class OnlineTurns:
    """One side of an online match in the window (``welcome.seat`` None: a spectator)."""

    def __init__(self, net: NetThread, welcome: Welcome) -> None:
        self.net = net
        self.seat = welcome.seat
        self.players = list(welcome.players)
        self.connected = [True] * len(self.players)
        self.match: Match | None = None
        self.incoming: collections.deque[Entry] = collections.deque()
        self.local: Shot | None = None  # this side's stroke, rolling
        self.peer: Shot | None = None  # the peer's stroke, being played here
        self.peer_from = 0  # session.shots when the peer's stroke was started
        self.waiting: tuple[int, float] | None = None  # (seat, monotonic deadline) while paused
        self.ended: str | None = None  # the connection ended for good (why)
        self.chat: list[tuple[int, str]] = []
        self.resyncs = 0
        self.caught_up = 0  # strokes of the match so far replayed at once
        self.chat_box: object = None  # the window's chat line (kept alive here)
        self._shown = ""
        self.race, self.seed = welcome.race, welcome.seed
        self.start_rack: NewRack | None = None  # the window's next rack (go_online sets it)
        self.tell: Callable[[str], None] | None = None  # a line on the game's message queue
        # a passing line (the match starts, or goes on after a pause): gone once the next shot
        # is judged, like the rules' opening notes, where ``tell``'s lines (chat) stay longer
        self.note: Callable[[str], None] | None = None
        self.aim: Callable[[], None] | None = None  # point the cue at a legal ball (the window's)
        self._rack_told: int | None = None  # id of the session whose end was told
        self._rack_end_at: float | None = None  # when it was (monotonic)
        self.rack_end_s = RACK_END_S

    # -- the game's hooks -----------------------------------------------------------------
    def attach(self, handlers: dict[str, Callable[[Any], None]]) -> None:
        """Route the game's actions through the match: strokes (this side's are sent, the
        peer's are struck exactly as sent), pass back, and refuse what an online match cannot
        do (undo, a new rack before the match is decided here)."""
        strike = handlers["strike"]

        def on_strike(cmd: StrikeCommand) -> None:
            if self.peer is not None:
                k = self.peer.strike  # the controls' stroke was the animation only
                strike(StrikeCommand(k.speed, k.heading_deg, k.elevation_deg, k.tip))
                return
            why = self.why_not_local()
            if why:
                raise BilliardError(why)
            assert self.match is not None, "update() binds the match first"
            cmd = sendable(cmd)
            self.local = self.match.prepare(cmd)
            strike(cmd)

        def on_pass(_: Any) -> None:
            why = self.why_not_local()
            if why:
                raise BilliardError(why)
            assert self.match is not None, "update() binds the match first"
            self.net.send(self.match.decide("pass_back"))

        def on_next_rack(_: Any) -> None:
            m = self.match
            if m is None or not m.rack_over:
                raise BilliardError("the rack is not over")
            if m.over:
                raise BilliardError(self.match_line())
            why = self.why_not_local(answering=True)
            if why:
                raise BilliardError(why)
            breaker = m.next_breaker()
            assert breaker is not None, "a rack over in a match not over has a next breaker"
            if breaker != self.seat:
                raise BilliardError(f"{self._name(breaker)} breaks the next rack: waiting for them")
            self.net.send(m.decide("next_rack"))

        decide = handlers["decide"]

        def on_decide(option: str) -> None:
            why = self.why_not_local(answering=True)
            if why:
                raise BilliardError(why)
            assert self.match is not None, "update() binds the match first"
            pending = self.match.session.rules.pending
            if pending is not None and pending.player != self.seat:
                raise BilliardError(f"that is {self.players[pending.player]}'s decision")
            self.net.send(self.match.decide("answer", option, act=lambda: decide(option)))

        def refused(what: str) -> Callable[[Any], None]:
            def refuse(_: Any) -> None:
                raise BilliardError(f"{what} is not available in an online match")

            return refuse

        handlers.update(
            {
                "strike": on_strike,
                "pass": on_pass,
                "decide": on_decide,
                "undo": refused("undo"),
                "next-rack": on_next_rack,
            }
        )

    def why_not_local(self, answering: bool = False) -> str:
        """Why this side may not act now ('' when it may); ``answering`` a rule's decision,
        which may be this side's on the other player's turn."""
        if self.ended:
            return self.ended
        if self.seat is None:
            return "you are watching this match"
        if len(self.players) < 2:
            return "waiting for the other player to join"
        if self.waiting is not None:
            return self.pause_line() or "the match is paused"
        if self.incoming or self.peer is not None:
            return "the other player's stroke is being played"
        if not answering and self.match is not None and self.match.rack_over:
            return self.rack_line()
        if not answering and self.match is not None and self.match.session.rules.turn != self.seat:
            return f"it is {self.players[1 - self.seat]}'s turn"
        return ""

    def demo(self) -> bool:
        return False

    def waiting_next_rack(self, session: Session) -> bool:
        return False

    def next_rack_due(self, session: Session, dt: float) -> bool:
        return False

    def on_turn(self, session: Session) -> bool:
        """True while the local player may not aim or strike (the peer's turn, the peer's
        stroke, a pause, a spectator, the end of the connection)."""
        return self.peer is not None or bool(self.why_not_local()) and not session.rules.game_over

    def reset(self) -> None:
        """A new game was started in the window: the online match goes on as it was."""

    def close(self) -> None:
        self.net.close()

    # -- per frame ------------------------------------------------------------------------
    def update(self, session: Session, controls, say: Callable[[str], None]) -> None:
        """Once a frame. ``say`` is the computer's line, cleared on this side's turn: chat and
        the connection's lines go to the game's own message queue (``tell``) when there is one."""
        if self.tell is not None:
            say = self.tell
        if self.match is None or self.match.session is not session:
            old = self.match
            self.match = Match(session, self.seat, race=self.race, seed=self.seed, new_rack=self.start_rack)
            if old is not None:
                self.match.stats, self.match.standing = old.stats, old.standing
            self._name_players(session)
        before = self.caught_up
        for got in self.net.poll():
            self._take(got, session, say)
        if self.caught_up != before and not session.in_shot:
            controls.turn_ready()
            if self.aim is not None:
                self.aim()  # the cue at a legal ball, as at any turn's start
            say(f"caught up with the match: {session.shots} stroke(s) so far")
        line = self.pause_line()
        if line and line != self._shown:
            self._shown = line
            say(line)
        if self.local is not None and not session.in_shot and controls.phase != "strike":
            self.net.send(self.match.finish(self.local))
            self.local = None
        if self.peer is not None and session.shots > self.peer_from and not session.in_shot:
            if self.match.settle(self.peer):
                self.resyncs += 1
                say("this side's result differed from the shooter's: resynced")
            self.peer = None
        self._tell_rack_end()
        if (
            self.incoming
            and self.peer is None
            and self.local is None
            and not session.in_shot
            and controls.phase in READY
            and not self._holding_next_rack()
        ):
            self._next(self.incoming.popleft(), session, controls, say)

    # -- a race of several racks ----------------------------------------------------------
    def _name(self, seat: int) -> str:
        return self.players[seat] if seat < len(self.players) else f"player {seat + 1}"

    def match_line(self) -> str:
        """The race's standing, e.g. 'race to 3: Ann 1, Bob 0'."""
        assert self.match is not None, "bound in update()"
        r = self.match.session.rules
        return self.match.standing.line(r.players, r.game_over, r.winner)

    def rack_line(self) -> str:
        """What follows a rack that is over: the match's end, or who breaks the next rack."""
        assert self.match is not None, "bound in update()"
        m = self.match
        if m.over:
            winner = m.session.rules.winner
            who = self._name(winner) if winner is not None else "nobody"
            return f"{who} wins the match" + (f" ({self.match_line()})" if self.race > 1 else "")
        breaker = m.next_breaker()
        assert breaker is not None, "a rack over in a match not over has a next breaker"
        if breaker == self.seat:
            return f"{self.match_line()}: ENTER to break the next rack"
        return f"{self.match_line()}: {self._name(breaker)} breaks the next rack"

    def rack_buttons(self) -> tuple[tuple[str, str], ...]:
        """The end-of-rack panel's buttons online: break the next rack (this side's to
        break), the breaker named (the other's), or the match over."""
        first = ("Next rack (ENTER)", "next-rack")
        m = self.match
        if m is not None and m.rack_over:
            breaker = m.next_breaker()
            if m.over:
                first = ("Match over", "menu")
            elif breaker is not None and breaker != self.seat:
                first = (f"{self._name(breaker)} breaks next", "next-rack")
        return (first, ("Replay the rack (R)", "replay-rack"), ("Menu (ESCAPE)", "menu"))

    def _tell_rack_end(self) -> None:
        """Once per rack, when it is over: the race's standing and who starts the next."""
        m = self.match
        if self.race <= 1 or m is None or not m.rack_over or m.session.in_shot or self.peer is not None:
            return  # one rack: the rules' own line says who won
        if self._rack_told != id(m.session):
            self._rack_told, self._rack_end_at = id(m.session), time.monotonic()
            if self.tell is not None:
                self.tell(self.rack_line())

    def _holding_next_rack(self) -> bool:
        """The peer's next rack waits until the rack's end has been seen here ``rack_end_s``
        (its panel, the score): a computer breaking at once would skip it."""
        head = self.incoming[0].action
        return (
            isinstance(head, Decision)
            and head.what == "next_rack"
            and self._rack_end_at is not None
            and time.monotonic() - self._rack_end_at < self.rack_end_s
        )

    def _next(self, entry: Entry, session: Session, controls, say: Callable[[str], None]) -> None:
        assert self.match is not None, "bound in update()"
        action = entry.action
        try:
            if isinstance(action, Decision):
                self.match.begin(entry.seat, action)
                controls.turn_ready()
                say(session.rules.message)
                return
            assert isinstance(action, Shot), "chat lines are shown as they come"
            cmd = self.match.check_stroke(entry.seat, action)
        except ProtocolError as exc:
            self._end(
                f"{self.players[entry.seat] if entry.seat < len(self.players) else 'the peer'}'s "
                f"action was refused ({exc}): the match stops",
                say,
            )
            return
        if controls.phase == "place":
            controls.put_down()
        self.peer, self.peer_from = action, session.shots
        if not controls.play(cmd, AIM_S, STROKE_S):  # no cue to animate: strike at once
            self.peer = None
            raise BilliardError("the peer's stroke could not be played")

    def _take(self, got: Received | Fatal | Said, session: Session, say: Callable[[str], None]) -> None:
        if isinstance(got, Fatal):
            self._end(got.message, say)
            return
        if isinstance(got, Said):
            say(got.message)
            return
        msg = got.message
        if isinstance(msg, Presence):
            self.players, self.connected = list(msg.players), list(msg.connected)
            self._name_players(session)
            if msg.closed:
                self._end("the match was closed by the server", say)
            elif msg.waiting_for is not None:
                self.waiting = (msg.waiting_for, time.monotonic() + msg.seconds_left)
            elif self.waiting is not None:
                self.waiting = None
                self._shown = ""
                (self.note or say)("everyone is back: the match goes on")
            elif len(self.players) == 2 and all(self.connected):
                (self.note or say)(f"{self.players[1 - (self.seat or 0)]} is here: the match starts")
            return
        if not isinstance(msg, Entry):
            return
        if isinstance(msg.action, Chat):
            self.chat.append((msg.seat, msg.action.text))
            say(f"{self.players[msg.seat] if msg.seat < len(self.players) else msg.seat}: {msg.action.text}")
            return
        if got.mine:
            return
        if got.history and not self.incoming and self.peer is None and not session.in_shot:
            self._catch_up(msg, session, say)  # the match so far: played at once, not animated
        else:
            self.incoming.append(msg)

    def _catch_up(self, entry: Entry, session: Session, say: Callable[[str], None]) -> None:
        assert self.match is not None, "bound in update()"
        try:
            self.match.apply(entry.seat, entry.action)
        except ProtocolError as exc:
            self._end(f"the match so far could not be replayed ({exc})", say)
            return
        session.keep_previous()
        self.caught_up += 1

    def _end(self, why: str, say: Callable[[str], None]) -> None:
        if self.ended is None:
            self.ended = why
            say(why)

    def _name_players(self, session: Session) -> None:
        if len(self.players) == 2:
            session.rules.players = (self.players[0], self.players[1])

    def pause_line(self) -> str | None:
        if self.waiting is None:
            return None
        seat, deadline = self.waiting
        names = self.players + ["", ""]
        return paused_line(
            Presence(names[:2], [s != seat for s in range(2)], seat, max(0.0, deadline - time.monotonic()))
        )

    def resign(self, say: Callable[[str], None]) -> None:
        """Give up the match (the other player wins); refused while a stroke rolls."""
        if self.seat is None or self.ended or self.match is None or self.match.over or len(self.players) < 2:
            say("nothing to resign")
            return
        if self.match.session.in_shot or self.peer is not None or self.local is not None or self.incoming:
            say("wait for the balls to stop")
            return
        self.net.send(self.match.decide("resign"))
        say(self.match.session.rules.message)

    def send_chat(self, text: str) -> None:
        """Say ``text`` to the room (a chat line); it shows here when the server relays it."""
        text = " ".join(text.split())[:200]
        if text:
            self.net.send(Chat(text))
