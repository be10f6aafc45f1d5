"""The facts of one shot the rules judge, read from the physics events (never from pixels)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from billiard.physics.events import Event
from billiard.physics.flight import OFF_TABLE

# A cushion touched slower than this is a ball resting or grazing against it, not a rail hit.
MIN_RAIL_SPEED = 1e-3    # m/s
# A ball frozen to a cushion pressed into it when struck (in the same instant, to within
# this) has not been driven to a rail: it must leave the rail and come back (WPA
# definitions, "driven to a rail"; foul 6.3, no rail after contact).
FROZEN_WINDOW = 5e-3     # s


@dataclass(frozen=True)
class ShotFacts:
    """What happened to the cue ball and the object balls during one shot.

    ``first_contact``: the first ball the cue ball touched (None: it hit nothing).
    ``contacts``: object balls the cue ball touched, in order of first touch.
    ``rail_after_contact``: some ball touched a cushion after the first contact.
    ``cue_cushions_before``: for each object ball the cue ball touched, how many cushions
    the cue ball had touched before its first contact with it (three-cushion counting).
    ``rail_balls``: distinct object balls that touched a cushion (break rules).
    ``pockets`` names the pocket of each (called shots), ``direct``: those that dropped
    without touching a cushion or another object ball first (an obvious pot).
    ``pocketed``: balls pocketed, in order, including ``jumped``: balls that flew off the
    table (the physics reports them as pocketed in the pseudo-pocket ``off-table``); every
    rule set here makes that a foul (WPA general rules: a jumped ball is a foul).
    """

    cue: str
    first_contact: str | None
    contacts: tuple[str, ...]
    rail_after_contact: bool
    cue_cushions_before: dict[str, int]
    rail_balls: frozenset[str]
    pocketed: tuple[str, ...]
    jumped: tuple[str, ...] = ()
    pockets: tuple[tuple[str, str], ...] = ()     # (ball, pocket name) for each pocketed ball
    direct: frozenset[str] = frozenset()          # pocketed without touching a cushion or another object ball

    def pocket_of(self, ball: str) -> str | None:
        return next((p for b, p in self.pockets if b == ball), None)

    @property
    def scratch(self) -> bool:
        return self.cue in self.pocketed

    @property
    def jump_foul(self) -> list[str]:
        """The foul line for balls driven off the table, if any."""
        return [f"{', '.join(self.jumped)} off the table"] if self.jumped else []

    @property
    def pocketed_objects(self) -> tuple[str, ...]:
        return tuple(b for b in self.pocketed if b != self.cue)


def shot_facts(events: Iterable[Event], cue: str, frozen: frozenset[str] = frozenset()) -> ShotFacts:
    """Fold the event list of one shot (time order) into :class:`ShotFacts`. ``frozen``:
    balls touching a cushion before the shot; their touches of a cushion at the instant
    they are set moving do not count as rail hits (``rail_after_contact``, ``rail_balls``)."""
    first: str | None = None
    contacts: list[str] = []
    before: dict[str, int] = {}
    cue_cushions = 0
    rail_after = False
    rail_balls: set[str] = set()
    pocketed: list[str] = []
    jumped: list[str] = []
    moved: dict[str, float] = {cue: 0.0}     # when each ball was first set moving
    pockets: list[tuple[str, str]] = []
    touched: set[str] = set()                # object balls that met a cushion or another object ball
    direct: set[str] = set()
    for ev in sorted(events, key=lambda e: e.t):
        if ev.type == "ball-ball":
            for b in ev.balls:
                moved.setdefault(b, ev.t)
            if cue not in ev.balls:
                touched.update(ev.balls)
        if ev.type == "ball-ball" and cue in ev.balls:
            other = next((b for b in ev.balls if b != cue), None)
            if other is not None and other not in before:
                before[other] = cue_cushions
                contacts.append(other)
                first = first or other
        elif ev.type == "ball-cushion" and ev.info.get("speed", 1.0) >= MIN_RAIL_SPEED:
            ball = ev.balls[0]
            touched.add(ball)
            if ball == cue:
                cue_cushions += 1
            if ball in frozen and ev.t <= moved.get(ball, ev.t) + FROZEN_WINDOW:
                continue                      # pressed into the rail it lies on: not driven to it
            if ball != cue:
                rail_balls.add(ball)
            if first is not None:
                rail_after = True
        elif ev.type == "ball-pocket":
            if ev.balls[0] not in pocketed:
                pocketed.append(ev.balls[0])
                pockets.append((ev.balls[0], str(ev.info.get("pocket", ""))))
                if ev.balls[0] not in touched:
                    direct.add(ev.balls[0])
                if ev.info.get("pocket") == OFF_TABLE:
                    jumped.append(ev.balls[0])
    return ShotFacts(cue, first, tuple(contacts), rail_after, before, frozenset(rail_balls),
                     tuple(pocketed), tuple(jumped), tuple(pockets), frozenset(direct))

