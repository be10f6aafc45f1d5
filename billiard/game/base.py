"""The shared turn and score model every rule set builds on: two players, whose turn,
scores, ball in hand, game over. A rule set only writes :meth:`Rules.judge`."""
from __future__ import annotations

from typing import Iterable

from billiard.errors import BilliardError
from billiard.game.facts import ShotFacts, shot_facts
from billiard.game.outcome import IN_HAND_KITCHEN, Outcome, TableState
from billiard.physics.events import Event


class Rules:
    """Turn/score bookkeeping for two players; subclasses judge each shot."""

    name = "rules"
    table = "pool-9ft"               # default table preset
    rack = "practice"                # initial layout name (``billiard.table.racks``)
    allows_undo = False
    rack_points = False               # pool: the score counts racks won (a point to the winner)
    first_in_hand: str | None = None  # ball in hand for the opening shot
    place_first = True                # a turn with the ball in hand starts by placing it
    winner_breaks = False             # who breaks the next rack: its winner (pool) or the other player
    needs_pockets = False             # the game cannot be played on a pocketless table

    def __init__(self, players: tuple[str, str] = ("Player 1", "Player 2")) -> None:
        self.players = players
        self.turn = 0
        self.scores = [0, 0]
        self.shots = 0
        self.fouls = 0
        self.ball_in_hand = self.first_in_hand
        self.game_over = False
        self.winner: int | None = None
        self.message = ""

    @property
    def cue(self) -> str:
        """Id of the ball the player on turn strikes."""
        return "cue"

    def shot_played(self, events: Iterable[Event], table: TableState) -> Outcome:
        """Judge one shot from its events, update turn and scores, and say what follows."""
        if self.game_over:
            raise BilliardError("the game is over: start a new one")
        outcome = self.judge(shot_facts(events, self.cue), table)
        self.shots += 1
        self.fouls += bool(outcome.fouls)
        self.scores = [s + p for s, p in zip(self.scores, outcome.points)]
        self.turn = outcome.next_player
        self.ball_in_hand = outcome.ball_in_hand
        self.game_over, self.winner, self.message = outcome.game_over, outcome.winner, outcome.message
        return outcome

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        raise NotImplementedError

    def declare_push_out(self) -> None:
        """9-ball's push-out; other games have none."""
        raise BilliardError(f"there is no push-out in {self.name}")

    def pass_back(self) -> None:
        """9-ball: hand the shot back after a push-out; other games have none."""
        raise BilliardError(f"there is no passing the shot back in {self.name}")

    def targets(self, on_table: frozenset[str]) -> tuple[str, ...]:
        """Balls the player on turn may legally hit first (for the HUD)."""
        return tuple(sorted(b for b in on_table if b != self.cue))

    def group(self, player: int) -> str:
        """What the player is on, for the HUD ("solids", "red", ""...)."""
        return ""

    def verdict(self, facts: ShotFacts, *, fouls: Iterable[str] = (), keep_turn: bool = False,
                points: tuple[int, int] = (0, 0), ball_in_hand: str | None = None,
                respot: Iterable[str] = (), winner: int | None = None, message: str = "") -> Outcome:
        """Build the :class:`Outcome`: the turn stays when ``keep_turn`` and passes otherwise."""
        fouls = tuple(fouls)
        other = 1 - self.turn
        if winner is not None:
            text = f"{self.players[winner]} wins" + (f": {message}" if message else "")
            if self.rack_points:
                points = (1, 0) if winner == 0 else (0, 1)
        elif fouls:
            text = "Foul: " + ", ".join(fouls) + (f". {message}" if message else "")
            if ball_in_hand:
                text += f". {self.players[other]} has ball in hand"
        else:
            text = message
        return Outcome(fouls=fouls, points=points, next_player=self.turn if keep_turn else other,
                       ball_in_hand=ball_in_hand, respot=tuple(respot), game_over=winner is not None,
                       winner=winner, message=text, pocketed=facts.pocketed)


class PoolRules(Rules):
    """What 8-ball and 9-ball share: the break from the kitchen, the winner of a rack breaks
    the next, pockets needed, a point per rack won; ``breaking`` until the break is judged."""

    first_in_hand = IN_HAND_KITCHEN
    winner_breaks = True
    needs_pockets = True
    rack_points = True

    def __init__(self, players: tuple[str, str] = ("Player 1", "Player 2")) -> None:
        super().__init__(players)
        self.breaking = True
