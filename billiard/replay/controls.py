"""The replay viewer's controls as a pure state machine fed by key and mouse events.

Keys (pyglet key names): SPACE pause, LEFT/RIGHT step one frame, UP/DOWN speed,
L loop, C cycle cameras (top, follow, aim, free orbit), T trails, S spin arrows,
HOME/END jump to start/end. Mouse: press or drag on the time bar scrubs; a drag
elsewhere orbits the free camera; the wheel zooms it.
"""

from __future__ import annotations

from dataclasses import dataclass

from billiard.shell.keymap import VIEWER_KEYS, command_for
from billiard.replay.timeline import Timeline

from billiard.display.cameras import CAMERAS
from billiard.replay.bands import BAR_HEIGHT, BAR_MARGIN

ORBIT_DEG_PER_PX = 0.3


@dataclass
class CameraRequest:
    """What the controls ask of the camera rig this frame (the viewer applies it)."""

    mode: str = "top"
    rotate: tuple[float, float] = (0.0, 0.0)  # yaw, pitch degrees to add (free orbit)
    zoom: float = 1.0  # distance factor to apply


class ViewerControls:
    def __init__(self, timeline: Timeline, camera: str = "top", trails: bool = False, spin: bool = False) -> None:
        self.timeline = timeline
        self.camera = CameraRequest(mode=camera)
        self.trails = trails
        self.spin = spin
        self._scrubbing = False

    @property
    def show_spin(self) -> bool:
        """Spin arrows: on request, and always while paused (issue 7)."""
        return self.spin or self.timeline.paused

    def key(self, symbol: str) -> bool:
        """Apply a key press (pyglet key name) through the viewer's key map
        (``billiard.shell.keymap.VIEWER_KEYS``, which also writes the viewer's help line);
        True when it was a viewer key."""
        cmd = command_for(VIEWER_KEYS, symbol, frozenset())
        action = self._actions().get(cmd.name) if cmd is not None else None
        if cmd is None or action is None:
            return False
        action(cmd.value) if cmd.value is not None else action()
        return True

    def _actions(self) -> dict:
        tl = self.timeline
        return {
            "pause": tl.toggle_pause,
            "step": tl.step,
            "faster": tl.faster,
            "slower": tl.slower,
            "loop": tl.toggle_loop,
            "camera": self._next_camera,
            "trails": self._toggle_trails,
            "spin": self._toggle_spin,
            "start": lambda: tl.seek(tl.start),
            "end": lambda: tl.seek(tl.end),
        }

    def _next_camera(self) -> None:
        i = CAMERAS.index(self.camera.mode) if self.camera.mode in CAMERAS else -1
        self.camera.mode = CAMERAS[(i + 1) % len(CAMERAS)]

    def _toggle_trails(self) -> None:
        self.trails = not self.trails

    def _toggle_spin(self) -> None:
        self.spin = not self.spin

    # --- mouse (window pixels, origin bottom-left as pyglet gives them) ---

    def mouse_press(self, x: float, y: float, width: int) -> None:
        if y <= BAR_HEIGHT:
            self._scrubbing = True
            self._scrub_to(x, width)

    def mouse_drag(self, x: float, y: float, dx: float, dy: float, width: int) -> None:
        if self._scrubbing:
            self._scrub_to(x, width)
            return
        self.camera.mode = "orbit"
        yaw, pitch = self.camera.rotate
        self.camera.rotate = (yaw - dx * ORBIT_DEG_PER_PX, pitch - dy * ORBIT_DEG_PER_PX)

    def mouse_release(self) -> None:
        self._scrubbing = False

    def scroll(self, clicks: float) -> None:
        self.camera.mode = "orbit"
        self.camera.zoom *= 0.9**clicks

    def take_camera_moves(self) -> tuple[tuple[float, float], float]:
        """The orbit rotation and zoom asked since the last call (then reset)."""
        moves = (self.camera.rotate, self.camera.zoom)
        self.camera.rotate, self.camera.zoom = (0.0, 0.0), 1.0
        return moves

    def _scrub_to(self, x: float, width: int) -> None:
        span = max(1.0, width - 2 * BAR_MARGIN)
        self.timeline.paused = True
        self.timeline.scrub(min(1.0, max(0.0, (x - BAR_MARGIN) / span)))
