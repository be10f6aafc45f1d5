"""The phases of a turn and the transitions between them, in one place.

A turn goes: ball in hand (``PLACE``) -> aiming (``AIM``) -> a stroke being drawn (``POWER``,
or ``AUTO`` when the computer's cue moves) -> the strike asked for (``STRIKE``) -> balls
rolling (``ROLLING``) -> judged, then the next turn starts at ``PLACE`` or ``AIM``.
``SETUP`` is practice's set-up mode. :data:`TRANSITIONS` lists every allowed move;
:func:`check` refuses any other (a bug, never a player's mistake).

What a new turn resets is decided here too (:func:`new_turn_resets`): when the turn passes
to another player (or the last shot was the computer's), the cue's tip and elevation go
back to centre and level, unless the player's setting keeps them (``Settings.keep_cue``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Phase(str, Enum):
    """A turn's phase; a str, so it reads and compares as its name (``"aim"``)."""

    PLACE = "place"
    AIM = "aim"
    POWER = "power"
    AUTO = "auto"
    STRIKE = "strike"
    ROLLING = "rolling"
    SETUP = "setup"

    def __str__(self) -> str:
        return self.value


_ANY = frozenset(Phase)
TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    # a strike given to the game directly (a script, the network) goes from aiming to rolling
    Phase.PLACE: frozenset({Phase.PLACE, Phase.AIM, Phase.SETUP, Phase.ROLLING}),
    Phase.AIM: frozenset({Phase.AIM, Phase.PLACE, Phase.POWER, Phase.AUTO, Phase.STRIKE, Phase.SETUP, Phase.ROLLING}),
    Phase.POWER: frozenset({Phase.AIM, Phase.STRIKE, Phase.PLACE, Phase.SETUP}),
    Phase.AUTO: frozenset({Phase.AIM, Phase.STRIKE}),
    Phase.STRIKE: frozenset({Phase.ROLLING, Phase.AIM, Phase.PLACE}),  # refused strike: back to aiming
    Phase.ROLLING: frozenset({Phase.AIM, Phase.PLACE, Phase.ROLLING}),
    Phase.SETUP: frozenset({Phase.AIM, Phase.SETUP}),
}
# A new game, an undo or a retry may start a turn from any phase.
RESTART = _ANY


def check(current: str, new: str, restart: bool = False) -> Phase:
    """``new`` as a Phase, when the move from ``current`` is allowed (``restart``: a new
    game, an undo or a retry, from anywhere); AssertionError otherwise."""
    to = Phase(new)
    allowed = RESTART if restart else TRANSITIONS[Phase(current)]
    assert to in allowed, f"no turn transition from {current} to {new}"
    return to


@dataclass(frozen=True)
class TurnResets:
    """What the start of a turn clears: the cue's tip and elevation (to centre and level)."""

    tip: bool
    elevation: bool


def new_turn_resets(
    previous_player: int | None, player: int, previous_was_computer: bool, keep_cue: bool
) -> TurnResets:
    """At each player's turn the tip and elevation start centred and level (issue 25, point 1:
    the computer's spin never carries into the player's shot); the same player shooting again
    keeps them, and so does everyone when ``keep_cue`` is set."""
    fresh = previous_player is not None and (previous_player != player or previous_was_computer)
    reset = fresh and not keep_cue
    return TurnResets(tip=reset, elevation=reset)
