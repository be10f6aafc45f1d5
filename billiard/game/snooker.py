"""Snooker under the WPBSA Official Rules (2019 edition): reds and colours in turn, then the
colours in sequence; colours re-spotted while reds remain or after a foul; a foul gives the
opponent the value of the ball on, the ball hit or the ball potted, at least 4, and 7 for
playing at a red (or at nothing) when a colour is on (Section 3 Rule 10). After a foul the
next player may play, have the offender play again (Rule 11), take a free ball when left
snookered (Rule 12), or, after a foul and a miss, have the balls replaced (Rule 14). A
touching ball played away from is no foul (Rule 7). docs/rules.md has every clause and the
simplifications left (the colour after a red is nominated by hitting it first).

A tie after the last black re-spots the black and the other player plays it with the cue
ball in hand in the D (the rules toss a coin for who plays first).
"""

from __future__ import annotations

from billiard.game.base import EFFECT_NONE, EFFECT_REPLACE, Rules
from billiard.game.decisions import Choice, Decision
from billiard.game.facts import ShotFacts
from billiard.game.outcome import IN_HAND_D, Outcome, TableState
from billiard.game.snookered import clear_to_any_part, snookered

COLOURS = ("yellow", "green", "brown", "blue", "pink", "black")
VALUES = {c: v for v, c in enumerate(COLOURS, start=2)}
ON_CHOICES = ("red", "colour")  # a layout's "rules": {"on": ...} in snooker
NOMINATE_KEYS = ("F1", "F2", "F3", "F4", "F5", "F6", "F7")


def value(ball: str) -> int:
    return 1 if ball.startswith("red") else VALUES.get(ball, 0)


def _reds(balls: frozenset[str]) -> frozenset[str]:
    return frozenset(b for b in balls if b.startswith("red"))


