"""Quality levels of the 3D scene: ``low`` for software OpenGL, ``high`` for GPUs.

Every level draws the same scene (the room with its skirting, cue rack and scoreboard, the
lamps and their glow, the table in varnished wood, leather pockets, a woven cloth with its
sheen, shining balls mirroring the hall, contact shadows); what changes is how much work
each pixel gets (``docs/look.md`` has the table):

- ``low``: lighting per vertex on the room, one lamp shadow per ball (the nearest lamp's),
  the hall's environment map at 64 pixels a face; no MSAA. Keeps within 16 ms a frame at
  1280x720 on Mesa's llvmpipe with two cores.
- ``medium``: wooden floor boards, a shadow from each of the three lamps, the lamp shades
  mirrored in the balls, a 128-pixel map, 4x anisotropic
  filtering of the numbers (on a GPU); 2x MSAA where the GL renderer is a GPU.
- ``high``: as medium with a 256-pixel map, 8x anisotropic filtering, 4x MSAA, a finer cue.

``auto`` (the settings file's default) picks ``low`` on software OpenGL and ``high`` on a GPU.
"""

from __future__ import annotations

from dataclasses import dataclass

import moderngl

from billiard.errors import BilliardError
from billiard.formats.limits import QUALITIES
from billiard.render.msaa import is_software

NAMES = QUALITIES


@dataclass(frozen=True)
class Quality:
    """What one level draws. ``level`` (0, 1, 2) is the ``QUALITY`` define of the shaders."""

    name: str
    level: int
    samples: int  # MSAA on a GPU (``--msaa`` overrides)
    lamp_shadows: bool  # a shadow from every lamp, not only the nearest
    cue_segments: int
    env_size: int  # pixels along a face of the environment map the balls mirror
    anisotropy: int  # anisotropic filtering of the ball numbers on a GPU (1: off)


LEVELS = {
    "low": Quality("low", 0, 0, False, 20, 64, 1),
    "medium": Quality("medium", 1, 2, True, 24, 128, 4),
    "high": Quality("high", 2, 4, True, 32, 256, 8),
}


def get_quality(name: str) -> Quality:
    """The level called ``name`` (one of :data:`NAMES`)."""
    try:
        return LEVELS[name]
    except KeyError:
        raise BilliardError(f"unknown quality '{name}' (known: auto, {', '.join(NAMES)})") from None


def resolve_quality(name: str | None, ctx: moderngl.Context) -> Quality:
    """``name``, or for ``auto``/None the level that suits the context's renderer:
    ``low`` on software OpenGL (llvmpipe), ``high`` on a GPU."""
    if name in (None, "auto"):
        return LEVELS["low" if is_software(ctx) else "high"]
    return get_quality(name)
