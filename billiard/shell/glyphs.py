"""Every glyph the HUD may show, rendered into pyglet's glyph atlas before the first frame
(issue 28).

pyglet renders a glyph the first time a label shows it, at that font size, and copies it into
its atlas texture. On a software GL (Mesa's llvmpipe) that copy waits for every draw still
queued that reads the atlas, i.e. the whole previous frame: 0.5-2 s measured under load for
the first 'p' of a message after a break (the worst frames of a scripted 9-ball session).
Rendering the character set of each font size the HUD uses (and the smaller sizes its labels
shrink to) when the HUD is built costs ~15 ms of CPU a size, behind the first frame, with
nothing queued yet.
"""

from __future__ import annotations

import os
import string
from collections.abc import Iterable
from typing import Any, cast

# printable ASCII (the game's wording) and the few other signs its lines use
CHARSET = "".join(ch for ch in string.printable if ch not in "\t\n\r\x0b\x0c") + "°±µ·—é"


ENV = "BILLIARD_GLYPH_WARMUP"  # "0": no warm-up (the test suite's in-process plays: ~0.25 s each)


def enabled() -> bool:
    """Whether the HUD renders its glyphs when it is built (unless ``BILLIARD_GLYPH_WARMUP=0``)."""
    return os.environ.get(ENV, "1") != "0"


def shrink_sizes(size: float, factor: float, smallest: float) -> list[float]:
    """``size`` and the sizes a label shrinks through (times ``factor`` each step) while it
    is still above ``smallest``: the exact floats, so the fonts loaded here are the ones the
    labels ask for."""
    sizes = [size]
    while sizes[-1] > smallest:
        sizes.append(factor * sizes[-1])
    return sizes


def warm(font_name: str | None, sizes: Iterable[float], dpi: float | None = None, weight: str = "normal") -> list:
    """Render :data:`CHARSET` in ``font_name`` at each size; the fonts, which the caller keeps
    (pyglet holds its fonts weakly: a font dropped would lose its glyphs)."""
    import pyglet

    fonts = []
    for size in sorted(set(sizes)):
        font = pyglet.font.load(font_name, size, weight=weight, dpi=cast(Any, dpi))  # the labels' own dpi
        if not getattr(font, "_billiard_warm", False):
            font.get_glyphs(CHARSET)
            font._billiard_warm = True  # type: ignore[attr-defined]
        fonts.append(font)
    return fonts
