"""Compile the engine's entry-point kernels ahead of time into an extension module (issue 28).

``python -m billiard.shot.aot_build FOLDER`` writes ``_aot.<abi>.so`` and ``_aot.json`` into
FOLDER; ``hatch_build.py`` runs it while the wheel is built and ships both in
``billiard/physics/kernels/``. A process that finds them (``kernels/aot_load.py``) calls
machine code straight away, without importing numba (~0.2 s of CPU) nor loading numba's cache
(~0.15 s): the first shot in a fresh process costs what numpy and billiard's own imports cost.

numba's ``pycc`` does the work (it needs a C compiler to build the module's glue code; where
there is none the step fails and the wheel keeps numba's cache alone, the previous way). The
options are the kernels' own (``error_model="numpy"``, no fastmath) and every exported call
lets go of the interpreter lock as ``nogil=True`` does, so the game's frame thread keeps
running while a worker simulates. The machine code is for the generic CPU of the platform
(pycc's default), so a wheel carried to another machine of the same platform still runs;
without fastmath the results are the same bits as the JIT's (the golden tests pin them).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from billiard.physics.kernels.aot_load import MODULE, SIDE_FILE, export_name, sources_digest


def _flags_class() -> Any:
    """numba's compile flags with the kernels' options, for pycc (which uses plain defaults)."""
    from numba.core.compiler import Flags

    class KernelFlags(Flags):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            setattr(self, "release_gil", True)  # noqa: B010 - numba's Option descriptors
            setattr(self, "error_model", "numpy")  # noqa: B010

    return KernelFlags


def build(folder: Path, quiet: bool = True) -> Path:
    """Compile every entry point (with the signature a 9-ball break gave it) into ``folder``;
    the path of the extension module. Raises RuntimeError when an entry point has no single
    signature, or what numba/distutils raise when there is no C compiler."""
    import numba.pycc.compiler as pycc_compiler
    from numba.pycc import CC

    from billiard.shot.precompile import ENTRY_POINTS, dispatchers, precompile

    missed = precompile()
    if missed:
        raise RuntimeError(f"kernels not compiled by the break: {', '.join(missed)}")
    found = dispatchers()
    setattr(pycc_compiler, "Flags", _flags_class())  # noqa: B010 - pycc reads its module's Flags
    cc = CC(MODULE)
    cc.output_dir = str(folder)
    cc.verbose = not quiet
    files: set[str] = set()
    for name in ENTRY_POINTS:
        dispatcher = found[name]
        signatures = dispatcher.nopython_signatures
        if len(signatures) != 1:
            raise RuntimeError(f"kernel {name} has {len(signatures)} signatures; ahead-of-time needs one")
        fn = dispatcher.py_func
        cc.export(export_name(fn.__module__, fn.__name__), signatures[0])(fn)
        files.add(fn.__module__)
    cc.compile()  # in a scratch folder of its own, removed after
    built = sorted(folder.glob(f"{MODULE}.*"))
    built = [p for p in built if p.suffix in (".so", ".pyd")]
    if not built:
        raise RuntimeError("pycc wrote no extension module")
    modules = sorted(files)
    (folder / SIDE_FILE).write_text(json.dumps({"modules": modules, "sha256": sources_digest(modules)}) + "\n")
    return built[0]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m billiard.shot.aot_build FOLDER", file=sys.stderr)
        return 2
    folder = Path(args[0])
    folder.mkdir(parents=True, exist_ok=True)
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        path = build(folder)
    except Exception as exc:  # noqa: BLE001 - any failure: the wheel goes without the module
        print(f"billiard: ahead-of-time kernels not built: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    print(
        f"billiard: ahead-of-time kernels in {path.name} ({time.perf_counter() - t0:.1f} s, "
        f"{time.process_time() - c0:.1f} s CPU)",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
