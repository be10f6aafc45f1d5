"""Practice: one player, free play, ball in hand anywhere before every shot, undo allowed."""

from __future__ import annotations

from billiard.game.base import Rules
from billiard.game.facts import ShotFacts
from billiard.game.outcome import IN_HAND_ANYWHERE, Outcome, TableState


class Practice(Rules):
    """No fouls, no opponent: the cue ball comes back in hand after a scratch."""

    name = "practice"
    rack = "8-ball"
    allows_undo = True
    first_in_hand = IN_HAND_ANYWHERE
    place_first = False  # always in hand: the player picks it up (M) when wanted

    def __init__(self, players: tuple[str, str] = ("Player 1", "Player 2"), cue: str = "cue") -> None:
        super().__init__(players)
        self._cue = cue  # "white" on a carom table

    @property
    def cue(self) -> str:
        return self._cue

    def judge(self, facts: ShotFacts, table: TableState) -> Outcome:
        n = len(facts.pocketed_objects)
        msg = f"{n} ball{'s' if n != 1 else ''} pocketed" if n else ""
        if facts.scratch:
            msg = (msg + "; " if msg else "") + "cue ball pocketed"
        return self.verdict(
            facts,
            keep_turn=True,
            points=(n, 0),
            ball_in_hand=IN_HAND_ANYWHERE,
            respot=(self.cue,) if facts.scratch else (),
            message=msg,
        )
