"""What the game shows of the shot being prepared: the cue (at the elevation it really has,
drawn back as the hand draws it), the aim aids, the predicted cue-ball path (T), the head
string while the ball is in hand behind it, and the ball-in-hand marks. Plain scene data
for the renderer; split out of the game window (issue 13)."""

from __future__ import annotations

import numpy as np

from billiard.app.controls import Controls, StrikeCommand
from billiard.formats.limits import speed_of_power
from billiard.app.preview import PathPreview
from billiard.app.session import Session
from billiard.game import IN_HAND_KITCHEN
from billiard.physics.world import World
from billiard.display.aim import aim_overlay
from billiard.render.scene import BallView, CueState, Overlay, Polyline, SceneState

PATH_COLOR = (0.6, 0.85, 1.0, 0.7)
ON_COLOR = (0.75, 1.0, 0.3, 0.95)  # the ring round each ball the player is on
ON_RING = 1.9  # its radius, in ball radii
MAX_RINGS = 15
HEAD_STRING_COLOR = (1.0, 1.0, 1.0, 0.35)


class AimPreview:
    """Builds the frame's :class:`SceneState` from the session, the controls and the pose."""

    def __init__(self, paths: PathPreview) -> None:
        self.worker = paths  # the cue-path previews, worked out off the frame thread

    def scene(self, s: Session, c: Controls, pose: tuple[np.ndarray, np.ndarray]) -> SceneState:
        view = BallView.from_balls(s.balls)
        view = BallView(view.ids, *pose, view.radius, view.pocketed)
        if s.in_shot or s.rules.game_over:
            return SceneState(s.table, view)
        on = self.on_rings(s)
        if c.phase == "place":
            marks = c.placement.marks(s.ball_radius(), s.cue_xy()) if c.placement is not None else ()
            return SceneState(s.table, view, None, Overlay(paths=self.kitchen(s) + marks + on))
        cue = CueState(c.cue.heading_deg, c.elevation(), c.cue.tip, 0.01 + c.cue_pull_m(), ball=s.rules.cue)
        overlay = aim_overlay(
            view, s.table, c.cue.heading_deg, s.rules.cue, paths=self.paths(s, c) + self.kitchen(s) + on
        )
        overlay = Overlay(
            overlay.aim_line if c.flags["aim_line"] else None,
            overlay.ghost if c.flags["ghost"] else None,
            overlay.object_line if c.flags["object_path"] else None,
            overlay.paths,
        )
        return SceneState(s.table, view, cue, overlay)

    @staticmethod
    def on_rings(s: Session) -> tuple[Polyline, ...]:
        """A ring on the cloth round each ball the player on turn may hit first (issue 25,
        point 10: the ball you are on is marked, in the top view too); none in practice."""
        if s.rules.name == "practice":
            return ()
        targets = s.rules.targets(s.on_table())
        if not targets or len(targets) > MAX_RINGS:
            return ()
        r = ON_RING * s.ball_radius()
        a = np.linspace(0.0, 2 * np.pi, 33)
        ring = np.column_stack([r * np.cos(a), r * np.sin(a)])
        return tuple(Polyline(ring + s.balls.pos[s.balls.index(b), :2], ON_COLOR, 0.006) for b in targets)

    @staticmethod
    def kitchen(s: Session) -> tuple[Polyline, ...]:
        """The head string, while the cue ball is in hand behind it (pool tables do not paint
        it; snooker's D is painted on the cloth)."""
        if s.in_hand != IN_HAND_KITCHEN or not s.ball_in_hand():
            return ()
        x, y = s.table.head_string_x, s.table.half_width
        return (Polyline(np.array([(x, -y), (x, y)]), HEAD_STRING_COLOR, 0.004),)

    def paths(self, s: Session, c: Controls) -> tuple[Polyline, ...]:
        """The cue ball's predicted path (toggle T): asked of the preview worker when the shot
        changes, drawn once ready (a path for an older aim from the same position meanwhile)."""
        if not c.flags["cue_path"]:
            return ()
        power = c.cue.power if c.phase == "power" else c.cue.key_power
        cmd = StrikeCommand(max(0.05, speed_of_power(power, c.max_speed)), c.cue.heading_deg, c.elevation(), c.cue.tip)
        where = (s.cue_xy(), s.rules.shots)
        self.worker.request((cmd, *where), World, s.balls, s.table, s.params, s.rules.cue, cmd)
        path = self.worker.latest(lambda key: isinstance(key, tuple) and key[1:] == where)
        return (Polyline(path, PATH_COLOR, 0.003),) if len(path) > 1 else ()
