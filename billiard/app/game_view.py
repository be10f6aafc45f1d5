"""Where the window looks and what a pixel points at: the camera rig's input from the game's
state, the bed point under the mouse, and where each numbered ball lies on the screen (the
top view's number discs). Pure functions of the session, the controls and a camera."""

from __future__ import annotations

from billiard.app.controls import Controls
from billiard.app.layout import HudLayout
from billiard.app.session import Session
from billiard.display.cameras import ViewInput
from billiard.physics.state import Motion
from billiard.render.camera import Camera


def view_input(session: Session, controls: Controls, pose, size: tuple[int, int], layout: HudLayout) -> ViewInput:
    """What the camera rig follows: the balls as drawn (``pose``), the aim, the cue's
    elevation, the window's aspect and the HUD's layout."""
    s, c = session, controls
    width, height = size
    heading = c.cue.heading_deg if s.in_shot else c.view_heading_deg
    elevation = c.elevation() if not s.in_shot and c.phase != "place" else 0.0
    return ViewInput(
        pose[0],
        s.balls.motion,
        s.balls.index(s.rules.cue),
        heading,
        c.camera,
        width / max(height, 1),
        elevation,
        layout,
        c.cue.heading_deg,
    )


def bed_point(
    camera: Camera, session: Session, x: float, y: float, size: tuple[int, int]
) -> tuple[float, float] | None:
    """The bed point (at ball-centre height) under window pixel (x, y), origin bottom-left;
    None off the table (beyond its rails)."""
    eye, d = camera.ray((x, size[1] - y), size)
    if d[2] >= -1e-9:
        return None
    s = (session.ball_radius() - eye[2]) / d[2]
    px, py = float(eye[0] + s * d[0]), float(eye[1] + s * d[1])
    t = session.table
    margin = t.cushion_width + t.rail_width
    if abs(px) > t.half_length + margin or abs(py) > t.half_width + margin:
        return None
    return px, py


def ball_numbers(session: Session, camera: Camera, size: tuple[int, int]) -> tuple[tuple[str, float, float], ...]:
    """Where each numbered ball on the table lies in the window (x, y from the bottom)."""
    balls = session.balls
    out = []
    for i, ball in enumerate(balls.ids):
        if ball.isdigit() and balls.motion[i] != Motion.POCKETED:
            col, row = camera.project(balls.pos[i], size)
            out.append((ball, col, size[1] - row))
    return tuple(out)
