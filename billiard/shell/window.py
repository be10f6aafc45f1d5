"""Opening the one window the game or the viewer draws in, with one GL configuration.

:class:`Shell` holds what both front-ends need from it: the pyglet window, the moderngl
context wrapping the window's GL context, and the HUD font. The window is single-sampled
with 8-bit channels and a depth buffer; MSAA, when used, is the renderer's own multisampled
target, chosen once the GL renderer is known (``billiard.render.msaa``). Headless play and
tests open the same window invisible (pyglet's EGL when :func:`~billiard.shell.pygletconf.configure`
found no display)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from billiard.errors import BilliardError

GL_VERSION = (3, 3)  # what the renderer's shaders need


def open_window(
    size: tuple[int, int],
    caption: str = "billiard",
    visible: bool = True,
    fullscreen: bool = False,
    what: str = "the window",
) -> Any:
    """A resizable pyglet window (vsync when shown); one clear error line when none opens."""
    import pyglet

    # pyglet.gl.Config is the platform's concrete class at run time; its stubs show the abstract base
    config = pyglet.gl.Config(
        major_version=GL_VERSION[0],
        minor_version=GL_VERSION[1],  # type: ignore[abstract]
        double_buffer=True,
        depth_size=24,
        red_size=8,
        green_size=8,
        blue_size=8,
        alpha_size=8,
    )
    extra = {"vsync": True, "fullscreen": fullscreen} if visible else {"visible": False}
    try:
        return pyglet.window.Window(size[0], size[1], caption=caption, resizable=True, config=config, **extra)
    # Any kind: no display or no GL, and pyglet's platform back-ends raise unrelated plain
    # Exception subclasses for it (xlib's NoSuchDisplayException, gl.ContextException, EGL
    # loader errors, RuntimeError from the headless canvas); each becomes one clear error line.
    except Exception as exc:  # noqa: BLE001
        lines = str(exc).splitlines() or [type(exc).__name__]
        raise BilliardError(f"cannot open {what}: {lines[0]}") from None


@dataclass
class Shell:
    """An open window, its moderngl context and the HUD font: composed by the game
    (``billiard.app``) and the replay viewer (``billiard.replay``), never subclassed."""

    window: Any
    ctx: Any
    font: str | None

    @classmethod
    def open(
        cls,
        size: tuple[int, int],
        caption: str = "billiard",
        visible: bool = True,
        fullscreen: bool = False,
        what: str = "the window",
    ) -> Shell:
        from billiard.render.offscreen import window_context
        from billiard.shell.fonts import hud_font

        window = open_window(size, caption, visible, fullscreen, what)
        window.switch_to()
        return cls(window, window_context(), hud_font())

    @property
    def size(self) -> tuple[int, int]:
        """The framebuffer's size in pixels (the window's size in points times the scale)."""
        return self.window.get_framebuffer_size()

    def close(self) -> None:
        """Release the GL context, then close the window."""
        self.ctx.release()
        self.window.close()
