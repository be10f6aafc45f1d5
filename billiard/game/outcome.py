"""What the rules say after a shot, and what they need to know about the table."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

# Where the incoming player may place the cue ball.
IN_HAND_ANYWHERE = "anywhere"
IN_HAND_KITCHEN = "kitchen"  # behind the head string (pool break, WPA 8-ball break scratch)
IN_HAND_D = "D"  # inside the D (snooker)


@dataclass(frozen=True)
class TableState:
    """The table as the rules see it before the shot: the ids still in play and, when the
    caller knows them (:func:`billiard.game.table_state.table_state`), where the balls lie.

    ``positions``: (x, y) of each ball on the table; ``radius`` the balls' radius;
    ``frozen``: balls touching a cushion (WPA definitions, "driven to a rail": such a ball
    must leave the rail and come back to count); ``touching``: object balls touching the
    cue ball (WPBSA, "touching ball"); ``pockets``: the table's pocket names;
    ``frozen_rails``: for a frozen ball, the rails ("top", "bottom", "left", "right") it touches. Hand-built states may leave them empty.
    """

    on_table: frozenset[str]
    positions: Mapping[str, tuple[float, float]] = field(default_factory=dict, hash=False, compare=False)
    radius: float = 0.0
    frozen: frozenset[str] = frozenset()
    touching: frozenset[str] = frozenset()
    pockets: tuple[str, ...] = ()  # the table's pocket names (8-ball's called pocket)
    frozen_rails: Mapping[str, tuple[str, ...]] = field(default_factory=dict, hash=False, compare=False)


@dataclass(frozen=True)
class Outcome:
    """The verdict on one shot.

    ``points`` are added to each player's score (index = player). ``respot`` lists the
    ball ids the app must put back on their spots (in order). ``ball_in_hand`` is one of
    the ``IN_HAND_*`` names or None.
    """

    fouls: tuple[str, ...] = ()
    points: tuple[int, int] = (0, 0)
    next_player: int = 0
    ball_in_hand: str | None = None
    respot: tuple[str, ...] = ()
    game_over: bool = False
    winner: int | None = None
    message: str = ""
    pocketed: tuple[str, ...] = field(default=())

    @property
    def foul(self) -> bool:
        return bool(self.fouls)
