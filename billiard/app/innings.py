"""Innings: one entry per visit to the table, for the headless summary's ``innings``.

A visit starts with a player's first shot after the turn came to them (or the game's first
shot) and ends when the turn passes or the game ends. Each entry says who (``player``),
how many shots, how many object balls went down on shots without a foul (``pots``), how it
``ended`` (``miss``, ``foul``, ``safety``, ``rack-won``, ``game-won``; None while it is
still going on), whether it began with the break (``break``) and the points it scored
(``points``: a snooker break, three-cushion points; pool racks count 1 to the winner). A shot played as a safety
or a push-out (the caller says so) ends a visit as ``safety``. Break-and-run rate and the
average run are read from these."""

from __future__ import annotations

from dataclasses import dataclass

from billiard.game import Outcome

ENDINGS = ("miss", "foul", "safety", "rack-won", "game-won")


@dataclass
class Inning:
    player: int
    shots: int = 0
    pots: int = 0
    ended: str | None = None
    breaking: bool = False
    points: int = 0

    def to_dict(self) -> dict:
        return {
            "player": self.player,
            "shots": self.shots,
            "pots": self.pots,
            "ended": self.ended,
            "break": self.breaking,
            "points": self.points,
        }


class Innings:
    """Feed it every judged shot (``shot``); ``to_list`` gives the summary's entries."""

    def __init__(self) -> None:
        self.rows: list[Inning] = []

    def shot(
        self,
        shooter: int,
        outcome: Outcome,
        cue: str,
        breaking: bool = False,
        safety: bool = False,
        rack_points: bool = False,
    ) -> None:
        """One judged shot by ``shooter``; ``breaking``: it was the break; ``safety``: it was
        played as a safety or push-out; ``rack_points``: winning ends a rack, not the game."""
        row = self.rows[-1] if self.rows and self.rows[-1].ended is None else None
        if row is None or row.player != shooter:
            if row is not None:  # the turn changed without a judged shot (a pass back)
                row.ended = "safety"
            row = Inning(shooter, breaking=breaking)
            self.rows.append(row)
        row.shots += 1
        row.points += outcome.points[shooter]
        if not outcome.fouls:
            row.pots += sum(1 for b in outcome.pocketed if b != cue)
        if outcome.game_over:
            if outcome.winner == shooter:
                row.ended = "rack-won" if rack_points else "game-won"
            else:
                row.ended = "foul" if outcome.fouls else "miss"
        elif outcome.next_player != shooter:
            row.ended = "foul" if outcome.fouls else "safety" if safety else "miss"

    def to_list(self) -> list[dict]:
        return [r.to_dict() for r in self.rows]


def runs(innings: list[dict]) -> dict:
    """Break-and-run rate (visits that began with the break and won the rack or game, over
    the visits that began with the break) and the average run (pots per visit)."""
    breaks = [i for i in innings if i["break"]]
    won = [i for i in breaks if i["ended"] in ("rack-won", "game-won")]
    return {
        "breaks": len(breaks),
        "break_and_run": len(won),
        "average_run": sum(i["pots"] for i in innings) / len(innings) if innings else 0.0,
    }
