"""Find the top-level `shaders/` and `assets/` folders, in a source tree or an installed wheel."""

from __future__ import annotations

from pathlib import Path

_PKG = Path(__file__).resolve().parent


def resource_path(*parts: str) -> Path:
    """Path of a shipped resource, e.g. ``resource_path("shaders", "ball.vert")``.

    A wheel carries the folders as ``billiard/_data/...`` (see pyproject's
    force-include); a source checkout or editable install has them beside the package.
    """
    for root in (_PKG / "_data", _PKG.parent):
        candidate = root.joinpath(*parts)
        if candidate.exists():
            return candidate
    raise FileNotFoundError(f"billiard resource not found: {'/'.join(parts)}")
