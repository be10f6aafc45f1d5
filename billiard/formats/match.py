"""The match file, ``"format": "billiard-match/1"`` (docs/formats.md): a whole game,
reopenable at any shot: the players, the scores before the first shot, and each shot (a
whole shot file) with who played it, the scores after it and its replay file's name.

Keys this definition does not name are kept as they are (a newer writer's additions);
:mod:`billiard.shot.matchfile` checks each shot against its table."""

from __future__ import annotations

from pathlib import PurePosixPath, PureWindowsPath
from typing import Annotated, Any, Literal, get_args

import msgspec
from msgspec import Meta

MatchFormat = Literal["billiard-match/1"]
MATCH_FORMAT: str = get_args(MatchFormat)[0]
MAX_PLAYERS = 8

Score = Annotated[float, Meta(ge=-1e9, le=1e9)]
PlayerName = Annotated[str, Meta(min_length=1, max_length=100)]
FileName = Annotated[str, Meta(min_length=1, max_length=255)]


class MatchShotFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One shot of a match: the shot file, the player's index, the scores after it, the
    name of its replay file beside the match file, and (optional, newer writers) the rack it
    was played in and what happened, in a few words ("pots the 6")."""

    shot: Annotated[dict[str, Any], Meta(extra_json_schema={"$ref": "#/$defs/ShotFile"})]
    scores: list[Score]
    player: Annotated[int, Meta(ge=0, lt=MAX_PLAYERS)] | None = None
    replay: FileName | None = None
    rack: Annotated[int, Meta(ge=1, le=100000)] | None = None
    note: Annotated[str, Meta(max_length=200)] | None = None

    def __post_init__(self) -> None:
        if self.replay is not None and (
            self.replay.startswith(".")
            or any(p(self.replay).name != self.replay for p in (PurePosixPath, PureWindowsPath))
        ):
            raise ValueError(f"replay: must be a plain file name beside the match, got {self.replay!r:.60}")


class MatchFile(msgspec.Struct, frozen=True):
    """A match file as written (other keys are kept, not checked)."""

    format: MatchFormat
    mode: Annotated[str, Meta(min_length=1, max_length=64)]
    players: Annotated[list[PlayerName], Meta(min_length=1, max_length=MAX_PLAYERS)]
    shots: list[MatchShotFile]
    start_scores: list[Score] | None = None
    table: Any = None
    engine: Annotated[str, Meta(max_length=200)] = ""
    created: Annotated[str, Meta(max_length=200)] = ""

    def __post_init__(self) -> None:
        n = len(self.players)
        if self.start_scores is not None and len(self.start_scores) != n:
            raise ValueError(f"start_scores: must hold one score per player ({n}), got {len(self.start_scores)}")
        for i, entry in enumerate(self.shots):
            if len(entry.scores) != n:
                raise ValueError(f"shots[{i}].scores: must hold one score per player ({n}), got {len(entry.scores)}")
            if entry.player is not None and entry.player >= n:
                raise ValueError(f"shots[{i}].player: must be a player's index, 0 to {n - 1}, got {entry.player}")
