"""Three-cushion carom: a point when the cue ball touches both object balls and at least
three cushions before its first touch of the second one; a miss passes the turn."""
from __future__ import annotations

from billiard.game.base import Rules
from billiard.game.facts import ShotFacts
from billiard.game.outcome import Outcome, TableState

CUE_BALLS = ("white", "yellow")     # player 1 plays the white, player 2 the yellow


class ThreeCushion(Rules):
    name = "three-cushion"
    table = "carom"
    rack = "carom"

    def __init__(self, players: tuple[str, str] = ("Player 1", "Player 2"), target: int = 15) -> None:
        super().__init__(players)
        self.target = target

    @property
    def cue(self) -> str:
        return CUE_BALLS[self.turn]

    def group(self, player: int) -> str:
        return f"{CUE_BALLS[player]} ball, to {self.target}"

    def targets(self, on_table: frozenset[str]) -> tuple[str, ...]:
        return tuple(b for b in ("white", "yellow", "red") if b != self.cue and b in on_table)

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        if facts.jumped:       # UMB: a ball leaving the table ends the turn and goes back on a spot
            return self.verdict(facts, fouls=facts.jump_foul, respot=facts.jumped)
        if len(facts.contacts) < 2:
            return self.verdict(facts, message="miss: the cue ball did not reach both balls")
        second = facts.contacts[1]
        cushions = facts.cue_cushions_before[second]
        if cushions < 3:
            return self.verdict(facts, message=f"miss: only {cushions} cushion{'s' if cushions != 1 else ''} "
                                               "before the second ball")
        points = (1, 0) if self.turn == 0 else (0, 1)
        if self.scores[self.turn] + 1 >= self.target:
            return self.verdict(facts, points=points, winner=self.turn, message=f"{self.target} points")
        return self.verdict(facts, keep_turn=True, points=points, message="point")
