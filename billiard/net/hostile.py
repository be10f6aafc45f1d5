"""A rogue client: each kind of message a hostile or broken peer might send, for the
protocol fuzz (``benchmarks/net_fuzz.py``) and its slice in the tests.

Every attack opens its own connection, sends its bad message(s) and returns the one line
the server answered (its :class:`Error`), or raises when the server did not refuse it.
"""

from __future__ import annotations

import asyncio
import json
import random

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from billiard import __version__
from billiard.net.codec import MAX_MESSAGE_BYTES, decode_server, encode
from billiard.net.messages import PROTOCOL, Error, Hello, Welcome

KINDS = (
    "oversize",
    "huge",
    "malformed",
    "nan",
    "fast-strike",
    "unknown-type",
    "wrong-type",
    "no-hello",
    "old-protocol",
    "other-program",
    "forged-token",
    "wrong-password",
    "flood",
    "out-of-turn",
    "into-ball",
    "off-table",
    "watcher-acts",
    "second-hello",
    "stale-start",
)


def _hello(**kw) -> dict:
    base = json.loads(encode(Hello(PROTOCOL, __version__, "player")))
    base.update(kw)
    return base


def _shot(place=None, speed=2.0, start="0" * 64) -> dict:
    end: dict = {
        "balls": [],
        "pocketed": [],
        "in_hand": None,
        "turn": 0,
        "game_over": False,
        "winner": None,
        "rules": {},
    }
    return {
        "type": "shot",
        "strike": {"ball": "cue", "speed": speed, "heading_deg": 0.0},
        "start_hash": start,
        "end": end,
        "end_hash": "0" * 64,
        "place": place,
    }


class NotRefused(AssertionError):
    """The server took a message it should have refused."""


async def _answer(ws) -> str:
    """The server's Error line, reading past anything else until it closes."""
    try:
        while True:
            msg = decode_server(await asyncio.wait_for(ws.recv(), 10))
            if isinstance(msg, Error):
                return msg.message
    except ConnectionClosed as exc:
        if exc.rcvd is not None and exc.rcvd.code == 1009:  # the transport's own size limit
            return f"closed: message over the limit ({exc.rcvd.reason or 'too big'})"
        raise NotRefused("closed without an error line") from None


async def _open(url: str, hello: dict):
    ws = await connect(url, max_size=None, open_timeout=30, ping_interval=None)
    await ws.send(json.dumps(hello))
    return ws


async def _seated_room(url: str, room: str):
    """A room of the rogue's own with both seats its own (to act in turn and out of it)."""
    a = await _open(url, _hello(room=room, create=True, mode="9-ball", name="Rogue"))
    wa = decode_server(await asyncio.wait_for(a.recv(), 10))
    b = await _open(url, _hello(room=room, name="Rogue2"))
    wb = decode_server(await asyncio.wait_for(b.recv(), 10))
    assert isinstance(wa, Welcome) and isinstance(wb, Welcome), (wa, wb)
    return a, b


async def attack(url: str, kind: str, target_room: str, rng: random.Random) -> str:
    """Send one hostile message of ``kind``; the server's error line."""
    if kind in ("out-of-turn", "into-ball", "off-table", "stale-start"):
        a, b = await _seated_room(url, f"rogue{rng.randrange(10**9)}")
        try:
            if kind == "out-of-turn":
                await b.send(json.dumps(_shot(place=[-0.9, 0.0])))
                return await _answer(b)
            place = {"into-ball": [0.6, 0.0], "off-table": [3.0, 0.0], "stale-start": [-0.9, 0.0]}[kind]
            await a.send(json.dumps(_shot(place=place)))
            return await _answer(a)
        finally:
            await a.close()
            await b.close()
    if kind in ("watcher-acts", "second-hello", "flood"):
        ws = await _open(url, _hello(role="watcher", room=target_room))
        answer = decode_server(await asyncio.wait_for(ws.recv(), 10))
        if isinstance(answer, Error):  # the room is gone: refused at the handshake
            return f"refused at the handshake: {answer.message}"
        bad = {"watcher-acts": [_shot()], "second-hello": [_hello()], "flood": [{"type": "ping", "t": 1.0}] * 500}[kind]
        for message in bad:
            try:
                await ws.send(json.dumps(message))
            except ConnectionClosed:
                break
        return await _answer(ws)
    first: bytes | str = {
        "oversize": lambda: json.dumps(_hello(name="x" * (MAX_MESSAGE_BYTES + 10))),
        "huge": lambda: json.dumps(_hello(name="x" * (100 * MAX_MESSAGE_BYTES))),
        "malformed": lambda: '{"type": "hello", "protocol": 1,' + "".join(rng.choice('{[,:"}]') for _ in range(20)),
        "nan": lambda: json.dumps(_hello(seed=float("nan"))),
        "fast-strike": lambda: json.dumps(_shot(speed=1e9)),
        "unknown-type": lambda: json.dumps({"type": "exec", "code": "__import__('os')"}),
        "wrong-type": lambda: json.dumps(_hello(protocol="one", have=-5)),
        "no-hello": lambda: json.dumps({"type": "ping", "t": 1.0}),
        "old-protocol": lambda: json.dumps(_hello(protocol=PROTOCOL + 1)),
        "other-program": lambda: json.dumps(_hello(program="0.0.0-rogue")),
        "forged-token": lambda: json.dumps(_hello(room=target_room, token="A" * 32)),
        "wrong-password": lambda: json.dumps(_hello(role="watcher", room=target_room, password="guess")),
    }[kind]()
    ws = await connect(url, max_size=None, open_timeout=30, ping_interval=None)
    try:
        await ws.send(first)
        return await _answer(ws)
    finally:
        await ws.close()
