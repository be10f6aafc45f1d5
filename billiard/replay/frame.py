"""What the replay viewer draws at one moment: ball poses, trails, spin arrows, events.

Pure numpy over an opened replay dict and its :class:`Track`; the viewer turns it into
the renderer's scene and overlays.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from billiard.replay.track import Track

DEFAULT_RADIUS = 0.028575
SINK_DELAY = 0.25  # s a ball stays visible after its ball-pocket event (it drops into the hole)


@dataclass(frozen=True)
class Frame:
    t: float
    ids: tuple[str, ...]
    pos: np.ndarray          # (B, 3)
    quat: np.ndarray         # (B, 4)
    pocketed: np.ndarray     # (B,) bool: gone into a pocket by now (not drawn)
    radius: float
    trails: tuple[tuple[str, np.ndarray], ...] = ()   # (ball id, (k, 3) polyline) per ball that moved
    arrows: tuple[np.ndarray, ...] = ()   # (2, 3) spin arrows


class Scene:
    """The moments of one replay: pocket times and ball radius read once."""

    def __init__(self, replay: dict[str, Any], track: Track) -> None:
        self.replay, self.track = replay, track
        params = replay.get("params") if isinstance(replay.get("params"), dict) else {}
        radius = params.get("ball_radius", DEFAULT_RADIUS)
        self.radius = float(radius) if isinstance(radius, (int, float)) and radius > 0 else DEFAULT_RADIUS
        self.events = [e for e in replay.get("events", []) if isinstance(e, dict)]
        sunk = {}
        for e in self.events:
            if e.get("type") == "ball-pocket" and e.get("balls"):
                sunk.setdefault(e["balls"][0], float(e.get("t", 0.0)))
        self.sunk_at = np.array([sunk.get(b, np.inf) for b in track.ids]) + SINK_DELAY

    def frame(self, t: float, trails: bool = False, spin: bool = False) -> Frame:
        """The moment ``t``; ``trails`` adds each ball's path so far, ``spin`` its spin arrow."""
        pos, quat = self.track.pose(t)
        pocketed = t >= self.sunk_at
        trail_lines: tuple[tuple[str, np.ndarray], ...] = ()
        if trails:
            trail_lines = tuple((b, p) for b, p in zip(self.track.ids, self.track.trails(t)) if len(p) > 1)
        arrows: tuple[np.ndarray, ...] = ()
        if spin:
            arrows = tuple(self.track.spin_arrows(t, self.radius))
        return Frame(t, self.track.ids, pos, quat, pocketed, self.radius, trail_lines, arrows)

    def events_until(self, t: float) -> list[dict[str, Any]]:
        """Events that have happened by time ``t`` (for the viewer's event line)."""
        return [e for e in self.events if float(e.get("t", 0.0)) <= t]


def describe(event: dict[str, Any]) -> str:
    """One short line for an event, e.g. ``0.412 s  ball-cushion  cue (long-south)``."""
    what = " ".join(str(b) for b in event.get("balls", []))
    detail = event.get("cushion") or event.get("pocket")
    if event.get("type") == "state":
        detail = f"{event.get('from')} -> {event.get('to')}"
    extra = f" ({detail})" if detail else ""
    return f"{float(event.get('t', 0.0)):.3f} s  {event.get('type')}  {what}{extra}"
