"""The HUD font, shared by the game's HUD and the replay viewer's."""

from __future__ import annotations

from billiard.resources import resource_path


def hud_font() -> str | None:
    """The shipped font when there is one (assets/fonts), else the system's default (None).
    Call after :func:`billiard.shell.pygletconf.configure`: ``pyglet.font`` opens a window."""
    import pyglet

    try:
        pyglet.font.add_file(str(resource_path("assets", "fonts", "DejaVuSans-Bold.ttf")))
        return "DejaVu Sans"
    except (FileNotFoundError, OSError):
        return None
