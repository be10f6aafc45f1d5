"""What ``billiard serve``, ``host``, ``join`` and ``watch`` do with their options."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import msgspec

from billiard.errors import BilliardError
from billiard.net import options
from billiard.net.client import Link
from billiard.net.messages import Hello
from billiard.net.seats import Seats


def run_online(*args, **kwargs):
    """The headless online game (``net.player.run_online``), imported when a game is played: it
    brings the engine and the computer player (numba's kernels), which ``billiard serve``
    never needs (~0.6 s of a server's start)."""
    from billiard.net.player import run_online as play

    return play(*args, **kwargs)


HOST_GRACE_S = 15.0  # a direct host keeps serving this long after its game, for the others to finish
HEARTBEAT_S = 5.0  # a direct host touches its kept match this often (its age: when the host stopped)


def say(line: str) -> None:
    print(line, flush=True)


def warn(line: str) -> None:
    print(f"billiard: {line}", file=sys.stderr, flush=True)


def serve(args: argparse.Namespace) -> int:
    from billiard.net.rooms import RoomStore
    from billiard.net.server import Limits, Server

    tls = options.tls_server(args.cert, args.key)
    store = RoomStore(None if args.no_store else _rooms_folder(args.data_dir))
    limits = Limits(
        max_rooms=args.max_rooms, max_per_address=args.max_per_address, reconnect_s=args.reconnect_s, idle_s=args.idle_s
    )

    async def main() -> None:
        server = Server(store, limits, say=say)
        port = await server.start(args.bind, args.port, tls)
        say(
            f"billiard server on {'wss' if tls else 'ws'}://{args.bind}:{port} "
            f"({len(server.rooms)} room(s) restored{'' if store.folder is None else f', kept in {store.folder}'})"
        )
        try:
            await asyncio.Event().wait()
        finally:
            await server.close()

    asyncio.run(main())
    return 0


def _rooms_folder(data_dir: str | None) -> Path:
    from billiard.replay.datadir import data_dir as home

    return home(data_dir) / "rooms"


def _spec(args: argparse.Namespace):
    """The computer player of a headless side (checked), or None in the window."""
    from billiard.ai.players import parse_player

    if not 1 <= args.max_shots <= 10000:
        raise BilliardError("--max-shots must be between 1 and 10000")
    if not args.headless:
        if args.players and parse_player(args.players).computer:
            raise BilliardError("a computer player online plays headless (--headless --players computer:N)")
        if args.summary or args.until_over:
            raise BilliardError("--summary and --until-over are for headless play (--headless)")
        return None
    if not args.players:
        raise BilliardError("headless online play needs --players computer:N (the computer plays this side)")
    spec = parse_player(args.players)
    if not spec.computer:
        raise BilliardError("headless online play needs a computer player (--players computer:N)")
    return spec


def _recorder(args: argparse.Namespace):
    """``(mode, table, players) -> Recorder``: in the window unless ``--no-record`` (as local
    games), headless with ``--record``; else None."""
    if args.no_record or (args.headless and not args.record):
        return None
    from billiard.replay.recorder import Recorder

    def make(mode: str, table: str, players: tuple) -> Recorder:
        return Recorder(
            args.data_dir,
            mode=mode,
            table=table,
            players=list(players),
            on_error=lambda message: warn(f"recording: {message}"),
        )

    return make


def _chat(args: argparse.Namespace) -> str:
    text = getattr(args, "chat", "") or ""
    if len(text) > 200 or not text.isprintable():
        raise BilliardError("--chat: one line of at most 200 printable characters")
    return text


def _finish(args: argparse.Namespace, summary: dict) -> int:
    if args.summary:
        from billiard.shot.atomic import atomic_write

        path = Path(args.summary)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, json.dumps(summary, indent=2).encode())
    net = summary["network"]
    ending = (
        f"player {summary['winner'] + 1} wins"
        if summary["winner"] is not None
        else "no winner"
        if summary["game_over"]
        else "stopped before the end"
    )
    if summary.get("race", 1) > 1:
        a, b = summary["racks_won"]
        ending += f" the race to {summary['race']} ({a}-{b})"
    if summary.get("resigned") is not None:
        ending += f" (player {summary['resigned'] + 1} resigned)"
    say(
        f"{summary['mode']}: {summary['shots']} shot(s), {ending}; sent {net['shots_sent']}, "
        f"received {net['shots_received']}, {net['resyncs']} resync(s), {net['reconnects']} reconnect(s)"
    )
    return 0


def _link(args: argparse.Namespace, target: str, hello: Hello) -> Link:
    """The link to ``target``; a player's seat saved by an earlier run (killed mid-match) for
    this server and room is asked back."""
    if hello.role == "player":
        token = Seats(args.data_dir).token(target, hello.room)
        if token:
            say("taking back the seat of an earlier run")
            hello = msgspec.structs.replace(hello, token=token)
    return Link(target, hello, options.tls_client(args, target), args.reconnect_s, say=say)


def _keep_seat(args: argparse.Namespace, target: str, room: str):
    """``keep_seat(token)`` for :func:`run_online`: saved for a restart, '' forgets it."""
    seats = Seats(args.data_dir)

    def keep(token: str) -> None:
        if token:
            seats.save(target, room, token)
        else:
            seats.forget(target, room)

    return keep


def host(args: argparse.Namespace) -> int:
    spec = _spec(args)
    hello = options.hello(args, "player", create=True)
    if args.via:
        target = options.url(args.via, args.tls)
        if spec is None:
            return _window(args, _link(args, target, hello))
        summary = asyncio.run(
            run_online(
                _link(args, target, hello),
                spec,
                args.seed,
                args.max_shots,
                "host",
                target,
                say,
                _recorder(args),
                _chat(args),
                _keep_seat(args, target, hello.room),
            )
        )
        return _finish(args, summary)
    direct = DirectHost(args, hello)
    if spec is None:
        return _window(args, direct.link(), direct.start, direct.stop, direct.keep_seat)
    return _finish(args, asyncio.run(_host_direct(direct, spec, args)))


class DirectHost:
    """A one-room server in this process, announced on the LAN, and the host's link to it.

    A started match is kept on disk (``<data>/online/host-PORT/``, written then renamed after
    every accepted action) with the host's seat: a host killed mid-match and started again on
    the same port takes the match back (with ``--resume``, or on its own while the kept match
    is younger than the joiner's countdown), the joiner waiting meanwhile."""

    def __init__(self, args: argparse.Namespace, hello: Hello) -> None:
        self.args = args
        self.tls = options.tls_server(args.cert, args.key)
        self.room = hello.room or "table"
        self.hello = Hello(
            hello.protocol,
            hello.program,
            "player",
            room=self.room,
            create=True,
            password=hello.password,
            name=hello.name or "Host",
            mode=hello.mode,
            table=hello.table,
            seed=hello.seed,
            race=hello.race,
        )
        self.server: Any = None
        self.announcement: Any = None
        self._link: Link | None = None
        self._beat: asyncio.Task | None = None
        self.kept = self._kept_folder()
        self.resumed = self._resume() if self.kept is not None else False

    # -- the match kept on disk -----------------------------------------------------------
    def _kept_folder(self) -> Path | None:
        """Where this port's match is kept (None on a port picked at random: no coming back)."""
        if not self.args.port:
            return None
        from billiard.replay.datadir import data_dir

        return data_dir(self.args.data_dir) / "online" / f"host-{self.args.port}"

    def _seat_key(self) -> str:
        return f"direct-host:{self.args.port}"

    def _resume(self) -> bool:
        """Take back the match kept for this port: with ``--resume``, or when it was alive
        within the countdown (a restart after a crash). A match too old is set aside."""
        from billiard.net.rooms import RoomStore

        assert self.kept is not None, "only with a kept folder"
        files = sorted(self.kept.glob("*.json")) if self.kept.is_dir() else []
        rooms = RoomStore(self.kept).load_all(warn) if files else []
        token = Seats(self.args.data_dir).token(self._seat_key(), rooms[0].name) if rooms else ""
        if rooms and token:
            age = time.time() - max(path.stat().st_mtime for path in files)
            if getattr(self.args, "resume", False) or age < self.args.reconnect_s:
                room = rooms[0].record
                self.room = room.name
                self.hello = msgspec.structs.replace(self.hello, room=room.name, create=False, token=token)
                say(f"resuming the match kept on port {self.args.port}: {room.mode}, {len(room.log)} action(s) so far")
                return True
        if getattr(self.args, "resume", False):
            raise BilliardError(f"no match to resume on port {self.args.port} (in {self.kept})")
        for path in files:  # a finished or abandoned match: a new one replaces it
            path.unlink(missing_ok=True)
        return False

    def keep_seat(self, token: str) -> None:
        """The host's seat kept for a restart ('' forgets it, the match being over)."""
        if self.kept is None:
            return
        seats = Seats(self.args.data_dir)
        if token:
            seats.save(self._seat_key(), self.room, token)
        else:
            seats.forget(self._seat_key(), self.room)

    async def _heartbeat(self) -> None:
        """Touch the kept match every few seconds: its age says when the host stopped."""
        assert self.kept is not None, "only with a kept folder"
        while True:
            await asyncio.sleep(HEARTBEAT_S)
            for path in self.kept.glob("*.json"):
                try:
                    os.utime(path)
                except OSError:
                    pass

    # -- the server and the link ----------------------------------------------------------
    def link(self) -> Link:
        """The host's own link (its address is known once :meth:`start` has bound the port)."""
        ctx = None
        if self.tls is not None:
            import ssl

            ctx = ssl.create_default_context()
            ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE  # our own server, in this process
        self._link = Link("ws://127.0.0.1:0", self.hello, ctx, self.args.reconnect_s, say=say)
        return self._link

    async def start(self) -> None:
        from billiard.net.rooms import RoomStore
        from billiard.net.server import Limits, Server

        args = self.args
        server = Server(
            RoomStore(self.kept),
            Limits(max_rooms=1, reconnect_s=args.reconnect_s),
            say=lambda line: None,
            host_seat=0,
        )
        port = await server.start(args.bind, args.port, self.tls)
        self.server = server
        if self._link is not None:
            self._link.url = f"{'wss' if self.tls else 'ws'}://127.0.0.1:{port}"
        if self.kept is not None:
            self._beat = asyncio.get_running_loop().create_task(self._heartbeat())
        if not args.no_announce:
            from billiard.net.discovery import Announcement

            announcement = Announcement(self.hello.name, port, self.hello.mode, self.hello.table or "", self.room)
            try:
                await announcement.start()
                self.announcement = announcement
            except (OSError, RuntimeError) as exc:
                warn(f"not announced on the LAN ({exc}); others join with the address")
        say(f"hosting {self.hello.mode} on port {port}: join with  billiard join HOST:{port}")

    async def stop(self) -> None:
        if self._beat is not None:
            self._beat.cancel()
        if self.server is not None:
            await _let_others_finish(self.server, self.room)
        if self.announcement is not None:
            await self.announcement.close()
        if self.server is not None:
            await self.server.close()


async def _host_direct(direct: DirectHost, spec, args: argparse.Namespace) -> dict:
    link = direct.link()
    await direct.start()
    try:
        return await run_online(
            link,
            spec,
            args.seed,
            args.max_shots,
            "host",
            "?",
            say,
            _recorder(args),
            _chat(args),
            direct.keep_seat,
        )
    finally:
        await direct.stop()


async def _let_others_finish(server, room: str) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + HOST_GRACE_S
    while loop.time() < end:
        live = server.rooms.get(room)
        if live is None or not live.connections():
            return
        await asyncio.sleep(0.1)


def _window(args: argparse.Namespace, link: Link, before=None, after=None, keep=None) -> int:
    """Play (or watch) this side in the game window."""
    import os

    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise BilliardError("no display to open the game window on (use --headless)")
    from billiard.shell.pygletconf import configure

    configure(headless=False)
    from billiard import settings
    from billiard.audio.engine import AudioEngine
    from billiard.net.bridge import NetThread
    from billiard.net.window import run_online_window

    net = NetThread(link, before, after)
    welcome = net.start()
    if keep is not None and welcome.seat is not None:
        keep(welcome.token)
    elif before is None and welcome.seat is not None:  # a restart takes the seat back
        _keep_seat(args, link.url, args.room)(welcome.token)
    chosen = settings.load()
    audio = AudioEngine.for_window(chosen.volume, chosen.mute or args.mute, None)
    if _chat(args):
        from billiard.net.messages import Chat

        net.send(Chat(_chat(args)))
    size = getattr(args, "size", (1280, 720))
    return run_online_window(net, welcome, size, record=_recorder(args), data_dir=args.data_dir, audio=audio)


def join(args: argparse.Namespace) -> int:
    if args.list:
        from billiard.net.discovery import browse

        found = browse()
        for k, f in enumerate(found, 1):
            say(f"{k}. {f.line()}")
        say(f"{len(found)} game(s) found on the local network")
        return 0
    spec = _spec(args)
    address = args.address or args.via
    if args.address and args.via:
        raise BilliardError("give either an address or --via SERVER, not both")
    if address is None:
        from billiard.net.discovery import browse

        found = browse()
        if not found:
            raise BilliardError("no game found on the local network (give the host's address: billiard join HOST:PORT)")
        for k, f in enumerate(found, 1):
            say(f"{k}. {f.line()}")
        if not 1 <= args.pick <= len(found):
            raise BilliardError(f"--pick {args.pick}: {len(found)} game(s) found")
        address = found[args.pick - 1].address
    if args.via and not args.room:
        raise BilliardError("--via needs --room NAME (the host was shown it)")
    target = options.url(address, args.tls)
    hello = options.hello(args, "player")
    if spec is None:
        return _window(args, _link(args, target, hello))
    summary = asyncio.run(
        run_online(
            _link(args, target, hello),
            spec,
            args.seed,
            args.max_shots,
            "join",
            target,
            say,
            _recorder(args),
            _chat(args),
            _keep_seat(args, target, hello.room),
        )
    )
    return _finish(args, summary)


def watch(args: argparse.Namespace) -> int:
    address = args.address or args.via
    if address is None:
        raise BilliardError("watch needs an address (HOST:PORT) or --via SERVER --room NAME")
    target = options.url(address, args.tls)
    hello = options.hello(args, "watcher")
    if not args.headless:
        return _window(args, _link(args, target, hello))
    summary = asyncio.run(
        run_online(_link(args, target, hello), None, None, 1_000_000, "watcher", target, say, _recorder(args))
    )
    return _finish(args, summary)
