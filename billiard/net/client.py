"""A client's connection to a server, kept up across drops.

:class:`Link` does the handshake, hands the messages to its owner one at a time, and, when
the connection drops, connects again with the seat's token and the number of entries it has
(the server sends the ones missed) and sends again the actions the server never confirmed:
no action is lost or played twice.
"""

from __future__ import annotations

import asyncio
import collections
import ssl
import time
from dataclasses import dataclass
from typing import Callable

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from billiard.errors import BilliardError
from billiard.net.codec import MAX_WELCOME_BYTES, ProtocolError, decode_server, encode
from billiard.net.messages import Entry, Error, Hello, Ping, Pong, Presence, Welcome
from billiard.net.seats import STALE

PING_S = 10.0  # keeps the connection from looking idle while a player thinks


@dataclass(frozen=True)
class Received:
    """A message for the owner; ``mine``: an entry that confirms this side's own action."""

    message: Welcome | Entry | Presence
    mine: bool = False
    history: bool = False  # an entry of the match so far, sent with the handshake's answer


class Link:
    """``await open()``, then ``send(action)`` and ``await recv()``; ``close()`` at the end."""

    def __init__(
        self,
        url: str,
        hello: Hello,
        tls: ssl.SSLContext | None = None,
        reconnect_s: float = 180.0,
        say: Callable[[str], None] = lambda line: None,
    ) -> None:
        self.url, self.hello, self.tls, self.reconnect_s, self.say = url, hello, tls, reconnect_s, say
        self.ws: ClientConnection | None = None
        self.welcome: Welcome | None = None
        self.seat: int | None = None
        self.have = 0
        self.pending: list[tuple[msgspec.Struct, float]] = []  # sent, not yet confirmed: (action, when)
        self.round_trips_ms: list[float] = []
        self.reconnects = 0
        self.presence: Presence | None = None
        self._queue: collections.deque[Received] = collections.deque()
        self._pinger: asyncio.Task | None = None
        self._closing = False
        self._lost = False  # the connection dropped; the owner was told, the next recv reconnects

    async def open(self) -> Welcome:
        """Connect and hand-shake; a refusal is one :class:`BilliardError` line."""
        try:
            try:
                welcome = await self._connect()
            except BilliardError as exc:
                if not (self.hello.token and STALE in str(exc)):
                    raise
                self.say("the seat saved from an earlier run is gone: asking for a new one")
                self.hello = msgspec.structs.replace(self.hello, token="")
                welcome = await self._connect()
        except ConnectionError as exc:
            raise BilliardError(str(exc)) from None
        self.welcome = welcome
        self.seat = welcome.seat
        self.hello = msgspec.structs.replace(self.hello, token=welcome.token, room=welcome.room, create=False)
        self._take_log(welcome)
        self._pinger = asyncio.get_running_loop().create_task(self._ping())
        return welcome

    async def _connect(self) -> Welcome:
        hello = msgspec.structs.replace(self.hello, have=self.have)
        try:
            ws = await connect(
                self.url,
                ssl=self.tls,
                max_size=MAX_WELCOME_BYTES,
                compression=None,
                open_timeout=10,
                ping_interval=20,
                ping_timeout=60,
            )
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            raise ConnectionError(f"cannot reach {self.url}: {exc}") from None
        try:
            await ws.send(encode(hello))
            first = decode_server(await asyncio.wait_for(ws.recv(), 30))
        except ConnectionClosed as exc:
            raise ConnectionError(f"{self.url} closed the connection: {exc}") from None
        except (ProtocolError, TimeoutError) as exc:
            await ws.close()
            raise BilliardError(f"{self.url}: {exc or 'no answer to the handshake'}") from None
        if isinstance(first, Error):
            await ws.close()
            raise BilliardError(first.message)
        if not isinstance(first, Welcome):
            await ws.close()
            raise BilliardError(f"{self.url} answered the handshake with a {type(first).__name__}")
        self.ws = ws
        return first

    def _take_log(self, welcome: Welcome) -> None:
        for entry in welcome.log:
            self._entry(entry, history=True)
        missed = [action for action, _ in self.pending]
        if missed and self.ws is not None:
            self.say(f"sending again {len(missed)} action(s) the server did not confirm")

    def _entry(self, entry: Entry, history: bool = False) -> None:
        if entry.seq <= self.have:
            return
        self.have = entry.seq
        mine = bool(self.pending) and entry.seat == self.seat and self.pending[0][0] == entry.action
        if mine:
            _, sent = self.pending.pop(0)
            self.round_trips_ms.append((time.monotonic() - sent) * 1000.0)
        self._queue.append(Received(entry, mine, history))

    @property
    def backlog(self) -> int:
        """Messages received and not yet handed out (a catch-up's entries): act after them."""
        return len(self._queue)

    async def send(self, action: msgspec.Struct) -> None:
        """Send an action; it stays pending until the server's entry for it comes back."""
        self.pending.append((action, time.monotonic()))
        await self._send(action)

    async def _send(self, message: msgspec.Struct) -> None:
        if self.ws is None:
            return
        try:
            await self.ws.send(encode(message))
        except ConnectionClosed:
            pass  # recv() reconnects and sends it again

    async def recv(self) -> Received:
        """The next message; reconnects on a drop. An Error from the server, or a drop not
        mended within ``reconnect_s``, is a :class:`BilliardError`."""
        while not self._queue:
            assert self.ws is not None, "open() first"
            if self._lost:
                self._lost = False
                await self._reconnect()
                continue
            try:
                raw = await self.ws.recv()
            except ConnectionClosed:
                self._lost = True
                self._host_gone()
                continue
            try:
                msg = decode_server(raw)
            except ProtocolError as exc:
                raise BilliardError(f"the server sent a bad message: {exc}") from None
            if isinstance(msg, Error):
                raise BilliardError(msg.message)
            if isinstance(msg, Entry):
                self._entry(msg)
            elif isinstance(msg, Presence):
                self.presence = msg
                self._queue.append(Received(msg))
            elif isinstance(msg, Pong):
                continue
        return self._queue.popleft()

    def _host_gone(self) -> None:
        """A direct host's program is the server: when the connection to it drops, the match
        waits for that player (a Presence with its countdown, as the server says for any other
        drop) while this side tries to reconnect; a restarted host takes the match back."""
        w = self.welcome
        if self._closing or w is None or w.host_seat is None or w.host_seat == self.seat:
            return
        last = self.presence
        players = list(last.players if last is not None else w.players)
        if len(players) < 2:
            return
        connected = [seat != w.host_seat for seat in range(len(players))]
        self.presence = Presence(players, connected, w.host_seat, self.reconnect_s)
        self._queue.append(Received(self.presence))

    async def _reconnect(self) -> None:
        if self._closing:
            raise BilliardError("the connection is closed")
        deadline = time.monotonic() + self.reconnect_s
        self.say("connection lost: reconnecting...")
        wait = 0.2
        while True:
            try:
                welcome = await self._connect()
                break
            except ConnectionError as exc:
                if time.monotonic() + wait > deadline:
                    raise BilliardError(f"connection lost and not back within {self.reconnect_s:g} s ({exc})") from None
            await asyncio.sleep(wait)
            wait = min(2.0, wait * 2)
        self.reconnects += 1
        self.say(
            f"reconnected (seat {'-' if welcome.seat is None else welcome.seat + 1}, "
            f"{len(welcome.log)} entr{'y' if len(welcome.log) == 1 else 'ies'} caught up)"
        )
        self._take_log(welcome)
        for action, _ in list(self.pending):
            await self._send(action)

    async def _ping(self) -> None:
        while True:
            await asyncio.sleep(PING_S)
            if self.ws is not None:
                try:
                    await self.ws.send(encode(Ping(time.time())))
                except ConnectionClosed:
                    pass

    async def close(self) -> None:
        self._closing = True
        if self._pinger is not None:
            self._pinger.cancel()
        if self.ws is not None:
            await self.ws.close()
