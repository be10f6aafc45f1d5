"""Where numba keeps the kernels' machine code, and how it knows the code is current.

A numba cache locator for the files of this package only (every other numba function keeps
numba's own locators). It differs from numba's in-tree locator in two ways:

* the freshness stamp is :func:`~billiard.physics.kernels.cache_stamp.source_stamp` of the
  whole package, so a changed callee recompiles its callers, and a cache built when the
  wheel was built (``hatch_build.py``) is still valid after ``pip install`` gave the files
  new modification times;
* the folder: ``$BILLIARD_KERNEL_CACHE`` when set (the build step compiles into a scratch
  folder), else the package's own ``__pycache__`` (where the wheel ships the cache), else,
  when that folder cannot be written (a system-wide install), a per-user folder that starts
  as a copy of the shipped cache.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path
from typing import Any

from numba.core import caching
from numba.core.caching import CacheImpl, _CacheLocator
from numba.misc.appdirs import AppDirs

from billiard.physics.kernels.cache_stamp import source_stamp

KERNELS = Path(__file__).resolve().parent
SHIPPED = KERNELS / "__pycache__"
ENV = "BILLIARD_KERNEL_CACHE"
_STAMP: list[str] = []


def stamp() -> str:
    """The package's source stamp, computed once per process."""
    if not _STAMP:
        _STAMP.append(source_stamp(KERNELS))
    return _STAMP[0]


def user_folder() -> Path:
    """The per-user cache folder for this copy of the package (keyed by its path)."""
    key = hashlib.sha1(str(KERNELS).encode()).hexdigest()[:16]
    return Path(AppDirs(appname="billiard", appauthor=False).user_cache_dir) / f"kernels-{key}"


def _writable(folder: Path) -> bool:
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / f".probe-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
        return True
    except OSError:
        return False


def _seed(folder: Path) -> None:
    """Copy the shipped cache files that ``folder`` lacks into it (write then rename)."""
    for src in [*SHIPPED.glob("*.nbi"), *SHIPPED.glob("*.nbc")]:
        dst = folder / src.name
        if dst.exists():
            continue
        try:
            tmp = folder / f".{src.name}.{os.getpid()}.tmp"
            shutil.copyfile(src, tmp)
            tmp.replace(dst)
        except OSError:
            return


def cache_folder() -> Path | None:
    """Where the kernels' cache is read and written in this process; None: nowhere."""
    chosen = os.environ.get(ENV)
    if chosen:
        return Path(chosen) if _writable(Path(chosen)) else None
    if _writable(SHIPPED):
        return SHIPPED
    folder = user_folder()
    if not _writable(folder):
        return None
    _seed(folder)
    return folder


_FOLDER: list[Path | None] = []


class KernelCacheLocator(_CacheLocator):
    """numba locator for the functions defined in this package's files."""

    def __init__(self, py_func: Any, folder: Path) -> None:
        self._lineno = py_func.__code__.co_firstlineno
        self._folder = folder

    def ensure_cache_path(self) -> None:  # checked once per process in cache_folder()
        return None

    def get_cache_path(self) -> str:
        return str(self._folder)

    def get_source_stamp(self) -> str:
        return stamp()

    def get_disambiguator(self) -> str:
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func: Any, py_file: str) -> KernelCacheLocator | None:
        if Path(py_file).resolve().parent != KERNELS:
            return None
        if not _FOLDER:
            _FOLDER.append(cache_folder())
        folder = _FOLDER[0]
        return None if folder is None else cls(py_func, folder)


_FULL_LOAD = caching.Cache.load_overload


def _load_overload(self: Any, sig: Any, target_context: Any) -> Any:
    """numba's ``Cache.load_overload`` for the kernels' cache, without the set-up a compile needs.

    Before loading cached machine code numba refreshes its target context: it imports and
    registers the implementations of everything it can compile (``numba.np.arraymath``,
    ``linalg``, typed containers..., and scipy where installed): ~0.1 s of CPU, 0.3 s more
    with scipy, on the first shot of every process (issue 28). Loading machine code needs
    only numba's runtime (NRT), so a kernel of this package found in the cache is loaded
    after ``rtsys.initialize`` alone; a miss (a compile) takes numba's full path, refresh
    included. The kernels' results are the same bits either way (the same machine code)."""
    if isinstance(getattr(self._impl, "locator", None), KernelCacheLocator):
        from numba.core.runtime import rtsys

        rtsys.initialize(target_context)
        with self._guard_against_spurious_io_errors():
            data = self._load_overload(sig, target_context)
        if data is not None:
            return data
    return _FULL_LOAD(self, sig, target_context)


def install() -> None:
    """Put the locator first in numba's list (before any kernel is decorated), and the light
    cache load in place where this numba has the parts it relies on."""
    classes = CacheImpl._locator_classes
    if KernelCacheLocator not in classes:
        classes.insert(0, KernelCacheLocator)
    cache = caching.Cache
    if (
        all(hasattr(cache, name) for name in ("_load_overload", "_guard_against_spurious_io_errors"))
        and cache.load_overload is _FULL_LOAD
    ):
        cache.load_overload = _load_overload  # type: ignore[method-assign]
