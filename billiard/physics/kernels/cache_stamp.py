"""Keep numba's on-disk cache of the kernels in step with their sources.

numba checks a cached kernel only against the file that defines it, so a kernel whose
callee in another file (or whose compile options) changed would load its stale machine
code. Here a stamp of every kernel source (modification time and size) and of the numba
version is kept next to the cache; when it differs, the package's cache files are removed
and numba compiles afresh. Installed copies never change, so this matters for a working
tree; where the folder cannot be written, numba keeps its cache elsewhere and the stamp is
skipped (every file of an upgrade gets a new time, which numba sees by itself).
"""
from __future__ import annotations

from pathlib import Path

STAMP = "kernels.stamp"


def _stamp(folder: Path, version: str) -> str:
    parts = [version]
    for src in sorted(folder.glob("*.py")):
        st = src.stat()
        parts.append(f"{src.name} {st.st_mtime_ns} {st.st_size}")
    return "\n".join(parts)


def drop_stale_cache(folder: Path, version: str) -> bool:
    """Remove the cached kernels of ``folder`` if its sources changed since they were
    stamped; True when files were removed. Never raises (a cache is only an optimisation)."""
    try:
        stamp = _stamp(folder, version)
        cache = folder / "__pycache__"
        mark = cache / STAMP
        if mark.is_file() and mark.read_text() == stamp:
            return False
        removed = False
        for old in [*cache.glob("*.nbi"), *cache.glob("*.nbc")]:
            old.unlink(missing_ok=True)
            removed = True
        cache.mkdir(exist_ok=True)
        tmp = cache / f"{STAMP}.{id(stamp)}.tmp"
        tmp.write_text(stamp)
        tmp.replace(mark)
        return removed
    except OSError:
        return False
