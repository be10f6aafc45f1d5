"""Reading untrusted JSON files and writing them atomically.

Reading never trusts a file: too large, not UTF-8, not JSON, nested too deep,
NaN/Infinity, or not an object -> one :class:`BilliardError` line.
Writing goes to a temporary file in the same folder, is fsynced, then renamed over
the target (``os.replace`` is atomic on POSIX): a killed writer leaves either the old
file or the new one, never a partial file.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from billiard.errors import BilliardError

MAX_FILE_BYTES = 256 * 1024 * 1024
TEMP_PREFIX = ".tmp-"


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not allowed")


def read_json_object(path: str | os.PathLike, what: str = "file") -> dict[str, Any]:
    """Parse ``path`` as one JSON object, or raise one clear BilliardError."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if not p.is_file():
            raise BilliardError(f"{p} is not a {what}: not a regular file")
        if size > MAX_FILE_BYTES:
            raise BilliardError(f"{p} is too large for a {what} ({size} bytes)")
        raw = p.read_bytes()
    except BilliardError:
        raise
    except OSError as exc:
        raise BilliardError(f"cannot read {p}: {exc.strerror or exc}") from None
    if not raw.strip():
        raise BilliardError(f"{p} is empty, not a {what}")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except UnicodeDecodeError:
        raise BilliardError(f"{p} is not a {what}: not UTF-8 text") from None
    except RecursionError:
        raise BilliardError(f"{p} is not a {what}: nested too deeply") from None
    except ValueError as exc:
        raise BilliardError(f"{p} is not a {what}: invalid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise BilliardError(f"{p} is not a {what}: expected a JSON object")
    return data


def write_bytes_atomic(path: str | os.PathLike, data: bytes) -> Path:
    """Write ``data`` to ``path`` through a temp file, fsync, rename; return the path."""
    target = Path(path)
    folder = target.parent
    try:
        fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX + target.name + ".", dir=folder)
    except OSError as exc:
        raise BilliardError(f"cannot write {target}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise BilliardError(f"cannot write {target}: {exc.strerror or exc}") from None
        raise
    _fsync_dir(folder)
    return target


def write_json_atomic(path: str | os.PathLike, obj: Any) -> Path:
    """Atomically write ``obj`` as indented JSON (no NaN)."""
    try:
        text = json.dumps(obj, indent=1, allow_nan=False) + "\n"
    except (TypeError, ValueError) as exc:
        raise BilliardError(f"cannot save {Path(path).name}: {exc}") from None
    return write_bytes_atomic(path, text.encode("utf-8"))


def sweep_stale_temps(folder: Path, older_than_s: float = 600.0) -> int:
    """Delete temp files a killed writer left in ``folder``; return how many.

    Only ``.tmp-*`` files older than ``older_than_s`` go, so a save in progress in
    another running game is left alone.
    """
    removed = 0
    cutoff = time.time() - older_than_s
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    for entry in entries:
        try:
            if entry.name.startswith(TEMP_PREFIX) and entry.is_file() and entry.stat().st_mtime < cutoff:
                entry.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where unsupported."""
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
