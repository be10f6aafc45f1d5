"""Online play without a window: a computer player (or a spectator) on one side of a match.

``play(link, ...)`` builds the game the room plays from the handshake's answer, catches up
with the match so far, then, turn by turn, either thinks and acts (the AI of
``billiard.ai``, in a thread so the connection stays alive) or applies the peer's action.
It returns the summary headless games write, with the ``network`` block added.
"""

from __future__ import annotations

import asyncio
import time
from typing import Callable

from billiard.ai import ComputerPlayer, PlayerSpec, Situation
from billiard.ai.rule_choices import call_for, rule_choice
from billiard.app.autoplay import ComputerStats, POT_KINDS, rack_seed
from billiard.app.controls import StrikeCommand
from billiard.app.setup import new_session
from billiard.errors import BilliardError
from billiard.net.client import Link, Received
from billiard.net.codec import ProtocolError
from billiard.net.match import Match, Record
from billiard.net.messages import Chat, Entry, Presence, Shot, Welcome
from billiard.replay.recorder import Recorder

RecorderFactory = Callable[[str, str, tuple], Recorder]


def paused_line(p: Presence) -> str | None:
    """The line shown while the match waits for a player, or None when nobody is awaited."""
    if p.closed:
        return "the match was closed by the server"
    if p.waiting_for is None:
        return None
    who = p.players[p.waiting_for] if p.waiting_for < len(p.players) else f"player {p.waiting_for + 1}"
    m, s = divmod(int(p.seconds_left), 60)
    return f"waiting for {who} to come back ({m}:{s:02d} left)"


class OnlineGame:
    """One side of an online match; ``ai`` None for a spectator."""

    def __init__(
        self,
        link: Link,
        welcome: Welcome,
        ai: ComputerPlayer | None,
        max_shots: int,
        say: Callable[[str], None],
        record: Record | None = None,
        chat: str = "",
    ) -> None:
        self.link, self.ai, self.max_shots, self.say = link, ai, max_shots, say
        session = new_session(welcome.mode, welcome.table, rack_seed(welcome.seed))
        self.match = Match(session, welcome.seat, record, welcome.race, welcome.seed)
        self.chat_line = chat
        self.players = list(welcome.players)
        self.connected = [True] * len(self.players)
        self.closed = False
        self.computer = ComputerStats()

    @property
    def session(self):
        """The current rack's session (a race sets up a new one per rack)."""
        return self.match.session

    def _name_players(self) -> None:
        if len(self.players) == 2:
            self.session.rules.players = (self.players[0], self.players[1])

    def may_act(self) -> bool:
        return (
            self.ai is not None
            and (self.match.my_turn() or self.match.my_next_rack())
            and not self.link.pending
            and not self.link.backlog
            and len(self.players) == 2
            and all(self.connected)
            and not self.capped()
        )

    def capped(self) -> bool:
        return self.match.shots >= self.max_shots

    def finished(self) -> bool:
        return (self.match.over or self.capped() or self.closed) and not self.link.pending

    async def run(self) -> None:
        self._name_players()
        while not self.finished():
            if self.chat_line and len(self.players) == 2:
                await self.link.send(Chat(self.chat_line))
                self.chat_line = ""
                continue
            if self.may_act():
                await self._act()
                continue
            await self._take(await self.link.recv())

    async def _act(self) -> None:
        assert self.ai is not None, "only a player acts"
        if self.match.my_next_rack():  # a race: this side breaks the next rack
            await self.link.send(self.match.decide("next_rack"))
            self.say(f"next rack: {self.match.standing.line(self.session.rules.players, False, None)}")
            return
        ai, s = self.ai, self.session
        pick = rule_choice(s.rules, s.balls)
        if pick is not None:  # the rules' decision: answered as the computer does offline
            await self.link.send(self.match.decide("answer", pick))
            return
        decision = await asyncio.to_thread(ai.decide, Situation.of_session(s))
        self.computer.decisions += 1
        self.computer.seconds.append(decision.seconds)
        self.computer.cpu_seconds.append(decision.cpu_seconds)
        if decision.pass_back:
            await self.link.send(self.match.decide("pass_back"))
            return
        if decision.place is not None and s.ball_in_hand() and not s.place_cue(*decision.place):
            raise BilliardError(f"the computer chose an illegal ball-in-hand spot {decision.place}")
        call = call_for(s.rules, decision.pocket)
        if call is not None:  # 8-ball's called pocket: answered, then the stroke
            await self.link.send(self.match.decide("answer", call))
        assert decision.strike is not None, "only a pass back comes without a strike"
        s.intent = decision.kind
        k = ai.execute(decision.strike, s.ball_radius())
        cmd = StrikeCommand(k.speed, k.heading_deg, k.elevation_deg, (k.tip[0], k.tip[1]))
        shot = await asyncio.to_thread(self.match.strike, cmd, decision.push_out)
        out = s.last_outcome
        if out is not None:
            self.computer.fouls += bool(out.fouls)
            if decision.kind in POT_KINDS:
                self.computer.attempts += 1
                self.computer.pots += bool(decision.target in out.pocketed and not out.fouls)
        await self.link.send(shot)

    async def _take(self, got: Received) -> None:
        msg = got.message
        if isinstance(msg, Presence):
            self.players, self.connected, self.closed = list(msg.players), list(msg.connected), msg.closed
            self._name_players()
            line = paused_line(msg)
            if line:
                self.say(line)
            return
        if not isinstance(msg, Entry):
            return
        if isinstance(msg.action, Chat):
            self.match.chat.append((msg.seat, msg.action.text))
            self.say(f"{self.players[msg.seat] if msg.seat < len(self.players) else msg.seat}: {msg.action.text}")
            return
        if got.mine:
            return
        try:
            resynced = await asyncio.to_thread(self.match.apply, msg.seat, msg.action)  # the loop stays live
        except ProtocolError as exc:
            raise BilliardError(f"player {msg.seat + 1}'s action refused: {exc}") from None
        if msg.seat == self.match.seat and isinstance(msg.action, Shot):
            stats = self.match.stats  # this side's own stroke, from before a restart
            stats.shots_received -= 1
            stats.shots_sent += 1
        if isinstance(msg.action, Shot) and resynced:
            self.say(f"shot {msg.seq}: this side's result differed from the shooter's: resynced")

    def summary(self, role: str, peer: str, spec: PlayerSpec | None, seed: int | None) -> dict:
        out = self.session.summary()
        out["shots"] = self.match.shots  # the whole match (a race's racks together)
        out.update(self.match.summary())
        stats = self.match.stats
        stats.reconnects = self.link.reconnects
        stats.round_trips_ms = list(self.link.round_trips_ms)
        seat = self.match.seat
        if seat is not None and len(self.players) == 2:
            peer = self.players[1 - seat]  # a player's peer: the other player
        out.update(
            players=list(self.players),
            seed=seed,
            capped=not self.match.over,
            max_shots=self.max_shots,
            room=self.link.welcome.room if self.link.welcome else "",
            seat=seat,
            network=stats.summary(role, peer),
        )
        if spec is not None:
            out["computer"] = self.computer.summary()
            out["player"] = str(spec)
        out["chat"] = [{"seat": seat, "text": text} for seat, text in self.match.chat]
        return out


