"""Hand-built physics event sequences for the rules tests."""

from __future__ import annotations

from billiard.physics.events import Event


class Shot:
    """Build the events of one shot in time order: ``Shot().hit("cue", "1").rail("1").pot("1")``."""

    def __init__(self, cue: str = "cue") -> None:
        self.cue = cue
        self.events = [Event(0.0, "strike", (cue,), {"speed": 2.0})]

    def _add(self, type_: str, balls: tuple[str, ...], **info) -> "Shot":
        self.events.append(Event(0.1 * len(self.events), type_, balls, info))
        return self

    def hit(self, a: str, b: str) -> "Shot":
        return self._add("ball-ball", (a, b), speed=1.0)

    def rail(self, ball: str) -> "Shot":
        return self._add("ball-cushion", (ball,), cushion="cushion-top", kind="cushion", speed=1.0)

    def pot(self, ball: str) -> "Shot":
        return self._add("ball-pocket", (ball,), pocket="foot-left")

    def jump(self, ball: str) -> "Shot":
        """The ball flies off the table: the physics reports the pseudo-pocket 'off-table'."""
        return self._add("ball-pocket", (ball,), pocket="off-table")
