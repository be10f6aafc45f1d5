"""Every message of the network protocol, as msgspec Structs with their limits.

Decoding a message (``billiard.net.codec``) checks it against these types and constraints
(types, ranges, lengths), so a message that got through is well formed: a hostile peer can
send nothing that the code past the decoder has to be wary of, except what needs the game's
state (whose turn it is, where the balls lie), which the server and the match check.

Client to server: :class:`Hello` first, then actions (:class:`Shot`, :class:`Decision`,
:class:`Chat`) and :class:`Ping`. Server to client: :class:`Welcome` after the handshake,
:class:`Entry` for each accepted action (to everyone in the room, the sender too),
:class:`Presence` when a player leaves or comes back, :class:`Pong`, and :class:`Error`
(then the server closes the connection).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from msgspec import Meta, Struct

from billiard.formats.strike import Strike

PROTOCOL = 2  # bumped at any change a peer of the previous version would misread

Name = Annotated[str, Meta(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9 _.:-]+$")]
RoomName = Annotated[str, Meta(max_length=32, pattern=r"^[A-Za-z0-9_-]*$")]
OptName = Annotated[str, Meta(max_length=32, pattern=r"^[A-Za-z0-9 _.:-]*$")]
Word = Annotated[str, Meta(max_length=32)]
BallId = Annotated[str, Meta(min_length=1, max_length=16, pattern=r"^[A-Za-z0-9_-]+$")]
Hash = Annotated[str, Meta(pattern=r"^[0-9a-f]{64}$")]
Token = Annotated[str, Meta(max_length=64, pattern=r"^[A-Za-z0-9_-]*$")]
Coord = Annotated[float, Meta(ge=-10.0, le=10.0)]  # metres: larger than any table, finite
Seat = Annotated[int, Meta(ge=0, le=1)]
Seq = Annotated[int, Meta(ge=0, le=1_000_000)]
Seconds = Annotated[float, Meta(ge=0.0, le=1e10)]
Race = Annotated[int, Meta(ge=1, le=99)]  # racks (frames) a player needs to win the match


class BallEnd(Struct, frozen=True, forbid_unknown_fields=True, array_like=True):
    """One ball where a shot left it: id, centre [x, y, z], motion state (``Motion``), the
    pocket it lies in (None on the table)."""

    id: BallId
    pos: tuple[Coord, Coord, Coord]
    motion: Annotated[int, Meta(ge=0, le=5)]
    pocket: Word | None = None


class EndState(Struct, frozen=True, forbid_unknown_fields=True):
    """The table and the rules after an action, as the acting side computed them: what the
    other side takes when its own simulation came out differently (a resync)."""

    balls: Annotated[list[BallEnd], Meta(max_length=32)]
    pocketed: Annotated[list[BallId], Meta(max_length=64)]
    in_hand: Word | None
    turn: Seat
    game_over: bool
    winner: Seat | None
    rules: Annotated[dict[Word, Any], Meta(max_length=48)]


# -- client to server ---------------------------------------------------------------------
class Hello(Struct, frozen=True, forbid_unknown_fields=True, tag="hello"):
    """The handshake: who connects, to which room, with which game. A player creating a room
    (``create``) sets its game; one joining must bring the same protocol, program version,
    rules, table and ball set, or is refused in one line. ``token``: the seat of an earlier
    connection, to take it back (reconnection); ``have``: entries already known."""

    protocol: Annotated[int, Meta(ge=0, le=1000)]
    program: Word
    role: Literal["player", "watcher"]
    room: RoomName = ""
    create: bool = False
    password: Annotated[str, Meta(max_length=64)] = ""
    name: OptName = ""
    mode: Word = ""
    table: Word = ""
    ball_set: Word = ""
    seed: Annotated[int, Meta(ge=0, lt=2**31)] = 0
    token: Token = ""
    have: Seq = 0
    race: Race = 1  # a room's creator: the match is a race to this many racks


class Shot(Struct, frozen=True, forbid_unknown_fields=True, tag="shot"):
    """A stroke: ball in hand put down first (``place``), a 9-ball push-out declared, the
    strike (the one Strike of ``billiard.formats``, its ``ball`` the cue ball), the hash of
    the state it was played from, and the end state the shooter got."""

    strike: Strike
    start_hash: Hash
    end: EndState
    end_hash: Hash
    place: tuple[Coord, Coord] | None = None
    push_out: bool = False
    sent_at: Seconds = 0.0  # the shooter's clock (latency on one machine)
    intent: Word | None = None  # what the shooter said the stroke is ("safety"...): the rules judge by it


class Decision(Struct, frozen=True, forbid_unknown_fields=True, tag="decision"):
    """A rule decision without a stroke: pass the shot back after a push-out, resign the
    match, ``answer`` the rules' pending decision with ``choice`` (re-rack or accept the
    table, a free ball, a called pocket...: ``billiard.game.decisions``), or start the
    ``next_rack`` of a race (its breaker, once the rack is over: ``billiard.net.race``)."""

    what: Literal["pass_back", "resign", "answer", "next_rack"]
    start_hash: Hash
    end: EndState
    end_hash: Hash
    choice: Word = ""


class Chat(Struct, frozen=True, forbid_unknown_fields=True, tag="chat"):
    text: Annotated[str, Meta(min_length=1, max_length=200)]


class Ping(Struct, frozen=True, forbid_unknown_fields=True, tag="ping"):
    t: Seconds


Action = Union[Shot, Decision, Chat]
ClientMessage = Union[Hello, Shot, Decision, Chat, Ping]


# -- server to client ---------------------------------------------------------------------
class Entry(Struct, frozen=True, forbid_unknown_fields=True, tag="entry"):
    """One accepted action of the room's log: its number, who acted, when the server took it."""

    seq: Annotated[int, Meta(ge=1, le=1_000_000)]
    seat: Seat
    action: Action
    at: Seconds = 0.0


class Welcome(Struct, frozen=True, forbid_unknown_fields=True, tag="welcome"):
    """The handshake's answer: the room, the seat given (None: a watcher), the token that
    takes the seat back after a drop, the game, and the log entries after ``have``."""

    room: RoomName
    seat: Seat | None
    token: Token
    mode: Word
    table: Word
    seed: Annotated[int, Meta(ge=0, lt=2**31)]
    players: Annotated[list[Name], Meta(max_length=2)]
    log: Annotated[list[Entry], Meta(max_length=100_000)]
    race: Race = 1
    host_seat: Seat | None = None  # the seat whose program is the server (a direct host): its drop pauses


class Presence(Struct, frozen=True, forbid_unknown_fields=True, tag="presence"):
    """Who is connected; ``waiting_for``: the seat whose return the match waits for, with
    ``seconds_left`` before the room is closed; ``closed``: the match was abandoned."""

    players: Annotated[list[Name], Meta(max_length=2)]
    connected: Annotated[list[bool], Meta(max_length=2)]
    waiting_for: Seat | None = None
    seconds_left: Seconds = 0.0
    closed: bool = False


class Pong(Struct, frozen=True, forbid_unknown_fields=True, tag="pong"):
    t: Seconds


class Error(Struct, frozen=True, forbid_unknown_fields=True, tag="error"):
    """One line saying why the connection is refused or dropped."""

    message: Annotated[str, Meta(max_length=300)]


ServerMessage = Union[Welcome, Entry, Presence, Pong, Error]
