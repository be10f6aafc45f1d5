"""The five computer levels: the execution noise of the strike (magnitude of :mod:`noise`)
and how hard the computer searches. Level 5 plays at the tournaments' magnitude 1, level 1
at magnitude 6 (documented in docs/computer-player.md)."""
from __future__ import annotations

from dataclasses import dataclass

from billiard.errors import BilliardError


@dataclass(frozen=True)
class Level:
    """``noise``: magnitude of the Gaussian strike noise; ``seconds``: wall-clock budget of
    one decision; ``max_sims``: most shots simulated in one decision; ``options``: how many
    pot options (target x pocket) are tried; ``variants``: speed/spin variations tried per
    option; ``robust``: noisy copies simulated for each of the ``finalists`` best candidates;
    ``banks``: bank pots and kicks are searched; ``position``: the cue ball's next position
    counts in the score (otherwise only the pot and the foul do); ``throw``: the aim is
    corrected for throw by probing the first contact."""

    number: int
    noise: float
    seconds: float
    max_sims: int
    options: int
    variants: int
    robust: int
    finalists: int
    banks: bool
    position: bool
    throw: bool = True


LEVELS: dict[int, Level] = {
    1: Level(1, noise=6.0, seconds=0.6, max_sims=8, options=2, variants=1, robust=0, finalists=1,
             banks=False, position=False, throw=False),
    2: Level(2, noise=4.0, seconds=1.0, max_sims=14, options=3, variants=2, robust=0, finalists=1,
             banks=False, position=True),
    3: Level(3, noise=3.0, seconds=1.5, max_sims=24, options=4, variants=3, robust=2, finalists=2,
             banks=True, position=True),
    4: Level(4, noise=2.0, seconds=2.0, max_sims=36, options=5, variants=4, robust=3, finalists=3,
             banks=True, position=True),
    5: Level(5, noise=1.0, seconds=2.4, max_sims=48, options=6, variants=5, robust=4, finalists=3,
             banks=True, position=True),
}


def level(number: int) -> Level:
    try:
        return LEVELS[int(number)]
    except (KeyError, ValueError, TypeError):
        raise BilliardError(f"computer level must be 1 to 5, got {number!r}") from None
