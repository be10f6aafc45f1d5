"""Atomic file writes: a temporary file in the target's folder, fsync, then ``os.replace``.

A reader never sees a half-written file and a crash never damages the previous version.
A writer killed mid-save leaves only its hidden temporary file (``.NAME.<pid>.tmp``),
which the next save into the same folder removes once its process is gone.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from billiard.errors import BilliardError


def atomic_write(path: str | os.PathLike, chunks: bytes | Iterable[bytes]) -> None:
    """Write ``chunks`` (bytes or an iterable of bytes, streamed) to ``path`` atomically."""
    with atomic_open(path) as out:
        for chunk in [chunks] if isinstance(chunks, (bytes, bytearray)) else chunks:
            out.write(chunk)


@contextmanager
def atomic_open(path: str | os.PathLike) -> Iterator[BinaryIO]:
    """A binary file to write ``path`` through (e.g. ``image.save(f, "PNG")``): it replaces
    ``path`` only when the block ends normally; on any error the old file stays as it was.
    An OSError becomes one BilliardError line naming the path."""
    path = Path(path)
    folder = path.parent
    tmp = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        _sweep_stale(folder)
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        with os.fdopen(fd, "wb") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
        _fsync_folder(folder)
    except OSError as exc:
        _remove(tmp)
        raise BilliardError(f"cannot write {path}: {exc.strerror or exc}") from None
    except BaseException:
        _remove(tmp)
        raise


def _remove(tmp: Path) -> None:
    try:
        tmp.unlink()
    except OSError:
        pass


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (best effort: some file systems refuse)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _sweep_stale(folder: Path) -> None:
    """Remove temporary files left by killed writers (their process no longer exists)."""
    for tmp in folder.glob(".*.tmp"):
        pid = tmp.name.rsplit(".", 2)[-2]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            _remove(tmp)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
