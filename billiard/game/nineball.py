"""9-ball under the WPA World Standardized Rules: the lowest ball first, the 9 wins, the
push-out after the break (2.4), three consecutive fouls after a warning (7.1 / 2.8), the
stalemate re-rack (1.12 / 2.9). See docs/rules.md for every clause and what is left out.

The push-out is offered as a pending decision right after the break (answer "push-out",
or :meth:`NineBall.declare_push_out`); after one, the incoming player's decision is to
shoot or pass the shot back (answer "pass", or :meth:`NineBall.pass_back`).
"""

from __future__ import annotations

from billiard.errors import BilliardError
from billiard.game.base import EFFECT_NONE, PoolRules
from billiard.game.decisions import Choice, Decision
from billiard.game.facts import ShotFacts
from billiard.game.outcome import IN_HAND_ANYWHERE, Outcome, TableState

NO_PROGRESS_INNINGS = 20  # innings in a row with no ball pocketed: the stalemate warning (1.12)
LAST_TURNS = 6  # then three more turns each (1.12) before the re-rack


class NineBall(PoolRules):
    name = "9-ball"
    rack = "9-ball"
    help_lines = (
        "On: the lowest-numbered ball first (WPA 2.5)",
        "After the break: X pushes out, then R passes it back (WPA 2.4)",
        "Two fouls in a row: a third loses the rack (WPA 2.8)",
        "No progress: re-rack, the same player breaks (WPA 2.9)",
    )

    def __init__(self, players: tuple[str, str] = ("Player 1", "Player 2")) -> None:
        super().__init__(players)
        self.push_available = False  # the shot right after the break may be a push-out
        self.push_declared = False
        self.may_pass = False  # after a push-out the incoming player may pass back
        self.warned = [False, False]  # told after a second consecutive foul (2.8)
        self.breaker = 0
        self.idle_innings = 0  # innings in a row with no ball pocketed
        self.last_turns: int | None = None  # innings left after the stalemate warning

    def set_on(self, on: str) -> None:
        """A layout in 9-ball: after the break, the lowest ball on (nothing else to say)."""
        self.breaking = False

    def hand_over(self, player: int) -> None:
        self.breaker = player  # who starts the rack breaks it again after a stalemate

    def targets(self, on_table: frozenset[str]) -> tuple[str, ...]:
        balls = sorted((b for b in on_table if b.isdigit()), key=int)
        return tuple(balls[:1])

    def on_text(self, on_table: frozenset[str]) -> str:
        if self.push_declared:
            return "On: push-out (any ball, no rail needed)"
        lowest = self.targets(on_table)
        return f"On: {lowest[0]} (the lowest ball)" if lowest else "On: nothing"

    def warning(self) -> str:
        if self.warned[self.turn] and self.consecutive_fouls[self.turn] >= 2:
            return f"{self.players[self.turn]}: two fouls in a row, a third loses the rack"
        if self.last_turns is not None:
            return f"No progress: {self.last_turns} more turns, then a re-rack"
        return ""

    def declare_push_out(self) -> None:
        if not self.push_available:
            raise BilliardError("a push-out is only allowed on the shot right after the break")
        self.pending = None
        self.push_declared = True
        self.message = f"{self.players[self.turn]} plays a push-out"

    def pass_back(self) -> None:
        """After a push-out the incoming player hands the shot back to the pusher."""
        if not self.may_pass:
            raise BilliardError("passing is only allowed right after a push-out")
        self.pending = None
        self.may_pass = False
        self.turn = 1 - self.turn
        self.message = f"{self.players[self.turn]} must shoot after the push-out"

    def decide(self, decision: Decision, name: str) -> str:
        if name == "push-out":
            self.declare_push_out()
        elif name == "pass":
            self.pass_back()
        elif decision.kind == "after-push-out":
            self.may_pass = False
        return EFFECT_NONE

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        lowest = self.targets(table.on_table)
        lowest_ball = lowest[0] if lowest else None
        breaking, pushing = self.breaking, self.push_declared
        if breaking:
            self.breaker = self.turn
        self.breaking = self.push_declared = self.may_pass = False
        self.push_available = False
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
            return self._foul(facts, fouls, respot)
        self.warned[self.turn] = False
        if "9" in objs and not pushing:
            return self.verdict(facts, winner=self.turn, message="9 pocketed" + (" on the break" if breaking else ""))
        if pushing:
            self.may_pass = True
            other = 1 - self.turn
            self.pending = Decision(
                "after-push-out",
                other,
                f"Push-out: {self.players[other]} shoots or passes the shot back",
                (Choice("play", "shoot from here", "F1"), Choice("pass", "pass the shot back", "R")),
                default="play",
                clause="WPA 2.4",
            )
            return self.verdict(
                facts, respot=respot, message=f"push-out: {self.players[other]} may shoot or pass the shot back"
            )
        msg = ""
        if breaking:
            self.push_available = True
            shooter = self.turn if objs else 1 - self.turn
            msg = f"{self.players[shooter]} may push out"
            self.pending = Decision(
                "push-out",
                shooter,
                msg,  # the verdict's words: the HUD shows them once (app/hud_state.py)
                (Choice("push-out", "push out", "X"), Choice("play", "play a normal shot", "F1")),
                default="play",
                clause="WPA 2.4",
            )
        stalled = self._progress(bool(objs), ended=not objs)
        if stalled is not None:
            return stalled(facts)
        return self.verdict(facts, keep_turn=bool(objs), respot=respot, message=msg)

    def _foul(self, facts: ShotFacts, fouls: list[str], respot: tuple[str, ...]) -> Outcome:
        count = self.consecutive_fouls[self.turn] + 1
        if count >= 3 and self.warned[self.turn]:
            return self.verdict(facts, fouls=fouls, winner=1 - self.turn, message="three consecutive fouls")
        msg = ""
        if count == 2:
            self.warned[self.turn] = True
            msg = f"Warning: {self.players[self.turn]} has fouled twice in a row, a third foul loses the rack"
        stalled = self._progress(bool(facts.pocketed_objects), ended=True)
        if stalled is not None:
            return stalled(facts, fouls=fouls, respot=respot)
        return self.verdict(facts, fouls=fouls, ball_in_hand=IN_HAND_ANYWHERE, respot=respot, message=msg)

    def _progress(self, pocketed: bool, ended: bool):
        """The stalemate count (WPA 1.12, 2.9): innings in a row with no ball pocketed. After
        ``NO_PROGRESS_INNINGS`` the players are warned and get three more turns each; then the
        rack is over with no winner and the original breaker breaks again. Returns the
        verdict-maker of the stalemate, or None while play goes on."""
        if pocketed:
            self.idle_innings, self.last_turns = 0, None
            return None
        if not ended:
            return None
        self.idle_innings += 1
        if self.last_turns is not None:
            self.last_turns -= 1
            if self.last_turns <= 0:
                self.rerack_by = self.breaker
                self.last_turns = None
                return lambda facts, **kw: self.verdict(
                    facts, message=f"stalemate: re-rack, {self.players[self.breaker]} breaks again", **kw
                )
        elif self.idle_innings >= NO_PROGRESS_INNINGS:
            self.last_turns = LAST_TURNS
        return None
