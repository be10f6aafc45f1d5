"""The computer's decision around a strike (ball in hand spot, 9-ball push-out or pass).
The strike itself is the one :class:`billiard.formats.strike.Strike` every player makes."""

from __future__ import annotations

from dataclasses import dataclass

from billiard.formats.strike import Strike

__all__ = ["Decision", "Strike"]


@dataclass(frozen=True)
class Decision:
    """What the computer does on its turn.

    ``place``: where it puts the cue ball in hand first (None: where it lies). ``push_out``:
    declare a 9-ball push-out before the strike. ``pass_back``: after the opponent's push-out,
    hand the shot back instead of striking (``strike`` is then None). ``kind`` and ``target``
    say what the shot is meant to do ("pot", "bank", "kick", "safety", "carom", "break",
    "push-out", "combo", "jump", "masse", "kiss", "cannon"), for statistics and the HUD; ``expected`` is the success rate the
    search saw; ``next_ball`` the ball its look ahead plays next (None when it did not look).
    """

    strike: Strike | None
    place: tuple[float, float] | None = None
    push_out: bool = False
    pass_back: bool = False
    kind: str = ""
    target: str | None = None
    pocket: str | None = None
    expected: float = 0.0
    next_ball: str | None = None
    simulations: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0
