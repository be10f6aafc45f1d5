"""A match of several racks (frames) online: a race to N racks won, chosen by the host.

Local matches play rack after rack, the rule set saying who breaks the next (its winner in
8-ball and 9-ball, the other player in snooker and three-cushion). Online, the next rack is
a rule decision (``next_rack``) that its breaker sends once the rack is over; each side
racks the balls itself from the room's seed (the k-th draw of ``random.Random(seed)``, as
the window draws its racks), so only the decision and the new rack's state hash travel.
A rack won counts one for its winner; the match is over when a player has ``race`` racks,
or has resigned. Pure bookkeeping: no window, no network.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from billiard.game import RULES

MAX_RACE = 99


def rack_random(seed: int, rack: int) -> random.Random:
    """The generator whose next draw is rack ``rack``'s seed (1: the first rack)."""
    r = random.Random(seed)
    for _ in range(rack - 1):
        r.randrange(2**31)
    return r


def rack_seed_of(seed: int, rack: int) -> int:
    """Rack ``rack``'s seed (1: the first rack's, ``billiard.app.autoplay.rack_seed``)."""
    return rack_random(seed, rack).randrange(2**31)


def next_breaker(mode: str, winner: int | None, breaker: int) -> int:
    """Who breaks the rack after one broken by ``breaker`` and won by ``winner`` (None: a
    draw): the winner where the rule set says so, otherwise the other player."""
    rules = RULES.get(mode)
    if rules is not None and rules.winner_breaks and winner is not None:
        return winner
    return 1 - breaker


@dataclass
class Standing:
    """Where a race stands: racks won by each player before the current rack, the current
    rack's number and breaker, and who resigned (None: nobody)."""

    mode: str
    race: int = 1
    wins: list[int] = field(default_factory=lambda: [0, 0])
    rack: int = 1
    breaker: int = 0
    resigned: int | None = None
    results: list[dict] = field(default_factory=list)  # per rack left: winner, shots, scores

    def score(self, rack_over: bool, winner: int | None) -> list[int]:
        """Racks won, the current one counted once it is over."""
        out = list(self.wins)
        if rack_over and winner is not None and self.resigned is None:  # a resignation wins no rack
            out[winner] += 1
        return out

    def over(self, rack_over: bool, winner: int | None) -> bool:
        """The match is decided: a resignation, or a player has ``race`` racks."""
        return self.resigned is not None or (rack_over and max(self.score(rack_over, winner)) >= self.race)

    def breaker_after(self, winner: int | None) -> int:
        return next_breaker(self.mode, winner, self.breaker)

    def advance(self, winner: int | None, shots: int, scores: list[int], end_hash: str = "") -> int:
        """The current rack (over, won by ``winner``) is left for the next; its breaker."""
        self.results.append(
            {"rack": self.rack, "winner": winner, "shots": shots, "scores": list(scores), "end_hash": end_hash}
        )
        if winner is not None:
            self.wins[winner] += 1
        self.breaker = self.breaker_after(winner)
        self.rack += 1
        return self.breaker

    def line(self, players: tuple[str, str] | list[str], rack_over: bool, winner: int | None) -> str:
        """The HUD's word on the race: 'race to 3: Ann 2, Bob 1'."""
        a, b = self.score(rack_over, winner)
        return f"race to {self.race}: {players[0]} {a}, {players[1]} {b}"
