"""What happened on a shot, in a few words, for the replay list ("pots the 6", "foul (no
ball hit)"): read from the rules' verdict, so it says what the rules decided."""

from __future__ import annotations

from billiard.game.outcome import Outcome

MAX_NOTE = 80


def shot_note(outcome: Outcome | None, cue: str, pockets: bool = True) -> str:
    """One short line: the object balls pocketed, the first foul, a point scored on a table
    without pockets, the end of the rack; "" when there is no verdict."""
    if outcome is None:
        return ""
    pots = [ball for ball in outcome.pocketed if ball != cue]
    parts = []
    if pots:
        parts.append("pots the " + _joined(pots))
    if outcome.fouls:
        parts.append(f"foul ({outcome.fouls[0]})")
    elif not pots and any(outcome.points):
        parts.append("scores")
    if outcome.game_over:
        parts.append("ends the rack")
    if not parts:
        parts.append("no ball potted" if pockets else "no point")
    return "; ".join(parts)[:MAX_NOTE]


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
