"""What the replay viewer draws at one moment: ball poses, trails, spin arrows, events.

Pure numpy over a :class:`Replay` and its :class:`Track`; the viewer turns it into
the renderer's scene and overlays.
"""
from __future__ import annotations

from dataclasses import dataclass
import numpy as np

from billiard.physics.events import Event
from billiard.render.replay_frames import replay_frames
from billiard.replay.track import Track
from billiard.shot.replayfile import Replay



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

    def __init__(self, replay: Replay, track: Track) -> None:
        self.replay, self.track = replay, track
        self.radius = float(replay.params.ball_radius)
        self.events = replay.events
        # pocketed balls vanish by the renderer's own rule (as in ``billiard render``)
        hidden = replay_frames(replay)
        self.hidden_from = np.array([hidden.hidden_from[hidden.ids.index(b)] for b in track.ids])

    def frame(self, t: float, trails: bool = False, spin: bool = False) -> Frame:
        """The moment ``t``; ``trails`` adds each ball's path so far, ``spin`` its spin arrow."""
        pos, quat = self.track.pose(t)
        pocketed = t >= self.hidden_from
        trail_lines: tuple[tuple[str, np.ndarray], ...] = ()
        if trails:
            trail_lines = tuple((b, p) for b, p in zip(self.track.ids, self.track.trails(t)) if len(p) > 1)
        arrows: tuple[np.ndarray, ...] = ()
        if spin:
            arrows = tuple(self.track.spin_arrows(t, self.radius))
        return Frame(t, self.track.ids, pos, quat, pocketed, self.radius, trail_lines, arrows)

    def events_until(self, t: float) -> list[Event]:
        """Events that have happened by time ``t`` (for the viewer's event line)."""
        return [e for e in self.events if e.t <= t]


def describe(event: Event) -> str:
    """One short line for an event, e.g. ``0.412 s  ball-cushion  cue (long-south)``."""
    detail = event.info.get("cushion") or event.info.get("pocket")
    if event.type == "state":
        detail = f"{event.info.get('from')} -> {event.info.get('to')}"
    extra = f" ({detail})" if detail else ""
    return f"{event.t:.3f} s  {event.type}  {' '.join(event.balls)}{extra}"
