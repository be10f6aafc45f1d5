"""8-ball under the WPA World Standardized Rules (break 3.3, open table 3.4, groups, fouls
section 6, losing the rack on the 8): see docs/rules.md for every clause and what is left out.

The choices the rules give a player are pending decisions (:mod:`billiard.game.decisions`):
after an illegal break, accept the table or re-rack (3.3 d); after the 8 on the break,
spot it and play on or re-rack (3.3 e, f); with ``called_shots`` (an option, WPA 1.6), the
pocket before each shot, where obvious shots need not be called.
"""

from __future__ import annotations

from billiard.game.base import EFFECT_NONE, EFFECT_RERACK, PoolRules
from billiard.game.decisions import Choice, Decision
from billiard.game.facts import ShotFacts
from billiard.game.outcome import IN_HAND_ANYWHERE, IN_HAND_KITCHEN, Outcome, TableState

POCKET_KEYS = ("F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8")
NO_CALL = "obvious"  # the call decision's default: an obvious shot, nothing called
GROUPS = {"solids": frozenset(str(n) for n in range(1, 8)), "stripes": frozenset(str(n) for n in range(9, 16))}
ON_CHOICES = ("open", "solids", "stripes")  # a layout's "rules": {"on": ...} in 8-ball


def group_of(ball: str) -> str | None:
    return next((name for name, balls in GROUPS.items() if ball in balls), None)


