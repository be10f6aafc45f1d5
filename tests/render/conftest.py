"""One offscreen OpenGL context per test module; tests skip (with the reason) where EGL is missing."""
from __future__ import annotations

import pytest

from billiard.errors import BilliardError


@pytest.fixture(scope="module")
def gl_ctx():
    from billiard.render.offscreen import create_context

    try:
        ctx = create_context()
    except BilliardError as exc:
        pytest.skip(f"rendering tests need an EGL OpenGL context (Mesa libEGL): {exc}")
    yield ctx
    ctx.release()
