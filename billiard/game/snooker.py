"""Snooker (WPBSA rules): reds and colours in turn, then the colours in sequence; colours
are respotted while reds remain or after a foul; a foul gives the opponent the value of
the ball on, the ball hit or the ball potted, at least 4.

A tie after the last black re-spots the black and the other player plays it with the cue
ball in hand in the D (the rules toss a coin for who plays first).
Simplifications: the colour after a red is nominated by hitting it first; no free ball,
no miss rule.
"""
from __future__ import annotations

from billiard.game.base import Rules
from billiard.game.facts import ShotFacts
from billiard.game.outcome import IN_HAND_D, Outcome, TableState

COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")
VALUES = {c: v for v, c in enumerate(COLOURS, start=2)}


def value(ball: str) -> int:
    return 1 if ball.startswith("red") else VALUES.get(ball, 0)


class Snooker(Rules):
    name = "snooker"
    table = "snooker"
    rack = "snooker"
    first_in_hand = IN_HAND_D
    needs_pockets = True

    def __init__(self, players: tuple[str, str] = ("Player 1", "Player 2")) -> None:
        super().__init__(players)
        self.colour_next = False     # a red was potted: any colour is on

    def on(self, on_table: frozenset[str]) -> frozenset[str]:
        """The balls on for the next shot."""
        if self.colour_next:
            return frozenset(COLOURS)
        reds = frozenset(b for b in on_table if b.startswith("red"))
        if reds:
            return reds
        left = [c for c in COLOURS if c in on_table]
        return frozenset(left[:1])

    def group(self, player: int) -> str:
        return "colour" if self.turn == player and self.colour_next else ""

    def targets(self, on_table: frozenset[str]) -> tuple[str, ...]:
        on = self.on(on_table) & on_table
        return tuple(sorted(on, key=lambda b: (value(b), b)))

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        on = self.on(table.on_table)
        reds_before = any(b.startswith("red") for b in table.on_table)
        after_last_red = self.colour_next and not reds_before
        sequence = not reds_before and not self.colour_next
        first = facts.first_contact
        # Hitting a colour first nominates it when any colour is on.
        target = frozenset([first]) if self.colour_next and first in on else on
        objs = facts.pocketed_objects
        fouls = []
        if first is None:
            fouls.append("the cue ball hit nothing")
        elif first not in on:
            fouls.append(f"hit the {first} first, not a ball on")
        wrong = [b for b in objs if b not in target]
        if wrong:
            fouls.append("potted " + ", ".join(wrong))
        if facts.scratch:
            fouls.append("in-off")
        fouls += facts.jump_foul
        colours_down = [b for b in objs if b in VALUES]
        on_value = max(value(b) for b in target) if first in on or not self.colour_next else 4
        self.colour_next = False
        if fouls:
            penalty = max([4, on_value] + [value(b) for b in ((first,) if first else ()) + objs])
            points = (0, penalty) if self.turn == 0 else (penalty, 0)
            respot = colours_down
            last_black = sequence and on == frozenset(["black"])
            if last_black:
                return self._end(facts, points, fouls)
            return self.verdict(facts, fouls=fouls, points=points, respot=respot,
                                ball_in_hand=IN_HAND_D if facts.scratch else None,
                                message=f"{penalty} away")
        gained = sum(value(b) for b in objs)
        points = (gained, 0) if self.turn == 0 else (0, gained)
        respot = colours_down if not sequence else []
        if sequence and "black" in objs:
            return self._end(facts, points, [])
        reds_left = any(b.startswith("red") for b in table.on_table - set(objs))
        self.colour_next = bool(objs) and not after_last_red and any(b.startswith("red") for b in objs)
        msg = f"{gained} point{'s' if gained != 1 else ''}" if gained else ""
        if objs and not reds_left and not self.colour_next and not after_last_red and not sequence:
            msg += "; colours in sequence"
        return self.verdict(facts, keep_turn=bool(objs), points=points, respot=respot, message=msg)

    def _end(self, facts: ShotFacts, points: tuple[int, int], fouls: list[str]) -> Outcome:
        """The last black is down (or fouled): the frame goes to the higher score; a tie
        re-spots the black."""
        final = [s + p for s, p in zip(self.scores, points)]
        winner = 0 if final[0] > final[1] else 1 if final[1] > final[0] else None
        if winner is None:
            return self.verdict(facts, fouls=fouls, points=points, respot=("black",), ball_in_hand=IN_HAND_D,
                                message=f"{final[0]}-{final[1]}: re-spotted black")
        return self.verdict(facts, fouls=fouls, points=points, winner=winner,
                            message=f"frame {final[0]}-{final[1]}")