class EightBall(PoolRules):
    name = "8-ball"
    rack = "8-ball"
    help_lines = (
        "Open table: any ball but the 8 first (WPA 3.4)",
        "A foul: ball in hand anywhere (WPA 6)",
        "8 on the break: spot it or re-rack (WPA 3.3 e)",
        "The 8 before your group is cleared, or on a foul, loses (WPA 3.6)",
    )

    def __init__(self, players: tuple[str, str] = ("Player 1", "Player 2"), called_shots: bool = False) -> None:
        super().__init__(players)
        self.groups: list[str | None] = [None, None]  # None: table open
        self.called_shots = called_shots
        self.called: str | None = None  # the pocket called for the next shot

    def table_at_rest(self, table: TableState) -> None:
        """With called shots, offer the call before each shot but the break (WPA 1.6)."""
        if not self.called_shots or self.breaking or self.game_over or self.pending is not None or not table.pockets:
            return
        self.pending = Decision(
            "call",
            self.turn,
            f"{self.players[self.turn]}: call the pocket",  # F9 (an obvious shot) says the rest
            tuple(Choice(p, p, POCKET_KEYS[k]) for k, p in enumerate(table.pockets[: len(POCKET_KEYS)]))
            + (Choice(NO_CALL, "an obvious shot", "F9"),),
            default=NO_CALL,
            clause="WPA 1.6",
        )

    def group(self, player: int) -> str:
        return self.groups[player] or ("open table" if not self.breaking else "")

    def set_on(self, on: str) -> None:
        """A layout's ``"rules": {"on": ...}``: "open" or the shooter's group."""
        self.breaking = False
        if on == "open":
            self.groups = [None, None]
        else:
            other = "stripes" if on == "solids" else "solids"
            self.groups = [other, other]
            self.groups[self.turn] = on

    def hand_over(self, player: int) -> None:
        if player != self.turn:
            self.groups.reverse()

    def _mine(self, player: int) -> frozenset[str]:
        name = self.groups[player]
        return GROUPS[name] if name else GROUPS["solids"] | GROUPS["stripes"]

    def targets(self, on_table: frozenset[str]) -> tuple[str, ...]:
        mine = self._mine(self.turn) & on_table
        if self.groups[self.turn] and not mine:
            return ("8",)
        return tuple(sorted(mine, key=int))

    def on_text(self, on_table: frozenset[str]) -> str:
        if self.breaking:
            return "On: the break (any ball)"
        group = self.groups[self.turn]
        if group is None:
            return "On: any ball but the 8 (open table)"
        return "On: the 8" if self.targets(on_table) == ("8",) else f"On: the {group}"

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        if self.breaking:
            self.breaking = False
            return self._judge_break(facts)
        objs = facts.pocketed_objects
        group = self.groups[self.turn]
        cleared = group is not None and not (GROUPS[group] & table.on_table)
        called, self.called = self.called, None
        fouls = []
        if facts.first_contact is None:
            fouls.append("the cue ball hit nothing")
        elif group is None and facts.first_contact == "8":
            fouls.append("the 8 hit first on an open table")  # WPA 3.4
        elif cleared and facts.first_contact != "8":
            fouls.append(f"hit the {facts.first_contact} first instead of the 8")
        elif group is not None and not cleared and facts.first_contact not in GROUPS[group]:
            fouls.append(f"hit the {facts.first_contact} first, not one of the {group}")
        if facts.first_contact is not None and not objs and not facts.rail_after_contact:
            fouls.append("no ball reached a rail after contact")
        if facts.scratch:
            fouls.append("scratch")
        fouls += facts.jump_foul
        if "8" in objs:
            if fouls:
                return self.verdict(facts, fouls=fouls, winner=1 - self.turn, message="8 pocketed on a foul")
            if not cleared:
                return self.verdict(facts, winner=1 - self.turn, message="8 pocketed before the group was cleared")
            if self.called_shots and self._made(facts, called, frozenset(["8"])) is None:
                return self.verdict(facts, winner=1 - self.turn, message="8 pocketed in a pocket not called")
            return self.verdict(facts, winner=self.turn, message="8 pocketed")
        if fouls:
            return self.verdict(facts, fouls=fouls, ball_in_hand=IN_HAND_ANYWHERE)
        made = objs[0] if objs else None
        if self.called_shots and objs:
            made = self._made(facts, called, self._mine(self.turn))
            if made is None:  # WPA 1.6: not the called (or obvious) shot: the balls stay down
                return self.verdict(facts, message="not the called shot: the turn passes")
        if group is None and made is not None:
            chosen = group_of(made)
            self.groups[self.turn] = chosen
            self.groups[1 - self.turn] = "stripes" if chosen == "solids" else "solids"
            return self.verdict(facts, keep_turn=True, message=f"{self.players[self.turn]} takes the {chosen}")
        own = [b for b in objs if b in self._mine(self.turn)]
        return self.verdict(facts, keep_turn=bool(own))

    @staticmethod
    def _made(facts: ShotFacts, called: str | None, mine: frozenset[str]) -> str | None:
        """The ball that makes the shot legal under called shots: one of ``mine`` in the
        called pocket, or, nothing called, the first ball hit potted straight (obvious)."""
        if called is not None:
            return next((b for b in facts.pocketed_objects if b in mine and facts.pocket_of(b) == called), None)
        first = facts.first_contact
        return first if first in mine and first in facts.direct else None

    def _judge_break(self, facts: ShotFacts) -> Outcome:
        """WPA 3.3: a ball pocketed or four object balls to a rail; a ball driven off the
        table is a foul and goes back on the table (1.4); the 8 is spotted or the rack
        broken again (3.3 e, f)."""
        objs = tuple(b for b in facts.pocketed_objects if b not in facts.jumped)
        respot = tuple(b for b in facts.pocketed_objects if b == "8" or b in facts.jumped)
        legal = bool(objs) or len(facts.rail_balls) >= 4
        breaker, other = self.turn, 1 - self.turn
        if facts.scratch or facts.jumped:
            fouls = (["scratch on the break"] if facts.scratch else []) + facts.jump_foul
            fouls += [] if legal else ["illegal break"]
            if "8" in respot:
                self._offer_eight(other, scratch=True)
            return self.verdict(facts, fouls=fouls, ball_in_hand=IN_HAND_KITCHEN, respot=respot)
        if not legal:
            self.pending = Decision(
                "illegal-break",
                other,
                f"Illegal break: {self.players[other]} accepts the table or re-racks",
                (
                    Choice("accept", "accept the table", "F1"),
                    Choice("re-rack", "re-rack and break", "F2"),
                    Choice("re-break", f"re-rack, {self.players[breaker]} breaks again", "F3"),
                ),
                default="accept",
                clause="WPA 3.3 (d)",
            )
            return self.verdict(facts, fouls=["illegal break: fewer than four balls reached a rail"], respot=respot)
        if "8" in respot:
            self._offer_eight(breaker, scratch=False)
        msg = "8 on the break: spotted, or re-rack" if respot else "table open"
        return self.verdict(facts, keep_turn=bool(objs), respot=respot, message=msg)

    def _offer_eight(self, player: int, scratch: bool) -> None:
        spot = "spot the 8" + (", ball in hand behind the head string" if scratch else " and play on")
        self.pending = Decision(
            "eight-on-break",
            player,
            f"8 on the break: {self.players[player]} chooses",
            (Choice("spot", spot, "F1"), Choice("re-rack", "re-rack and break", "F2")),
            default="spot",
            clause="WPA 3.3 (f)" if scratch else "WPA 3.3 (e)",
        )

    def decide(self, decision: Decision, name: str) -> str:
        if decision.kind == "call":
            self.called = None if name == NO_CALL else name
            self.message = f"{self.players[self.turn]} calls the {name} pocket" if self.called else ""
            return EFFECT_NONE
        if name == "re-rack":
            self.rerack_by = decision.player
            return EFFECT_RERACK
        if name == "re-break":
            self.rerack_by = 1 - decision.player
            return EFFECT_RERACK
        return EFFECT_NONE
