"""Match files (``"format": "billiard-match/1"``): a whole game, reopenable at any shot.

::

    {"format": "billiard-match/1", "engine": "billiard 0.1.0", "created": "...",
     "mode": "8-ball", "table": "pool-9ft", "players": ["Ann", "Bob"],
     "start_scores": [0, 0],
     "shots": [{"shot": <billiard-shot/1>, "player": 0, "scores": [0, 1],
                "replay": "shot-001.replay.json"}, ...]}

Each entry holds the shot file (the exact ball states before the strike and the
strike), who played it, the scores *after* it, and optionally the name of its
replay file beside the match file. The position before shot k is shot k's balls
with the scores after shot k-1 (``start_scores`` before the first).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from billiard.errors import BilliardError
from billiard import values
from billiard.shot import jsonfile
from billiard.shot.atomic import atomic_write
from billiard.shot.shotfile import FORMAT as SHOT_FORMAT
from billiard.shot.shotfile import Shot

MATCH_FORMAT = "billiard-match/1"


@dataclass(frozen=True)
class MatchShot:
    """One shot of a match: the shot dict, the player index, the scores after it."""

    shot: dict[str, Any]
    scores: tuple[float, ...]
    player: int | None = None
    replay: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"shot": self.shot, "player": self.player, "scores": list(self.scores)}
        if self.replay is not None:
            out["replay"] = self.replay
        return out


@dataclass(frozen=True)
class Position:
    """The table before a shot: 1-based ``number``, its shot dict, the scores then."""

    number: int
    shot: dict[str, Any]
    scores: tuple[float, ...]
    player: int | None


@dataclass(frozen=True)
class Match:
    mode: str
    table: Any
    players: tuple[str, ...]
    start_scores: tuple[float, ...]
    shots: tuple[MatchShot, ...] = ()
    engine: str = ""
    created: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.shots)

    def position(self, number: int) -> Position:
        """The state before shot ``number`` (1-based) and the scores at that moment."""
        if not isinstance(number, int) or not 1 <= number <= len(self.shots):
            raise BilliardError(f"this match has shots 1 to {len(self.shots)}, not {number}")
        entry = self.shots[number - 1]
        before = self.start_scores if number == 1 else self.shots[number - 2].scores
        return Position(number, entry.shot, before, entry.player)

    def final_scores(self) -> tuple[float, ...]:
        return self.shots[-1].scores if self.shots else self.start_scores

    def with_shot(self, entry: MatchShot) -> "Match":
        """A new match with ``entry`` appended (validated like a loaded one)."""
        _check_scores(entry.scores, len(self.players), f"shot {len(self.shots) + 1}: 'scores'")
        return Match(self.mode, self.table, self.players, self.start_scores,
                     (*self.shots, entry), self.engine, self.created, self.extra)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": MATCH_FORMAT, "engine": self.engine, "created": self.created,
            "mode": self.mode, "table": self.table, "players": list(self.players),
            "start_scores": list(self.start_scores),
            "shots": [s.to_dict() for s in self.shots], **self.extra,
        }

    def save(self, path: str | os.PathLike) -> None:
        atomic_write(path, jsonfile.encode(self.to_dict(), pretty=True))

    @classmethod
    def from_dict(cls, data: Any, source: str = "match file") -> "Match":
        """Validate everything before building anything (never a partly loaded match)."""
        try:
            data = values.document(data, "match", MATCH_FORMAT)
            players = values.sequence(data.get("players"), "'players'", 1, 8)
            for k, name in enumerate(players):
                values.string(name, f"'players'[{k}]", 100)
            mode = values.string(data.get("mode"), "'mode' (a game mode name)")
            raw_shots = values.sequence(data.get("shots"), "'shots'")
        except BilliardError as exc:
            raise BilliardError(f"{source}: {exc}") from None
        start = data.get("start_scores", [0] * len(players))
        _check_scores(start, len(players), "'start_scores'", source)
        shots = tuple(_shot_entry(e, i + 1, len(players), source) for i, e in enumerate(raw_shots))
        known = {"format", "engine", "created", "mode", "table", "players", "start_scores", "shots"}
        return cls(mode=mode, table=data.get("table"), players=tuple(players),
                   start_scores=tuple(start), shots=shots,
                   engine=str(data.get("engine", "")), created=str(data.get("created", "")),
                   extra={k: v for k, v in data.items() if k not in known})

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Match":
        return cls.from_dict(jsonfile.read(path), source=str(path))


def _check_scores(scores: Any, n: int, what: str, source: str = "match") -> tuple[float, ...]:
    """``n`` finite numbers, one per player (the scores after a shot, or before the first)."""
    try:
        items = values.sequence(list(scores) if isinstance(scores, tuple) else scores, what, n, n)
        return tuple(values.number(s, f"{what}[{k}]") for k, s in enumerate(items))
    except BilliardError as exc:
        raise BilliardError(f"{source}: {exc} (one score per player)") from None


def _shot_entry(raw: Any, number: int, n_players: int, source: str) -> MatchShot:
    where = f"shot {number}"
    try:
        entry = values.mapping(raw, where)
        values.check_keys(entry, where, ("shot", "scores"), ("player", "replay"))
        try:
            shot = values.document(entry["shot"], "shot", SHOT_FORMAT)
            Shot.from_dict(shot)
        except BilliardError as exc:
            raise BilliardError(f"{where}: {exc}") from None
        player = entry.get("player")
        if player is not None:
            player = values.integer(player, f"{where}: 'player' (a player index)", 0, n_players - 1)
        replay = entry.get("replay")
        if replay is not None:
            replay = values.string(replay, f"{where}: 'replay' (a file name beside the match)", 255)
            if Path(replay).name != replay or replay.startswith("."):
                raise BilliardError(f"{where}: 'replay' must be a plain file name beside the match, got "
                                    f"{values.show(replay)}")
    except BilliardError as exc:
        raise BilliardError(f"{source}: {exc}") from None
    _check_scores(entry["scores"], n_players, f"{where}: 'scores'", source)
    return MatchShot(shot=dict(shot), scores=tuple(entry["scores"]), player=player, replay=replay)
