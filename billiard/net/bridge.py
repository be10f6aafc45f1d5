"""The connection of a windowed game: the asyncio client (and, for a direct host, the
server) on a thread of their own, so the frame loop never waits on the network.

The frame loop calls :meth:`NetThread.poll` for what arrived and :meth:`NetThread.send` to
send; both return at once. A fatal problem (the server refused, the connection could not be
mended) arrives through ``poll`` as a :class:`Fatal` line.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from dataclasses import dataclass
from typing import Awaitable, Callable

import msgspec

from billiard.errors import BilliardError
from billiard.net.client import Link, Received
from billiard.net.messages import Welcome


@dataclass(frozen=True)
class Fatal:
    """The connection ended for good: one line saying why."""

    message: str


@dataclass(frozen=True)
class Said:
    """A line the connection has to say (reconnecting, reconnected...)."""

    message: str


class NetThread:
    """Runs ``link`` on an event loop in a daemon thread; ``before()`` (optional) runs first
    on that loop (a direct host starts its server there) and ``after()`` at the end."""

    def __init__(
        self,
        link: Link,
        before: Callable[[], Awaitable[None]] | None = None,
        after: Callable[[], Awaitable[None]] | None = None,
    ) -> None:
        self.link = link
        self.inbox: queue.Queue = queue.Queue()
        link.say = lambda line: self.inbox.put(Said(line))
        self._before, self._after = before, after
        self.loop = asyncio.new_event_loop()
        self.welcome: Welcome | None = None
        self._opened = threading.Event()
        self._thread = threading.Thread(target=self._run, name="billiard-net", daemon=True)

    def start(self, timeout_s: float = 30.0) -> Welcome:
        """Connect and hand-shake (waits for it); a refusal is one :class:`BilliardError`."""
        self._thread.start()
        if not self._opened.wait(timeout_s):
            raise BilliardError(f"no answer from {self.link.url} within {timeout_s:g} s")
        if self.welcome is None:
            got = self.inbox.get_nowait()
            raise BilliardError(got.message if isinstance(got, Fatal) else "the connection failed")
        return self.welcome

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        try:
            if self._before is not None:
                await self._before()
            self.welcome = await self.link.open()
            self._opened.set()
            while True:
                self.inbox.put(await self.link.recv())
        except BilliardError as exc:
            self.inbox.put(Fatal(str(exc)))
        except asyncio.CancelledError:
            pass
        finally:
            self._opened.set()
            await self.link.close()
            if self._after is not None:
                await self._after()

    def poll(self) -> list[Received | Fatal | Said]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def send(self, action: msgspec.Struct) -> None:
        asyncio.run_coroutine_threadsafe(self.link.send(action), self.loop)

    @property
    def pending(self) -> int:
        return len(self.link.pending)

    def close(self) -> None:
        """End the connection (and a direct host's server), waiting a little for it."""
        if not self._thread.is_alive():
            return

        def cancel_all() -> None:
            for task in asyncio.all_tasks(self.loop):
                task.cancel()

        self.loop.call_soon_threadsafe(cancel_all)
        self._thread.join(5.0)
