"""Compiled kernels for the engine's hot loops (issue 14), with the pure-numpy code as the reference.

Each kernel in this package has a pure-numpy counterpart elsewhere in :mod:`billiard.physics`;
tests run both and compare them. Which one a :class:`~billiard.physics.world.World` uses is
:data:`ENGINE`: ``"compiled"`` when numba is importable, else ``"numpy"``; the environment
variable ``BILLIARD_ENGINE=numpy`` forces the reference. Kernels are compiled with
``cache=True``: the machine code is kept on disk (``cache_locator``: the wheel ships it,
compiled when the package was built by ``hatch_build.py``) and loaded in later processes.
"""

from __future__ import annotations

import os
from typing import Any, Callable

from billiard.physics.kernels.aot_load import export_name
from billiard.physics.kernels.aot_load import load as _load_aot

# the entry points compiled ahead of time, where the installed wheel has them (then numba is
# not even imported: ~0.35 s of CPU less on the first shot of every process, issue 28)
AOT = _load_aot()
if AOT is None:
    try:
        import numba
    except ImportError:  # pragma: no cover - numba is a dependency; the reference still runs without it
        numba = None  # type: ignore[assignment]
else:
    numba = None  # type: ignore[assignment]

COMPILED = AOT is not None or numba is not None  # the compiled engine can run in this process
ENGINES = ("compiled", "numpy")
ENGINE = os.environ.get("BILLIARD_ENGINE", "compiled" if COMPILED else "numpy")
if ENGINE not in ENGINES or (ENGINE == "compiled" and not COMPILED):
    ENGINE = "numpy"


def njit(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``numba.njit`` with the project's options (no fastmath: IEEE results, cached to disk;
    ``error_model="numpy"``: a division by zero gives inf or nan as in the numpy reference,
    never an exception); the ahead-of-time compiled function where the wheel has one (the
    others are only called from compiled code there); the plain function when numba is
    missing (then only the numpy path calls it)."""
    if AOT is not None:
        compiled: Callable[..., Any] = getattr(AOT, export_name(fn.__module__, fn.__name__), fn)
        return compiled
    if numba is None:
        return fn
    return numba.njit(cache=True, nogil=True, fastmath=False, error_model="numpy")(fn)


if numba is not None:
    from billiard.physics.kernels.cache_locator import install

    install()
