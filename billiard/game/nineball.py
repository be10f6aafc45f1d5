"""9-ball under the WPA world standardized rules: lowest ball first, the 9 wins, push-out.

The push-out after the break is declared with :meth:`NineBall.declare_push_out`; after
one, the incoming player may :meth:`NineBall.pass_back`. Three consecutive fouls lose.
"""
from __future__ import annotations

from billiard.errors import BilliardError
from billiard.game.base import PoolRules
from billiard.game.facts import ShotFacts
from billiard.game.outcome import IN_HAND_ANYWHERE, Outcome, TableState


class NineBall(PoolRules):
    name = "9-ball"
    rack = "9-ball"

    def __init__(self, players: tuple[str, str] = ("Player 1", "Player 2")) -> None:
        super().__init__(players)
        self.push_available = False    # the shot right after the break may be a push-out
        self.push_declared = False
        self.may_pass = False          # after a push-out the incoming player may pass back
        self.consecutive_fouls = [0, 0]

    def targets(self, on_table: frozenset[str]) -> tuple[str, ...]:
        balls = sorted((b for b in on_table if b.isdigit()), key=int)
        return tuple(balls[:1])

    def declare_push_out(self) -> None:
        if not self.push_available:
            raise BilliardError("a push-out is only allowed on the shot right after the break")
        self.push_declared = True
        self.message = f"{self.players[self.turn]} plays a push-out"

    def pass_back(self) -> None:
        """After a push-out the incoming player hands the shot back to the pusher."""
        if not self.may_pass:
            raise BilliardError("passing is only allowed right after a push-out")
        self.may_pass = False
        self.turn = 1 - self.turn
        self.message = f"{self.players[self.turn]} must shoot after the push-out"

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        lowest = self.targets(table.on_table)
        lowest_ball = lowest[0] if lowest else None
        breaking, pushing = self.breaking, self.push_declared
        self.breaking = self.push_declared = self.may_pass = False
        self.push_available = breaking
        objs = facts.pocketed_objects
        fouls = []
        if not pushing:
            if facts.first_contact is None:
                fouls.append("the cue ball hit nothing")
            elif facts.first_contact != lowest_ball:
                fouls.append(f"hit the {facts.first_contact} first instead of the {lowest_ball}")
            if breaking and not objs and len(facts.rail_balls) < 4:
                fouls.append("illegal break: fewer than four balls reached a rail")
            elif not breaking and facts.first_contact and not objs and not facts.rail_after_contact:
                fouls.append("no ball reached a rail after contact")
        if facts.scratch:
            fouls.append("scratch")
        fouls += facts.jump_foul
        respot = ("9",) if "9" in objs and (fouls or pushing) else ()
        if fouls:
            self.consecutive_fouls[self.turn] += 1
            if self.consecutive_fouls[self.turn] >= 3:
                return self.verdict(facts, fouls=fouls, winner=1 - self.turn, message="three consecutive fouls")
            return self.verdict(facts, fouls=fouls, ball_in_hand=IN_HAND_ANYWHERE, respot=respot)
        self.consecutive_fouls[self.turn] = 0
        if "9" in objs and not pushing:
            return self.verdict(facts, winner=self.turn, message="9 pocketed" + (" on the break" if breaking else ""))
        if pushing:
            self.may_pass = True
            return self.verdict(facts, respot=respot,
                                message=f"push-out: {self.players[1 - self.turn]} may shoot or pass the shot back")
        msg = ""
        if breaking:
            msg = f"{self.players[self.turn if objs else 1 - self.turn]} may push out"
        return self.verdict(facts, keep_turn=bool(objs), respot=respot, message=msg)