async def run_online(
    link: Link,
    spec: PlayerSpec | None,
    seed: int | None,
    max_shots: int,
    role: str,
    peer: str,
    say: Callable[[str], None],
    recorder: RecorderFactory | None = None,
    chat: str = "",
    keep_seat: Callable[[str], None] | None = None,
) -> dict:
    """Open ``link``, play (or watch) until the game is over, the cap or the room's close.
    ``recorder(mode, table, players)``: records every stroke as a local game's are;
    ``chat``: a line said to the room once both players are there; ``keep_seat(token)``:
    keeps the seat's token for a restart (called with '' once the match is over)."""
    welcome = await link.open()
    if keep_seat is not None and welcome.seat is not None:
        keep_seat(welcome.token)
    rec = recorder(welcome.mode, welcome.table, tuple(welcome.players)) if recorder is not None else None
    try:
        ai = None
        if spec is not None:
            if not spec.computer:
                raise BilliardError("headless online play needs a computer player (--players computer:N)")
            import numpy as np

            ai = ComputerPlayer(spec.level, rng=np.random.default_rng([0 if seed is None else seed, welcome.seat or 0]))
        record = None
        if rec is not None:

            def record(shot: dict, player: int, scores: list[int]) -> None:
                rec.record(shot, scores=scores, player=player)

        game = OnlineGame(link, welcome, ai, max_shots, say, record, chat)
        seat = "spectator" if welcome.seat is None else f"player {welcome.seat + 1}"
        say(f"room {welcome.room}: {welcome.mode} on {welcome.table}, you are {seat}")
        t0 = time.monotonic()
        await game.run()
        if game.closed and not game.match.over:
            raise BilliardError("the match was closed by the server before its end (a player did not come back)")
        if keep_seat is not None and game.match.over:
            keep_seat("")
        race = f", race to {welcome.race}: {game.match.score()[0]}-{game.match.score()[1]}" if welcome.race > 1 else ""
        say(f"{welcome.mode}: {game.match.shots} shot(s){race} in {time.monotonic() - t0:.1f} s")
        return game.summary(role, peer, spec, seed)
    finally:
        await link.close()
        if rec is not None:
            rec.close()
