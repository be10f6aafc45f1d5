"""The end-of-rack panel (issue 25, point 7): the winner, the score, the rack's statistics
(pots, fouls, best run per side) and what to do next. :class:`RackStats` counts each judged
shot of the rack as the session reports it; :func:`rack_panel` words the panel."""

from __future__ import annotations

from dataclasses import dataclass, field

from billiard.app.hud_state import RACK_BUTTONS, RackPanel
from billiard.app.session import Session
from billiard.app.wording import second_person


@dataclass
class RackStats:
    """Per side: balls pocketed, fouls, and the longest run of potting visits in the rack."""

    pots: list[int] = field(default_factory=lambda: [0, 0])
    fouls: list[int] = field(default_factory=lambda: [0, 0])
    best_run: list[int] = field(default_factory=lambda: [0, 0])
    _run: list[int] = field(default_factory=lambda: [0, 0])
    _seen: int = 0  # id of the last outcome counted

    def new_rack(self) -> None:
        self.pots, self.fouls, self.best_run, self._run = [0, 0], [0, 0], [0, 0], [0, 0]

    def hear(self, session: Session, player: int | None) -> None:
        """Count the session's newest judged shot once (``player``: who played it)."""
        out = session.last_outcome
        if out is None or id(out) == self._seen or player is None or not 0 <= player <= 1:
            return
        self._seen = id(out)
        potted = [b for b in out.pocketed if b != session.rules.cue]
        self.fouls[player] += bool(out.fouls)
        if out.fouls or not potted:
            self._run[player] = 0
            return
        self.pots[player] += len(potted)
        self._run[player] += len(potted)
        self.best_run[player] = max(self.best_run[player], self._run[player])


def rack_panel(
    session: Session,
    stats: RackStats,
    names: tuple[str, str] | None,
    buttons: tuple[tuple[str, str], ...] = RACK_BUTTONS,
) -> RackPanel | None:
    """The panel once the rack is over (None before, and in practice, which never ends);
    ``buttons``: (label, action) each (an online match words its next rack itself)."""
    rules = session.rules
    if not rules.game_over or rules.name == "practice":
        return None
    who = names or tuple(rules.players)
    title = f"{who[rules.winner]} wins" if rules.winner is not None else "Rack over"
    why = rules.message.split(": ", 1)[1] if ": " in rules.message and rules.winner is not None else rules.message
    unit = "racks" if rules.rack_points else "points"
    score = f"{who[0]} {rules.scores[0]}  -  {rules.scores[1]} {who[1]}   ({unit})"
    lines = tuple(
        f"{who[i]}: {stats.pots[i]} potted, {stats.fouls[i]} foul{'s' if stats.fouls[i] != 1 else ''}, "
        f"best run {stats.best_run[i]}"
        for i in range(2)
    )
    return RackPanel(second_person(title + (f" ({why})" if why else "")), score, lines, buttons)
