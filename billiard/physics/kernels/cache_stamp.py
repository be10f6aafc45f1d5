"""The stamp that says whether cached machine code of the kernels is still theirs.

numba checks a cached kernel only against the file that defines it, so a kernel whose
callee in another file changed would load stale machine code. The stamp here is a hash of
the *contents* of every kernel source in the package (names included): any change to any of
them makes every cached kernel stale, and numba compiles afresh. Contents, not modification
times, so that a cache compiled while the wheel is built stays valid once pip has unpacked
the same files with new times. numba adds its own version, the Python version and the CPU
(name and features) to every cache entry's key, so another numba or another machine
compiles too.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def source_stamp(folder: Path) -> str:
    """Hex SHA-256 of the names and contents of the ``*.py`` files of ``folder`` (sorted)."""
    digest = hashlib.sha256()
    for src in sorted(folder.glob("*.py")):
        digest.update(src.name.encode())
        digest.update(b"\0")
        digest.update(src.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()
