"""Three-cushion carom under the UMB rules: a point when the cue ball touches both object
balls and at least three cushions before its first touch of the second one; a miss passes
the turn. The break must hit the red first (UMB 3-cushion, the break), from the break
position of the player who breaks. Equal innings is an option (``equal_innings``): when
the breaker reaches the target, the other player has a last inning to equal it.
docs/rules.md has the clauses and what is left out."""

from __future__ import annotations

from billiard.game.base import Rules
from billiard.game.facts import ShotFacts
from billiard.game.outcome import Outcome, TableState
from billiard.table.model import Table

CUE_BALLS = ("white", "yellow")  # player 1 plays the white, player 2 the yellow
BREAK_OFFSET = 0.1524  # m: the breaker's ball beside the head spot on the head string
SIDES = (-1.0, 1.0)  # the white breaks from the -y side, the yellow from the +y side


class ThreeCushion(Rules):
    name = "three-cushion"
    table = "carom"
    rack = "carom"
    help_lines = (
        "A point: both balls, three cushions before the second (UMB 3-cushion)",
        "The break: the red first (UMB 3-cushion, the break)",
        "Equal innings (option): the second player has a last inning",
    )

    def __init__(
        self, players: tuple[str, str] = ("Player 1", "Player 2"), target: int = 15, equal_innings: bool = False
    ) -> None:
        super().__init__(players)
        self.target = target
        self.equal_innings = equal_innings
        self.breaking = True
        self.innings = [0, 0]
        self._last_shooter: int | None = None
        self.last_inning = False  # equal innings: the other player's last inning is under way

    @property
    def cue(self) -> str:
        return CUE_BALLS[self.turn]

    def group(self, player: int) -> str:
        return f"{CUE_BALLS[player]} ball, to {self.target}"

    def targets(self, on_table: frozenset[str]) -> tuple[str, ...]:
        if self.breaking:
            return ("red",)
        return tuple(b for b in ("white", "yellow", "red") if b != self.cue and b in on_table)

    def on_text(self, on_table: frozenset[str]) -> str:
        return "On: the red first (the break)" if self.breaking else "On: both balls, three cushions"

    def warning(self) -> str:
        return f"{self.players[self.turn]}: last inning to equal" if self.last_inning else ""

    def break_layout(self, table: Table, breaker: int) -> dict[str, tuple[float, float]]:
        """The UMB break: red on the foot spot, the other player's ball on the head spot,
        the breaker's ball on the head string beside it, on its own side."""
        hx, hy = table.spots.get("head", (-table.length / 4, 0.0))
        return {
            "red": table.spots.get("foot", (table.length / 4, 0.0)),
            CUE_BALLS[1 - breaker]: (hx, hy),
            CUE_BALLS[breaker]: (hx, hy + SIDES[breaker] * BREAK_OFFSET),
        }

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        if self._last_shooter != self.turn:
            self.innings[self.turn] += 1
            self._last_shooter = self.turn
        breaking, self.breaking = self.breaking, False
        if facts.jumped:  # UMB: a ball leaving the table ends the turn and goes back on a spot
            return self._miss(facts, fouls=facts.jump_foul, respot=facts.jumped)
        if breaking and facts.first_contact != "red":
            return self._miss(facts, fouls=["the break must hit the red first"])
        if len(facts.contacts) < 2:
            return self._miss(
                facts, message=f"no point for {self.players[self.turn]}: the cue ball did not reach both balls"
            )
        second = facts.contacts[1]
        cushions = facts.cue_cushions_before[second]
        if cushions < 3:
            plural = "s" if cushions != 1 else ""
            return self._miss(
                facts,
                message=f"no point for {self.players[self.turn]}: only {cushions} cushion{plural} before the second ball",
            )
        points = (1, 0) if self.turn == 0 else (0, 1)
        if self.scores[self.turn] + 1 >= self.target:
            return self._reached(facts, points)
        made = self.scores[self.turn] + 1
        message = f"point for {self.players[self.turn]} ({made} of {self.target})"
        return self.verdict(facts, keep_turn=True, points=points, message=message)

    def _reached(self, facts: ShotFacts, points: tuple[int, int]) -> Outcome:
        me, other = self.turn, 1 - self.turn
        if self.last_inning:
            return self.verdict(facts, points=points, draw=True, message=f"both reached {self.target} in equal innings")
        if self.equal_innings and self.innings[other] < self.innings[me]:
            self.last_inning = True
            return self.verdict(
                facts, points=points, message=f"{self.target} points: {self.players[other]} has a last inning to equal"
            )
        return self.verdict(facts, points=points, winner=me, message=f"{self.target} points")

    def _miss(self, facts: ShotFacts, **kw) -> Outcome:
        if self.last_inning:  # the last inning ends short of the target
            return self.verdict(
                facts,
                winner=1 - self.turn,
                message=f"{self.target} points in equal innings",
                **{k: v for k, v in kw.items() if k != "message"},
            )
        return self.verdict(facts, **kw)