class Snooker(Rules):
    name = "snooker"
    table = "snooker"
    rack = "snooker"
    first_in_hand = IN_HAND_D
    needs_pockets = True
    help_lines = (
        "A red, then a colour (hit it first to nominate it) (WPBSA 3.3)",
        "Foul: the ball on's value, at least 4; 7 for a red when on a colour (WPBSA 3.10)",
        "After a foul: play, or make the offender play again (WPBSA 3.11)",
        "Snookered after a foul: a free ball (WPBSA 3.12); a miss: balls replaced (WPBSA 3.14)",
    )

    def __init__(self, players: tuple[str, str] = ("Player 1", "Player 2")) -> None:
        super().__init__(players)
        self.colour_next = False  # a red was potted: any colour is on
        self.free_ball: str | None = None  # the nominated free ball for the next stroke
        self._free_ball_offered = False
        self._before: tuple[bool, int] = (False, 0)  # colour_next and the striker before the last stroke
        self._free_on_table: frozenset[str] = frozenset()
        self.misses = [0, 0]  # misses in a row, each followed by the offender playing again (Rule 14)
        self._last_striker: int | None = None

    def set_on(self, on: str) -> None:
        """A layout's ``"rules": {"on": "red" | "colour"}`` ("colour": a red was just potted)."""
        self.colour_next = on == "colour"

    def on(self, on_table: frozenset[str]) -> frozenset[str]:
        """The balls on for the next shot (a nominated free ball besides)."""
        if self.colour_next:
            return frozenset(COLOURS)
        reds = _reds(on_table)
        if reds:
            return reds
        left = [c for c in COLOURS if c in on_table]
        return frozenset(left[:1])

    def group(self, player: int) -> str:
        return "colour" if self.turn == player and self.colour_next else ""

    def targets(self, on_table: frozenset[str]) -> tuple[str, ...]:
        on = (frozenset([self.free_ball]) if self.free_ball else self.on(on_table)) & on_table
        return tuple(sorted(on, key=lambda b: (value(b), b)))

    def warning(self) -> str:
        if self.misses[self.turn] >= 2 and self._last_striker == self.turn:
            return f"{self.players[self.turn]}: two misses in a row, a third loses the frame"
        return ""

    def on_text(self, on_table: frozenset[str]) -> str:
        if self.free_ball:
            return f"On: the {self.free_ball} (free ball)"
        if self.colour_next:
            return "On: a colour (hit it first to nominate it)"
        on = self.on(on_table)
        if any(b.startswith("red") for b in on):
            return f"On: a red ({len(on)} left)"
        return f"On: the {next(iter(on))}" if on else "On: nothing"

    # -- decisions after a foul --------------------------------------------------------------
    def _after_foul(self, offender: int, miss: bool) -> None:
        options = [Choice("play", "play from here", "F1"), Choice("again", "the offender plays again", "F2")]
        if miss:
            options.append(Choice("replace", "balls replaced, the offender plays again", "F3"))
        self.pending = Decision(
            "after-foul",
            1 - offender,
            ("Foul and a miss" if miss else "Foul") + f": {self.players[1 - offender]} chooses",
            tuple(options),
            default="play",
            clause="WPBSA 3.14" if miss else "WPBSA 3.11",
        )

    def table_at_rest(self, table: TableState) -> None:
        """After a foul that leaves the incoming player snookered, offer the free ball
        (WPBSA Section 3 Rule 12): the cue ball must lie on the table, not in hand."""
        d = self.pending
        if d is None or d.kind != "after-foul" or not table.positions or self._free_ball_offered:
            return
        on = self.on(table.on_table)
        if "cue" not in table.positions or not snookered(table.positions, table.radius, "cue", on):
            return
        self._free_ball_offered = True
        self.pending = Decision(
            d.kind,
            d.player,
            f"Free ball: {self.players[d.player]} chooses",
            d.options + (Choice("free-ball", "take a free ball", "F4"),),
            default=d.default,
            clause="WPBSA 3.12",
        )
        self._free_on_table = table.on_table

    def decide(self, decision: Decision, name: str) -> str:
        if decision.kind == "nominate":
            self.free_ball = name
            self.message = f"{self.players[self.turn]} nominates the {name} as the free ball"
            return EFFECT_NONE
        if name == "free-ball":
            on = self.on(self._free_on_table)
            balls = sorted((b for b in self._free_on_table if b != "cue" and b not in on), key=lambda b: (value(b), b))
            names = [b for b in balls if not b.startswith("red")] or balls
            self.pending = Decision(
                "nominate",
                self.turn,
                f"Free ball: {self.players[self.turn]} nominates a ball",
                tuple(Choice(b, f"the {b}", NOMINATE_KEYS[k]) for k, b in enumerate(names[: len(NOMINATE_KEYS)])),
                default=None,
                clause="WPBSA 3.12 (b)",
            )
            return EFFECT_NONE
        if name in ("again", "replace"):
            self.turn = 1 - decision.player
            if name == "replace":
                self.colour_next = self._before[0]
            self.message = f"{self.players[self.turn]} plays again" + (
                " from where the balls were" if name == "replace" else ""
            )
            return EFFECT_REPLACE if name == "replace" else EFFECT_NONE
        return EFFECT_NONE

    # -- the verdict ------------------------------------------------------------------------
    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        on = self.on(table.on_table)
        free = self.free_ball
        if self._last_striker != self.turn:
            self.misses[self.turn] = 0  # the opponent played in between
        self._last_striker = self.turn
        self._before = (self.colour_next, self.turn)
        self.free_ball, self._free_ball_offered = None, False
        reds_before = bool(_reds(table.on_table))
        after_last_red = self.colour_next and not reds_before
        sequence = not reds_before and not self.colour_next
        first = facts.first_contact
        touching = table.touching & (on | ({free} if free else set()))
        if first is None and touching:
            first = min(touching)  # Rule 7: played away from a touching ball on, it counts as hit
        if free:
            target = frozenset([free])
            legal_pots = on | {free} if not self.colour_next else frozenset([free])
        else:
            # Hitting a colour first nominates it when any colour is on.
            target = frozenset([first]) if self.colour_next and first in on else on
            legal_pots = target
        objs = facts.pocketed_objects
        fouls = []
        if first is None:
            fouls.append("the cue ball hit nothing")
        elif first not in target:
            fouls.append(f"hit the {first} first, not " + (f"the free ball ({free})" if free else "a ball on"))
        wrong = [b for b in objs if b not in legal_pots]
        if wrong:
            fouls.append("potted " + ", ".join(wrong))
        if facts.scratch:
            fouls.append("in-off")
        fouls += facts.jump_foul
        colours_down = [b for b in objs if b in VALUES]
        on_value = max(value(b) for b in on) if on else 4
        if self.colour_next and first in on:
            on_value = value(first)
        self.colour_next = False
        if fouls:
            return self._foul(facts, table, fouls, on, on_value, free, colours_down, sequence, first)
        if free:
            gained = self._free_points(objs, free, on, on_value)
        else:
            gained = sum(value(b) for b in objs)
        points = (gained, 0) if self.turn == 0 else (0, gained)
        respot = [b for b in colours_down if not sequence or b == free]
        if sequence and "black" in objs and free != "black":
            return self._end(facts, points, [])
        reds_left = bool(_reds(table.on_table - set(objs)))
        self.colour_next = (
            bool(objs)
            and not after_last_red
            and reds_before
            and (any(b.startswith("red") for b in objs) or (free in objs if free else False))
        )
        msg = f"{gained} point{'s' if gained != 1 else ''}" if gained else ""
        if objs and not reds_left and not self.colour_next and not after_last_red and not sequence:
            msg += "; colours in sequence"
        return self.verdict(facts, keep_turn=bool(objs), points=points, respot=respot, message=msg)

    @staticmethod
    def _free_points(objs: tuple[str, ...], free: str, on: frozenset[str], on_value: int) -> int:
        """Rule 12 (d)-(f): the free ball scores the ball on's value; with a ball on also
        potted, only the ball on scores unless the ball on is a red (then each ball counts)."""
        on_potted = [b for b in objs if b in on]
        if free not in objs:
            return sum(value(b) for b in on_potted)
        if on_potted and not on_potted[0].startswith("red"):
            return sum(value(b) for b in on_potted)
        return on_value + sum(value(b) for b in on_potted)

    def _foul(
        self,
        facts: ShotFacts,
        table: TableState,
        fouls: list[str],
        on: frozenset[str],
        on_value: int,
        free: str | None,
        colours_down: list[str],
        sequence: bool,
        first: str | None,
    ) -> Outcome:
        was_colour = self._before[0]
        involved = [b for b in ((first,) if first else ()) + facts.pocketed_objects if b != free]
        penalty = max([4, on_value] + [value(b) for b in involved])
        if was_colour and (first is None or first.startswith("red")):
            penalty = 7  # Rule 10 (d): a red (or nothing) played when on a colour
        points = (0, penalty) if self.turn == 0 else (penalty, 0)
        last_black = sequence and on == frozenset(["black"])
        if last_black:
            return self._end(facts, points, fouls)
        miss = self._is_miss(table, on, free, first, penalty)
        # Rule 14: only misses with the whole of a ball on in view count towards the three
        full_view = miss and not snookered(table.positions, table.radius, "cue", frozenset([free]) if free else on)
        self.misses[self.turn] = self.misses[self.turn] + 1 if full_view else 0
        if self.misses[self.turn] >= 3:
            return self.verdict(
                facts,
                fouls=fouls + ["a third miss in a row"],
                points=points,
                winner=1 - self.turn,
                message="the frame goes to the opponent (Rule 14)",
            )
        self._after_foul(self.turn, miss)
        self._free_ball_offered = facts.scratch  # from the D the cue ball is never snookered
        return self.verdict(
            facts,
            fouls=fouls,
            points=points,
            respot=colours_down,
            ball_in_hand=IN_HAND_D if facts.scratch else None,
            message=f"{penalty} away" + ("; foul and a miss" if miss else ""),
        )

    def _is_miss(
        self, table: TableState, on: frozenset[str], free: str | None, first: str | None, penalty: int
    ) -> bool:
        """Rule 14: failing to hit a ball on first with a clear straight path to some part of
        one is a miss, unless a player needed penalty points (snookers) to win."""
        if first is not None and (first in on or first == free) or not table.positions:
            return False
        targets = frozenset([free]) if free else on
        if not clear_to_any_part(table.positions, table.radius, "cue", targets):
            return False
        left = self._points_left(table.on_table, self._before[0])
        me, other = self.scores[self.turn], self.scores[1 - self.turn]
        needs_snookers = any(b - a > left for a, b in ((me, other), (other, me), (me, other + penalty)))
        return not needs_snookers

    @staticmethod
    def _points_left(on_table: frozenset[str], colour_next: bool) -> int:
        """The most points still to score: 8 a red, a black after the last potted red, the colours."""
        reds = len(_reds(on_table))
        colours = [c for c in COLOURS if c in on_table]
        return reds * 8 + (7 if colour_next else 0) + sum(VALUES[c] for c in colours)

    def _end(self, facts: ShotFacts, points: tuple[int, int], fouls: list[str]) -> Outcome:
        """The last black is down (or fouled): the frame goes to the higher score; a tie
        re-spots the black."""
        final = [s + p for s, p in zip(self.scores, points)]
        winner = 0 if final[0] > final[1] else 1 if final[1] > final[0] else None
        if winner is None:
            return self.verdict(
                facts,
                fouls=fouls,
                points=points,
                respot=("black",),
                ball_in_hand=IN_HAND_D,
                message=f"{final[0]}-{final[1]}: re-spotted black",
            )
        return self.verdict(facts, fouls=fouls, points=points, winner=winner, message=f"frame {final[0]}-{final[1]}")
