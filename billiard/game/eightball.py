"""8-ball under the WPA world standardized rules (break, open table, groups, fouls, the 8).

Simplifications, said plainly: shots are not called (any pocket counts, the 8 included);
after an illegal break the incoming player accepts the table as it lies (no re-rack).
"""
from __future__ import annotations

from billiard.game.base import PoolRules
from billiard.game.facts import ShotFacts
from billiard.game.outcome import IN_HAND_ANYWHERE, IN_HAND_KITCHEN, Outcome, TableState

GROUPS = {"solids": frozenset(str(n) for n in range(1, 8)),
          "stripes": frozenset(str(n) for n in range(9, 16))}


def group_of(ball: str) -> str | None:
    return next((name for name, balls in GROUPS.items() if ball in balls), None)


class EightBall(PoolRules):
    name = "8-ball"
    rack = "8-ball"

    def __init__(self, players: tuple[str, str] = ("Player 1", "Player 2")) -> None:
        super().__init__(players)
        self.groups: list[str | None] = [None, None]   # None: table open

    def group(self, player: int) -> str:
        return self.groups[player] or ("open table" if not self.breaking else "")

    def _mine(self, player: int) -> frozenset[str]:
        name = self.groups[player]
        return GROUPS[name] if name else GROUPS["solids"] | GROUPS["stripes"]

    def targets(self, on_table: frozenset[str]) -> tuple[str, ...]:
        mine = self._mine(self.turn) & on_table
        if self.groups[self.turn] and not mine:
            return ("8",)
        return tuple(sorted(mine, key=int))

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        if self.breaking:
            self.breaking = False
            return self._judge_break(facts)
        objs = facts.pocketed_objects
        group = self.groups[self.turn]
        cleared = group is not None and not (GROUPS[group] & table.on_table)
        fouls = []
        no_score = False
        if facts.first_contact is None:
            fouls.append("the cue ball hit nothing")
        elif group is None:
            no_score = facts.first_contact == "8"       # WPA 3.3: legal, but nothing scores
        elif cleared and facts.first_contact != "8":
            fouls.append(f"hit the {facts.first_contact} first instead of the 8")
        elif not cleared and facts.first_contact not in GROUPS[group]:
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
            return self.verdict(facts, winner=self.turn, message="8 pocketed")
        if fouls:
            return self.verdict(facts, fouls=fouls, ball_in_hand=IN_HAND_ANYWHERE)
        if no_score:
            return self.verdict(facts, message="the 8 was hit first on an open table: no score")
        if group is None and objs:
            chosen = group_of(objs[0])
            self.groups[self.turn] = chosen
            self.groups[1 - self.turn] = "stripes" if chosen == "solids" else "solids"
            return self.verdict(facts, keep_turn=True, message=f"{self.players[self.turn]} takes the {chosen}")
        own = [b for b in objs if b in self._mine(self.turn)]
        return self.verdict(facts, keep_turn=bool(own))

    def _judge_break(self, facts: ShotFacts) -> Outcome:
        """WPA 8-ball break: a ball pocketed or four object balls to a rail; the 8 is respotted."""
        objs = facts.pocketed_objects
        respot = ("8",) if "8" in objs else ()
        legal = bool(objs) or len(facts.rail_balls) >= 4
        if facts.scratch:
            fouls = ["scratch on the break"] + ([] if legal else ["illegal break"])
            return self.verdict(facts, fouls=fouls, ball_in_hand=IN_HAND_KITCHEN, respot=respot)
        if not legal:
            return self.verdict(facts, fouls=["illegal break: fewer than four balls reached a rail"],
                                respot=respot)
        msg = "8 on the break: respotted" if respot else "table open"
        return self.verdict(facts, keep_turn=bool(objs), respot=respot, message=msg)
