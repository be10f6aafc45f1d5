"""What every test shares: pyglet told it is headless before any window module is imported
(no display here, and pyglet opens a shadow window at import), and one offscreen OpenGL
context for the whole session (``gl_ctx``), made current for each test module that asks
for it.

Headless plays run in this process (``tests/in_process.py``), in a hidden window of their size
kept for the worker's session (``tests/window_pool.py``: a headless pyglet window cannot change
size; a new one costs a play ~0.05-0.1 s of CPU, against the ~1 s that a ``python -m billiard``
process took to start and import)."""

import json
import os
import sys
from collections import Counter
from pathlib import Path

# the HUD renders every glyph of every size when it is built (issue 28; ~0.25 s of CPU a game):
# the in-process plays of the tests leave it out, tests/app/test_glyph_warmup.py checks it
os.environ.setdefault("BILLIARD_GLYPH_WARMUP", "0")

sys.path.insert(0, str(Path(__file__).parent))  # tests/in_process.py, from every folder

# PYTHONDONTWRITEBYTECODE (set on many build machines) makes every run, and each of its xdist
# workers, compile billiard again and rewrite the asserts of ~220 test modules (~3 s of CPU a
# worker, issue 28): let the suite keep that bytecode in the (git-ignored) __pycache__ folders,
# where numba keeps its kernels too. BILLIARD_TEST_NO_BYTECODE=1 leaves Python's choice alone
# (benchmarks/mutation.py: a mutant must never meet a .pyc of the source it replaced).
if sys.dont_write_bytecode and not os.environ.get("BILLIARD_TEST_NO_BYTECODE"):
    sys.dont_write_bytecode = False

# The editable install builds the ahead-of-time kernel module into the working tree
# (hatch_build.py). This process keeps numba's just-in-time kernels, which the kernel tests
# compare one by one with the numpy reference; the game processes the tests start load the
# module, as an installed game does (no numba import: ~0.3 s of CPU less a process, issue 28).
_aot_choice = os.environ.get("BILLIARD_AOT")
os.environ["BILLIARD_AOT"] = "0"
import billiard.physics.kernels  # noqa: E402,F401

if _aot_choice is None:
    del os.environ["BILLIARD_AOT"]
else:
    os.environ["BILLIARD_AOT"] = _aot_choice

from billiard.shell.pygletconf import configure  # noqa: E402

configure(headless=True)

import pytest  # noqa: E402

from billiard.errors import BilliardError  # noqa: E402
from file_order import CACHE_KEY, file_of, longest_first, merged, shipped  # noqa: E402

_ran_seconds: Counter = Counter()  # this run's seconds per test file (tests/file_order.py)


def _timings(config) -> dict:
    """The last runs' seconds per file (none yet: the shipped ones): a worker takes the
    controller's copy (every worker must collect the same order, even if another run rewrites
    the cache meanwhile)."""
    handed = getattr(config, "workerinput", {}).get(CACHE_KEY)
    if handed is not None:
        return json.loads(handed)
    cache = getattr(config, "cache", None)
    seconds = cache.get(CACHE_KEY, None) if cache is not None else None
    return seconds if isinstance(seconds, dict) and seconds else shipped()  # a first run: the shipped ones


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """(xdist, in the controller) hand each worker the timings read once."""
    node.workerinput[CACHE_KEY] = json.dumps(_timings(node.config))


def pytest_configure(config):
    """With the last runs' timings, the workers get the longest files first (tests/file_order.py),
    not xdist's files-with-the-most-tests first."""
    if _timings(config) and hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(session, config, items):
    seconds = _timings(config)
    if seconds:
        order = longest_first([item.nodeid for item in items], seconds)
        items[:] = [items[i] for i in order]


def pytest_runtest_logreport(report):
    _ran_seconds[file_of(report.nodeid)] += report.duration


def pytest_sessionfinish(session):
    """The controller (or a run without workers) keeps each file's seconds for the next run."""
    cache = getattr(session.config, "cache", None)
    if cache is None or hasattr(session.config, "workerinput") or not _ran_seconds:
        return
    cache.set(CACHE_KEY, merged(_timings(session.config), _ran_seconds))


@pytest.fixture(scope="session", autouse=True)
def _kept_headless_windows():
    """The worker's in-process headless plays share one hidden window per size, and its offscreen
    pictures one standalone context (tests/window_pool.py)."""
    import billiard.app.headless as headless
    import billiard.render.offscreen as offscreen
    import billiard.replay.pictures as pictures
    from window_pool import PooledShell, close_all, kept_context, release_kept

    opened, created = headless.Shell, offscreen.create_context
    headless.Shell = PooledShell
    offscreen.create_context = pictures.create_context = kept_context(created)
    yield
    headless.Shell = opened
    offscreen.create_context = pictures.create_context = created
    close_all()
    release_kept()


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
