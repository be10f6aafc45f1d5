"""What every test shares: pyglet told it is headless before any window module is imported
(no display here, and pyglet opens a shadow window at import), and one offscreen OpenGL
context for the whole session (``gl_ctx``), made current for each test module that asks
for it.

Headless plays run in this process (``tests/in_process.py``), each in a window of its own
(a headless pyglet window cannot change size, and opening one costs ~20 ms against the ~1 s
that a ``python -m billiard`` process took to start and import)."""

import os
import sys
from pathlib import Path

# the HUD renders every glyph of every size when it is built (issue 28; ~0.25 s of CPU a game):
# the in-process plays of the tests leave it out, tests/app/test_glyph_warmup.py checks it
os.environ.setdefault("BILLIARD_GLYPH_WARMUP", "0")

sys.path.insert(0, str(Path(__file__).parent))  # tests/in_process.py, from every folder

from billiard.shell.pygletconf import configure

configure(headless=True)

import pytest  # noqa: E402

from billiard.errors import BilliardError  # noqa: E402


@pytest.fixture(scope="session")
def _session_gl_ctx():
    from billiard.render.offscreen import create_context

    try:
        ctx = create_context()
    except BilliardError as exc:
        pytest.skip(f"rendering tests need an EGL OpenGL context (Mesa libEGL): {exc}")
    yield ctx
    ctx.release()


@pytest.fixture(scope="module")
def gl_ctx(_session_gl_ctx):
    """The session's offscreen context, made current for the test module that asks for it (a
    window opened by an earlier test made its own context current); tests skip, with the
    reason, where EGL is missing."""
    with _session_gl_ctx:
        yield _session_gl_ctx
