"""pyglet must be told it is headless before ``pyglet.window`` is first imported (it opens a
shadow window at import). Every entry point calls :func:`configure` before importing the
window modules of this package."""

from __future__ import annotations

import os
import sys


def configure(headless: bool) -> None:
    """Headless (EGL, no display) when asked or when there is no display to open."""
    import pyglet

    if "pyglet.window" in sys.modules:
        return
    pyglet.options["headless"] = headless or not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    pyglet.options["debug_gl"] = False  # harmless GL errors at exit (Mesa EGL teardown)
