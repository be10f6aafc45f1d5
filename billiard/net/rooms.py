"""The server's rooms: one match each, its log of accepted actions, the seats' tokens, and
what the server checks an action against (whose turn, the state it is played from, where a
ball in hand may go). Rooms are kept on disk, one JSON file each, written then renamed
after every accepted action, so a server restart loses no finished shot.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from pathlib import Path

import msgspec
import numpy as np

from billiard.errors import BilliardError
from billiard.game.spotting import in_hand_ok
from billiard.net.codec import ProtocolError, encode
from billiard.net.messages import BallEnd, Chat, Decision, EndState, Entry, Name, RoomName, Shot
from billiard.net.race import Standing
from billiard.net.state import capture, state_hash
from billiard.physics.state import Balls, Motion
from billiard.shot.atomic import atomic_write
from billiard.table import Table, get_table

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud, typed again
ROOM_FORMAT = "billiard-room/1"


class RoomRecord(msgspec.Struct, forbid_unknown_fields=True):
    """A room as kept on disk (and in memory)."""

    format: str
    name: RoomName
    program: str
    mode: str
    table: str
    ball_set: str
    seed: int
    password_hash: str
    players: list[Name]
    tokens: list[str]
    start: EndState
    log: list[Entry] = []
    closed: bool = False
    updated: float = 0.0
    race: int = 1  # racks (frames) to win the match


def password_hash(room: str, password: str) -> str:
    return "" if not password else hashlib.sha256(f"billiard-room:{room}:{password}".encode()).hexdigest()


def new_code(taken) -> str:
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(5))
        if code not in taken:
            return code


class Room:
    """One match on the server: its record, and the checks an action must pass."""

    def __init__(self, record: RoomRecord) -> None:
        self.record = record
        self.table: Table = get_table(record.table)
        self.standing = Standing(record.mode, record.race, breaker=record.start.turn)
        self.end = record.start
        for entry in record.log:
            self._follow(entry.seat, entry.action)

    @classmethod
    def create(
        cls,
        name: str,
        program: str,
        mode: str,
        table: str,
        ball_set: str,
        seed: int,
        password: str,
        host: str,
        race: int = 1,
    ) -> Room:
        """A room for a new game; the game is set up here once (an unknown mode or a table
        it cannot be played on is refused in one line) for the state the break starts from."""
        from billiard.app.autoplay import rack_seed
        from billiard.app.setup import new_session

        session = new_session(mode, table or None, rack_seed(seed))
        if ball_set and ball_set != session.table.ball_set:
            raise BilliardError(f"table '{session.table.name}' has {session.table.ball_set} balls, not {ball_set}")
        record = RoomRecord(
            ROOM_FORMAT,
            name,
            program,
            mode,
            session.table.name,
            session.table.ball_set,
            seed,
            password_hash(name, password),
            [host],
            [secrets.token_urlsafe(24)],
            capture(session),
            updated=time.time(),
            race=race,
        )
        return cls(record)

    # -- state ----------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.record.name

    @property
    def over(self) -> bool:
        """The match is decided (the race won, or a player resigned)."""
        return self.standing.over(self.end.game_over, self.end.winner)

    @property
    def started(self) -> bool:
        """A stroke or decision has been accepted (there is a match to come back to)."""
        return any(not isinstance(e.action, Chat) for e in self.record.log)

    @property
    def full(self) -> bool:
        return len(self.record.players) >= 2

    def _follow(self, seat: int, action) -> None:
        """Keep the race's standing and the last end state after an accepted action."""
        if isinstance(action, Chat):
            return
        if isinstance(action, Decision) and action.what == "next_rack":
            self.standing.advance(self.end.winner, 0, [])
        elif isinstance(action, Decision) and action.what == "resign":
            if self.end.game_over and self.end.winner is not None:  # between racks: that rack counts
                self.standing.wins[self.end.winner] += 1
            self.standing.resigned = seat
        self.end = action.end

    def seat_of(self, token: str) -> int | None:
        if not token:
            return None
        for seat, t in enumerate(self.record.tokens):
            if secrets.compare_digest(t, token):
                return seat
        return None

    def password_ok(self, password: str) -> bool:
        return secrets.compare_digest(self.record.password_hash, password_hash(self.name, password))

    def take_seat(self, name: str) -> tuple[int, str]:
        token = secrets.token_urlsafe(24)
        self.record.players.append(name)
        self.record.tokens.append(token)
        return len(self.record.players) - 1, token

    # -- actions --------------------------------------------------------------------------
    def check(self, seat: int, action) -> None:
        """Refuse (ProtocolError) what no honest peer sends: acting out of turn, from another
        state than the last one accepted, after the end, or a ball in hand put down where the
        rules do not allow it. Physics is the peers' own business (they compare)."""
        if isinstance(action, Chat):
            return
        end = self.end
        if self.over:
            raise ProtocolError("the match is over")
        if not self.full:
            raise ProtocolError("the game starts when the second player is here")
        breaker = self.standing.breaker_after(end.winner)
        if isinstance(action, Decision):  # an answer may be the other player's (the peer checks)
            if action.what == "next_rack":
                if not end.game_over:
                    raise ProtocolError("no next rack: this rack is not over")
                if seat != breaker:
                    raise ProtocolError(f"the next rack is player {breaker + 1}'s to break")
                if action.end.game_over or action.end.turn != breaker:
                    raise ProtocolError("the next rack's state is not a new rack for its breaker")
            elif end.game_over and action.what != "resign":
                raise ProtocolError(f"the rack is over: player {breaker + 1} starts the next")
            elif action.what == "pass_back" and seat != end.turn:
                raise ProtocolError(f"it is not player {seat + 1}'s turn")
            start = end
        else:
            if end.game_over:
                raise ProtocolError(f"the rack is over: player {breaker + 1} starts the next")
            if seat != end.turn:
                raise ProtocolError(f"it is not player {seat + 1}'s turn")
            start = self._placed(end, action)
        if action.start_hash != state_hash(start):
            raise ProtocolError("the action was played from another state than the last one accepted")
        if state_hash(action.end) != action.end_hash:
            raise ProtocolError("the end state does not match its hash")
        if [b.id for b in action.end.balls] != [b.id for b in end.balls]:
            raise ProtocolError("the end state has other balls than the game")

    def _placed(self, end: EndState, shot: Shot) -> EndState:
        """``end`` with the ball in hand put down where ``shot`` says, checked by the rules'
        own test (on the bed, in the kitchen or the D when so, touching no ball)."""
        if shot.place is None:
            if end.in_hand is not None:
                raise ProtocolError("ball in hand: the stroke must say where the cue ball was put down")
            return end
        if end.in_hand is None:
            raise ProtocolError("a ball in hand was put down without ball in hand")
        cue = shot.strike.ball
        ids = [b.id for b in end.balls]
        if cue not in ids:
            raise ProtocolError(f"no ball '{cue}' in this game")
        from billiard.physics.params import preset

        params = preset(self.table.ball_set)
        balls = Balls.create(tuple(ids), np.array([b.pos for b in end.balls]), params.ball_mass, params.ball_radius)
        balls.motion[:] = [b.motion for b in end.balls]
        x, y = shot.place
        if not in_hand_ok(end.in_hand, self.table, balls, cue, x, y):
            raise ProtocolError(f"ball in hand put down on an illegal spot ({x:.3f}, {y:.3f})")
        moved = [
            BallEnd(b.id, (x, y, float(balls.radius[i])), int(Motion.REST), None) if b.id == cue else b
            for i, b in enumerate(end.balls)
        ]
        return msgspec.structs.replace(end, balls=moved)

    def accept(self, seat: int, action, at: float) -> Entry:
        entry = Entry(len(self.record.log) + 1, seat, action, at)
        self.record.log.append(entry)
        self.record.updated = at
        self._follow(seat, action)
        return entry

    def log_after(self, have: int) -> list[Entry]:
        return self.record.log[have:]


