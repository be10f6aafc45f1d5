"""The facts of one shot the rules judge, read from the physics events (never from pixels)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from billiard.physics.events import Event
from billiard.physics.flight import OFF_TABLE

# A cushion touched slower than this is a ball resting or grazing against it, not a rail hit.
MIN_RAIL_SPEED = 1e-3  # m/s
RAILS = ("top", "bottom", "left", "right")  # the rail a cushion belongs to, from its name


def rail_of(cushion: str) -> str | None:
    """The rail ("top", "bottom", "left", "right") of a cushion named by the table presets
    ("cushion-top-left" is the top rail's left half; "cushion-left" the left end)."""
    parts = cushion.split("-")
    return parts[1] if len(parts) > 1 and parts[0] == "cushion" and parts[1] in RAILS else None


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
    pockets: tuple[tuple[str, str], ...] = ()  # (ball, pocket name) for each pocketed ball
    direct: frozenset[str] = frozenset()  # pocketed without touching a cushion or another object ball

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


def shot_facts(
    events: Iterable[Event], cue: str, frozen: Mapping[str, Iterable[str]] | Iterable[str] = ()
) -> ShotFacts:
    """Fold the event list of one shot (time order) into :class:`ShotFacts`.

    ``frozen``: balls touching a cushion before the shot, each with the rails it touches
    (empty or a plain set of balls: any rail). A frozen ball pressed into its own rail when
    it is set moving has not been driven to it: its first touch of that rail, before any
    other cushion or a second ball contact, is not a rail hit (``rail_after_contact``,
    ``rail_balls``); it must leave the rail and come back (WPA definitions, "driven to a
    rail"; foul 6.3)."""
    rails_of = (
        {b: frozenset(r) for b, r in frozen.items()}
        if isinstance(frozen, Mapping)
        else {b: frozenset() for b in frozen}
    )
    first: str | None = None
    contacts: list[str] = []
    before: dict[str, int] = {}
    cue_cushions = 0
    rail_after = False
    rail_balls: set[str] = set()
    pocketed: list[str] = []
    jumped: list[str] = []
    hits: dict[str, int] = {}  # ball-ball contacts of each ball so far
    railed: set[str] = set()  # balls that have touched a cushion
    pockets: list[tuple[str, str]] = []
    touched: set[str] = set()  # object balls that met a cushion or another object ball
    direct: set[str] = set()
    for ev in sorted(events, key=lambda e: e.t):
        if ev.type == "ball-ball":
            for b in ev.balls:
                hits[b] = hits.get(b, 0) + 1
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
            pressed = (
                ball in rails_of
                and ball not in railed
                and hits.get(ball, 0) <= 1
                and (not rails_of[ball] or rail_of(str(ev.info.get("cushion", ""))) in rails_of[ball])
            )
            railed.add(ball)
            if pressed:
                continue  # pressed into the rail it lies on: not driven to it
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
    return ShotFacts(
        cue,
        first,
        tuple(contacts),
        rail_after,
        before,
        frozenset(rail_balls),
        tuple(pocketed),
        tuple(jumped),
        tuple(pockets),
        frozenset(direct),
    )
