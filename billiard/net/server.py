"""The lobby and relay server (``billiard serve``; ``billiard host`` runs one for a direct game).

Both players connect out to it, so neither needs an open port. It never simulates: it keeps
each room's log of accepted actions, checks what it can without physics (the handshake,
every message's types and sizes, whose turn, the state an action is played from, a ball in
hand's spot), relays the actions to the other player and the spectators, and keeps the rooms
on disk. A peer that breaks the protocol gets one :class:`Error` and is dropped; the room
and the other connections go on.
"""

from __future__ import annotations

import asyncio
import collections
import ssl
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from billiard import __version__
from billiard.errors import BilliardError
from billiard.net.codec import MAX_MESSAGE_BYTES, ProtocolError, decode_client, encode
from billiard.net.messages import PROTOCOL, Error, Hello, Ping, Pong, Presence, Welcome
from billiard.net.rooms import Room, RoomStore, new_code

# websockets closes (code 1009) a frame over this; one between MAX_MESSAGE_BYTES and it gets
# the decoder's one-line refusal
FRAME_LIMIT = 4 * MAX_MESSAGE_BYTES


@dataclass(frozen=True)
class Limits:
    """What one server allows; each bound keeps a hostile or broken peer from costing the
    server more than a player does."""

    max_rooms: int = 500
    max_per_address: int = 8  # connections open at once from one IP address
    max_watchers: int = 32  # spectators per room
    hello_s: float = 10.0  # the handshake must come this soon after connecting
    idle_s: float = 120.0  # a connection silent this long is closed (clients ping)
    reconnect_s: float = 180.0  # a dropped player's seat is kept this long
    rate: float = 20.0  # messages per second, sustained ...
    burst: float = 60.0  # ... with this many at once


@dataclass
class Live:
    """A room and its open connections."""

    room: Room
    seats: list[ServerConnection | None] = field(default_factory=lambda: [None, None])
    watchers: set[ServerConnection] = field(default_factory=set)
    waiting: dict[int, float] = field(default_factory=dict)  # seat -> deadline (monotonic)
    timers: dict[int, asyncio.Task] = field(default_factory=dict)
    writing: asyncio.Lock = field(default_factory=asyncio.Lock)  # one file write at a time

    def connections(self) -> list[ServerConnection]:
        return [ws for ws in self.seats if ws is not None] + list(self.watchers)


class Refused(Exception):
    """Why a connection is refused or dropped (sent as one Error, then closed)."""


