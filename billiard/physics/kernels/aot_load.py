"""The ahead-of-time compiled kernels, where the wheel ships them (issue 28); no numba import.

``billiard/shot/aot_build.py`` compiles the entry-point kernels into the extension module
``billiard.physics.kernels._aot`` when the wheel is built, with ``_aot.json`` beside it: the
modules whose functions it exports and a digest of the kernel sources. :func:`load` imports
the module only when that digest still matches the files on disk (a changed source falls back
to numba, which compiles afresh) and ``BILLIARD_AOT=0`` is not set. The editable install builds
the module into the working tree too; the test workers set ``BILLIARD_AOT=0`` for themselves
(numba's path, whose kernels the tests compare one by one with the numpy reference), while the
game processes they start load the module, as an installed game does.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
from pathlib import Path
from types import ModuleType

MODULE = "_aot"
SIDE_FILE = "_aot.json"
KERNELS = Path(__file__).resolve().parent
PHYSICS = KERNELS.parent
PREFIX = "billiard.physics."


def export_name(module: str, name: str) -> str:
    """The exported symbol of kernel ``name`` of ``module`` (``billiard.physics.kernels.advance``,
    ``advance_rows`` -> ``kernels__advance__advance_rows``)."""
    short = module[len(PREFIX) :] if module.startswith(PREFIX) else module
    return f"{short.replace('.', '__')}__{name}"


def _source_files(modules: list[str]) -> list[Path]:
    """Every kernel source, and the files of the exporting modules (those outside the folder)."""
    files = {p for p in KERNELS.glob("*.py")}
    for module in modules:
        if module.startswith(PREFIX):
            files.add(PHYSICS.joinpath(*module[len(PREFIX) :].split(".")).with_suffix(".py"))
    return sorted(files)


def sources_digest(modules: list[str]) -> str:
    """SHA-256 of the names (relative to billiard/physics) and contents of the sources the
    module was compiled from."""
    digest = hashlib.sha256()
    for path in _source_files(modules):
        digest.update(path.relative_to(PHYSICS).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes() if path.is_file() else b"(missing)")
        digest.update(b"\0")
    return digest.hexdigest()


def load() -> ModuleType | None:
    """The compiled module when it is there and current; None otherwise (never raises)."""
    if os.environ.get("BILLIARD_AOT", "1") == "0":
        return None
    side = KERNELS / SIDE_FILE
    try:
        meta = json.loads(side.read_text())
        if meta["sha256"] != sources_digest(list(meta["modules"])):
            return None
        return importlib.import_module(f"billiard.physics.kernels.{MODULE}")
    except (OSError, ValueError, KeyError, TypeError, ImportError):
        return None