class RoomStore:
    """Rooms on disk under ``folder`` (None: kept in memory only)."""

    def __init__(self, folder: str | Path | None) -> None:
        self.folder = Path(folder) if folder is not None else None
        if self.folder is not None:
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise BilliardError(f"cannot use {self.folder} for the rooms: {exc.strerror or exc}") from None

    def save(self, room: Room) -> None:
        self.write(room.name, encode(room.record))

    def write(self, name: str, data: bytes) -> None:
        """A room's file, written then renamed (safe from any thread)."""
        if self.folder is not None:
            atomic_write(self.folder / f"{name}.json", data)

    def load_all(self, warn) -> list[Room]:
        """Every open room on disk; a damaged file is one warning and is left as it is."""
        if self.folder is None:
            return []
        rooms = []
        decoder = msgspec.json.Decoder(RoomRecord)
        for path in sorted(self.folder.glob("*.json")):
            try:
                record = decoder.decode(path.read_bytes())
                if record.format != ROOM_FORMAT or f"{record.name}.json" != path.name:
                    raise BilliardError("not a room of this server")
                room = Room(record)
            except (OSError, msgspec.MsgspecError, BilliardError) as exc:
                warn(f"room file {path.name} skipped: {exc}")
                continue
            if not record.closed and not room.over:
                rooms.append(room)
        return rooms
