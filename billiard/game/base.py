"""The shared turn and score model every rule set builds on: two players, whose turn,
scores, ball in hand, game over, consecutive fouls, and the decision a player owes the
rules (:mod:`billiard.game.decisions`). A rule set writes :meth:`Rules.judge` and, when it
offers choices, :meth:`Rules.decide`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from billiard.errors import BilliardError
from billiard.game.decisions import Decision
from billiard.game.facts import ShotFacts, shot_facts
from billiard.game.outcome import IN_HAND_KITCHEN, Outcome, TableState
from billiard.physics.events import Event

# What answering a decision asks of the table, beyond the rules' own state (the session does it).
EFFECT_NONE = ""
EFFECT_RERACK = "re-rack"  # rack the balls again; ``Rules.rerack_by`` breaks
EFFECT_REPLACE = "replace"  # put the balls back where the last stroke was played from


@dataclass(frozen=True)
class RuleStatus:
    """What the HUD shows of the rules: ``on`` (what the player on turn may hit first, in
    words), each player's consecutive fouls, a ``warning`` line (the second-foul warning),
    the pending decision and ``help``: the rule lines that matter most in this game, each
    with its clause in the official rules (docs/rules.md has them all)."""

    on: str
    consecutive_fouls: tuple[int, int]
    warning: str
    decision: Decision | None
    help: tuple[str, ...]

    def to_dict(self) -> dict:
        return {
            "on": self.on,
            "consecutive_fouls": list(self.consecutive_fouls),
            "warning": self.warning,
            "decision": self.decision.to_dict() if self.decision else None,
        }


class Rules:
    """Turn/score bookkeeping for two players; subclasses judge each shot."""

    name = "rules"
    table = "pool-9ft"  # default table preset
    rack = "practice"  # initial layout name (``billiard.table.racks``)
    allows_undo = False
    rack_points = False  # pool: the score counts racks won (a point to the winner)
    first_in_hand: str | None = None  # ball in hand for the opening shot
    place_first = True  # a turn with the ball in hand starts by placing it
    winner_breaks = False  # who breaks the next rack: its winner (pool) or the other player
    needs_pockets = False  # the game cannot be played on a pocketless table
    help_lines: tuple[str, ...] = ()  # the important rules, with their clauses (the HUD's help)

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
        self.pending: Decision | None = None  # a choice the rules offer or wait for
        self.consecutive_fouls = [0, 0]
        self.rerack_by: int | None = None  # a re-rack was chosen: this player breaks it

    @property
    def cue(self) -> str:
        """Id of the ball the player on turn strikes."""
        return "cue"

    def shot_played(self, events: Iterable[Event], table: TableState) -> Outcome:
        """Judge one shot from its events, update turn and scores, and say what follows."""
        if self.game_over:
            raise BilliardError("the game is over: start a new one")
        shooter = self.turn
        self.pending = None
        frozen = {b: table.frozen_rails.get(b, ()) for b in table.frozen}
        outcome = self.judge(shot_facts(events, self.cue, frozen), table)
        self.shots += 1
        self.fouls += bool(outcome.fouls)
        self.consecutive_fouls[shooter] = self.consecutive_fouls[shooter] + 1 if outcome.fouls else 0
        self.scores = [s + p for s, p in zip(self.scores, outcome.points)]
        self.turn = outcome.next_player
        self.ball_in_hand = outcome.ball_in_hand
        self.game_over, self.winner, self.message = outcome.game_over, outcome.winner, outcome.message
        return outcome

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        raise NotImplementedError

    # -- decisions ---------------------------------------------------------------------------
    def answer(self, name: str) -> str:
        """Answer the pending decision with the option ``name``; returns what the table must
        do (``EFFECT_*``: nothing, a re-rack, the balls put back). A name the decision does
        not offer, or no decision pending, is one clear error and changes nothing."""
        d = self.pending
        if d is None:
            raise BilliardError("there is no decision to answer now")
        if d.choice(name) is None:
            raise BilliardError(f"'{name}' is not an answer to this decision (answers: {', '.join(d.names())})")
        self.pending = None
        return self.decide(d, name)

    def decide(self, decision: Decision, name: str) -> str:
        """Carry out the answer ``name`` (already checked); subclasses offering decisions
        override this. Returns an ``EFFECT_*``."""
        return EFFECT_NONE

    def before_stroke(self) -> str:
        """Called when the player on turn strikes: a decision with a default is answered by
        it (striking means that option); one without refuses the stroke."""
        d = self.pending
        if d is None:
            return EFFECT_NONE
        if d.default is None:
            keys = ", ".join(f"{c.key}: {c.label}" for c in d.options)
            raise BilliardError(f"{d.prompt} ({keys})")
        return self.answer(d.default)

    def table_at_rest(self, table: TableState) -> None:
        """Called once the balls are at rest after a shot (respots done): rules whose next
        decision depends on where the balls lie (snooker's free ball) set it here."""

    def set_on(self, on: str) -> None:
        """A layout's ``"rules": {"on": ...}``: what is on when play starts from it. Games
        with nothing to say refuse any value."""
        raise BilliardError(f'a {self.name} layout takes no "rules" "on" (got {on!r})')

    def hand_over(self, player: int) -> None:
        """Before the first shot, ``player`` rather than the player on turn starts: a state
        set for the player on turn (a layout's 8-ball group) goes with the turn."""

    def break_layout(self, table, breaker: int) -> dict[str, tuple[float, float]] | None:
        """Where balls stand for ``breaker``'s break when that depends on who breaks (None:
        the rack as it is)."""
        return None

    def status(self, on_table: frozenset[str]) -> RuleStatus:
        """The rule state for the HUD (see :class:`RuleStatus`)."""
        return RuleStatus(
            self.on_text(on_table),
            (self.consecutive_fouls[0], self.consecutive_fouls[1]),
            self.warning(),
            self.pending,
            self.help_lines,
        )

    def on_text(self, on_table: frozenset[str]) -> str:
        """What the player on turn may hit first, in words."""
        targets = self.targets(on_table)
        return "On: " + (", ".join(targets) if targets else "nothing")

    def warning(self) -> str:
        """A warning the player on turn must hear before the stroke ("" when none)."""
        return ""

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

    def verdict(
        self,
        facts: ShotFacts,
        *,
        fouls: Iterable[str] = (),
        keep_turn: bool = False,
        points: tuple[int, int] = (0, 0),
        ball_in_hand: str | None = None,
        respot: Iterable[str] = (),
        winner: int | None = None,
        message: str = "",
        draw: bool = False,
    ) -> Outcome:
        """Build the :class:`Outcome`: the turn stays when ``keep_turn`` and passes otherwise;
        the game ends with ``winner``, or with none when ``draw``."""
        fouls = tuple(fouls)
        other = 1 - self.turn
        if winner is not None:
            text = f"{self.players[winner]} wins" + (f": {message}" if message else "")
            if self.rack_points:
                points = (1, 0) if winner == 0 else (0, 1)
        elif draw:
            text = "Draw" + (f": {message}" if message else "")
        elif fouls:
            text = "Foul: " + ", ".join(fouls) + (f". {message}" if message else "")
            if ball_in_hand:
                text += f". {self.players[other]} has ball in hand"
        else:
            text = message
        return Outcome(
            fouls=fouls,
            points=points,
            next_player=self.turn if keep_turn else other,
            ball_in_hand=ball_in_hand,
            respot=tuple(respot),
            game_over=winner is not None or draw,
            winner=winner,
            message=text,
            pocketed=facts.pocketed,
        )


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