class Bucket:
    """Token bucket: ``take()`` is False once a peer sends faster than the limits allow."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.level, self.t = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.t) * self.rate)
        self.t = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True


class Server:
    """``await start(host, port)``; ``rooms`` open matches by name; ``dropped`` counts the
    connections dropped for breaking the protocol."""

    def __init__(
        self,
        store: RoomStore | None = None,
        limits: Limits = Limits(),
        say: Callable[[str], None] = lambda line: None,
        program: str = __version__,
        host_seat: int | None = None,
    ) -> None:
        self.store = store or RoomStore(None)
        self.host_seat = host_seat  # a direct host's server: the seat that runs it
        self.limits = limits
        self.say = say
        self.program = program
        self.rooms: dict[str, Live] = {}
        self.per_address: collections.Counter[str] = collections.Counter()
        self.dropped = 0
        self.accepted = 0
        self._server: Any = None
        self._closed = False
        self._timers: set[asyncio.Task] = set()
        for room in self.store.load_all(say):
            self.rooms[room.name] = Live(room)
        for live in self.rooms.values():  # everyone is away after a restart
            for seat in range(len(live.room.record.players)):
                live.waiting[seat] = time.monotonic() + limits.reconnect_s

    async def start(self, host: str = "0.0.0.0", port: int = 0, tls: ssl.SSLContext | None = None) -> int:
        """Listen; the port actually bound (``port`` 0 picks a free one)."""
        self._server = listening = await serve(
            self._handle,
            host,
            port,
            max_size=FRAME_LIMIT,
            ssl=tls,
            compression=None,
            ping_interval=20,
            ping_timeout=60,
            close_timeout=2,
        )
        for live in self.rooms.values():
            for seat in list(live.waiting):
                self._start_timer(live, seat)
        sock = next(iter(listening.sockets))
        return int(sock.getsockname()[1])

    async def close(self) -> None:
        self._closed = True
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for task in list(self._timers):
            task.cancel()

    # -- one connection -------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if self.per_address[address] >= self.limits.max_per_address:
            await self._refuse(ws, f"too many connections from {address} (at most {self.limits.max_per_address})")
            return
        self.per_address[address] += 1
        try:
            await self._serve(ws)
        except Refused as why:
            self.dropped += 1
            await self._refuse(ws, str(why))
        except ConnectionClosed as exc:
            if exc.sent is not None and exc.sent.code == 1009:  # the transport refused a huge frame
                self.dropped += 1
        finally:
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]

    async def _refuse(self, ws: ServerConnection, message: str) -> None:
        self.say(f"refused {ws.remote_address}: {message}")
        try:
            await ws.send(encode(Error(message[:300])))
            await ws.close(1008, "protocol")
        except ConnectionClosed:
            pass

    async def _serve(self, ws: ServerConnection) -> None:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.limits.hello_s)
        except TimeoutError:
            raise Refused(f"no handshake within {self.limits.hello_s:g} s") from None
        hello = self._decode(raw)
        if not isinstance(hello, Hello):
            raise Refused("the first message must be the handshake (hello)")
        live, seat, token = self._admit(hello)
        if seat is None:
            live.watchers.add(ws)
        else:
            old = live.seats[seat]
            live.seats[seat] = ws
            if old is not None:  # the same player on a new connection: the old one is stale
                await old.close(1000, "replaced by a new connection")
            live.waiting.pop(seat, None)
            timer = live.timers.pop(seat, None)
            if timer is not None:
                timer.cancel()
        try:
            r = live.room.record
            await ws.send(
                encode(
                    Welcome(
                        r.name,
                        seat,
                        token,
                        r.mode,
                        r.table,
                        r.seed,
                        list(r.players),
                        live.room.log_after(min(hello.have, len(r.log))),
                        r.race,
                        self.host_seat,
                    )
                )
            )
            self._presence(live)
            await self._relay(ws, live, seat)
        finally:
            self._leave(ws, live, seat)

    async def _relay(self, ws: ServerConnection, live: Live, seat: int | None) -> None:
        bucket = Bucket(self.limits.rate, self.limits.burst)
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), self.limits.idle_s)
            except TimeoutError:
                raise Refused(f"idle for {self.limits.idle_s:g} s") from None
            if not bucket.take():
                raise Refused("too many messages (flood)")
            msg = self._decode(raw)
            if isinstance(msg, Ping):
                await ws.send(encode(Pong(msg.t)))
                continue
            if isinstance(msg, Hello):
                raise Refused("a second handshake on one connection")
            if seat is None:
                raise Refused("spectators cannot act")
            try:
                live.room.check(seat, msg)
            except ProtocolError as exc:
                raise Refused(str(exc)) from None
            entry = live.room.accept(seat, msg, time.time())
            self.accepted += 1
            if live.room.over:
                live.room.record.closed = True
            await self._write(live)  # on disk before anyone is told: a restart loses nothing
            broadcast(live.connections(), encode(entry))

    def _decode(self, raw):
        try:
            return decode_client(raw)
        except ProtocolError as exc:
            raise Refused(str(exc)) from None

    async def _write(self, live: Live) -> None:
        """Keep a started match on disk (a room nobody has played in yet is not written:
        whatever a stranger sends before a match starts changes nothing on disk). The file is
        written on a worker thread (its fsync must not stall the other rooms), one write at
        a time per room, in the order asked."""
        room = live.room
        if not room.started or self.store.folder is None:
            return
        data = encode(room.record)
        async with live.writing:
            try:
                await asyncio.to_thread(self.store.write, room.name, data)
            except BilliardError as exc:
                self.say(f"room {room.name} not saved: {exc}")

    def _save(self, live: Live) -> None:
        """:meth:`_write` in the background (from code that cannot wait for it)."""
        if live.room.started and self.store.folder is not None and not self._closed:
            task = asyncio.get_running_loop().create_task(self._write(live))
            self._timers.add(task)
            task.add_done_callback(self._timers.discard)

    def _leave(self, ws: ServerConnection, live: Live, seat: int | None) -> None:
        if seat is None:
            live.watchers.discard(ws)
            return
        if live.seats[seat] is not ws:
            return  # already replaced by a newer connection
        live.seats[seat] = None
        if live.room.over:
            if not live.connections() and self.rooms.get(live.room.name) is live:
                del self.rooms[live.room.name]
            return
        if not any(live.seats) and not live.room.started:
            self._close_room(live, "everyone left before the first shot")  # nothing to come back to
            return
        live.waiting[seat] = time.monotonic() + self.limits.reconnect_s
        self._start_timer(live, seat)
        self._presence(live)

    def _start_timer(self, live: Live, seat: int) -> None:
        if self._closed:
            return

        async def expire() -> None:
            await asyncio.sleep(max(0.0, live.waiting[seat] - time.monotonic()))
            self._close_room(live, f"player {seat + 1} did not come back")

        task = live.timers[seat] = asyncio.get_running_loop().create_task(expire())
        self._timers.add(task)
        task.add_done_callback(self._timers.discard)

    def _close_room(self, live: Live, why: str) -> None:
        self.say(f"room {live.room.name} closed: {why}")
        live.room.record.closed = True
        self._save(live)
        self.rooms.pop(live.room.name, None)
        for task in live.timers.values():
            if task is not asyncio.current_task():
                task.cancel()
        r = live.room.record
        broadcast(live.connections(), encode(Presence(list(r.players), [False, False], closed=True)))

    def _presence(self, live: Live) -> None:
        r = live.room.record
        now = time.monotonic()
        waiting = min(live.waiting, key=lambda s: live.waiting[s]) if live.waiting else None
        left = max(0.0, live.waiting[waiting] - now) if waiting is not None else 0.0
        connected = [live.seats[s] is not None for s in range(len(r.players))]
        broadcast(live.connections(), encode(Presence(list(r.players), connected, waiting, left)))

    # -- the handshake --------------------------------------------------------------------
    def _admit(self, hello: Hello) -> tuple[Live, int | None, str]:
        """The room, the seat (None: a spectator) and its token for a handshake, or Refused."""
        if hello.protocol != PROTOCOL:
            raise Refused(
                f"protocol version {hello.protocol} is not this server's ({PROTOCOL}): "
                "both sides need the same billiard version"
            )
        if hello.program != self.program:
            raise Refused(
                f"this server runs billiard {self.program}, you run {hello.program}: "
                "online play needs the same version on both sides (replays must be bit-exact)"
            )
        if hello.role == "player" and hello.token:
            for live in self._named(hello.room):
                seat = live.room.seat_of(hello.token)
                if seat is not None:
                    return live, seat, hello.token
            raise Refused("no seat with this token here (the match is over, or the room was closed)")
        if hello.role == "player" and hello.create:
            return self._create(hello)
        live = self._find(hello.room, want_seat=hello.role == "player")
        if not live.room.password_ok(hello.password):
            raise Refused(f"wrong password for room {live.room.name}")
        if hello.role == "watcher":
            if len(live.watchers) >= self.limits.max_watchers:
                raise Refused(f"room {live.room.name} has its {self.limits.max_watchers} spectators already")
            return live, None, ""
        r = live.room.record
        if live.room.full:
            raise Refused(f"room {r.name} has two players already (watch it with billiard watch)")
        for what, mine, theirs in (
            ("game", hello.mode, r.mode),
            ("table", hello.table, r.table),
            ("ball set", hello.ball_set, r.ball_set),
        ):
            if mine and mine != theirs:
                raise Refused(f"room {r.name} plays {r.mode} on {r.table} ({r.ball_set} balls): your {what} is {mine}")
        seat, token = live.room.take_seat(hello.name or "Player 2")
        self._save(live)
        self.say(f"room {r.name}: {r.players[1]} joined")
        return live, seat, token

    def _create(self, hello: Hello) -> tuple[Live, int | None, str]:
        if len(self.rooms) >= self.limits.max_rooms:
            raise Refused(f"the server is full ({self.limits.max_rooms} rooms)")
        name = hello.room or new_code(self.rooms)
        if name in self.rooms:
            raise Refused(f"room {name} exists already: pick another name")
        try:
            room = Room.create(
                name,
                self.program,
                hello.mode or "9-ball",
                hello.table,
                hello.ball_set,
                hello.seed,
                hello.password,
                hello.name or "Player 1",
                hello.race,
            )
        except BilliardError as exc:
            raise Refused(str(exc)) from None
        live = Live(room)
        self.rooms[name] = live
        self._save(live)
        self.say(f"room {name}: {room.record.mode} on {room.record.table}, made by {room.record.players[0]}")
        return live, 0, room.record.tokens[0]

    def _named(self, name: str) -> list[Live]:
        if name:
            return [self.rooms[name]] if name in self.rooms else []
        return list(self.rooms.values())

    def _find(self, name: str, want_seat: bool) -> Live:
        if name:
            if name not in self.rooms:
                raise Refused(f"no room {name} on this server")
            return self.rooms[name]
        open_ = [live for live in self.rooms.values() if not want_seat or not live.room.full]
        if len(open_) == 1:
            return open_[0]
        raise Refused("no room is waiting here" if not open_ else "several rooms here: name one (--room NAME)")
