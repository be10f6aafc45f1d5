"""Build step: compile the engine's kernels while the wheel is built (issue 28).

``pip install .`` builds the wheel on the user's own machine, so machine code compiled here
fits the CPU it will run on. This hook runs ``python -m billiard.shot.precompile``
with ``BILLIARD_KERNEL_CACHE`` pointing at a scratch folder, then ships numba's cache files
in ``billiard/physics/kernels/__pycache__/``, where the installed package looks first. The
cache is keyed by the kernels' source contents, numba's version, Python's and the CPU's
(``billiard/physics/kernels/cache_locator.py``), so a wheel carried to another machine, or a
changed source, compiles again on its first run. If the compile fails, the wheel is built
without the cache (the first run then compiles, as it did before) and pip says why.
An editable install (the README's test command) compiles the same cache into the working tree
instead: the test workers then load it rather than each compiling the kernels on its first
engine call (~15-25 s of CPU each on a fresh clone). It builds the ahead-of-time module below
into the working tree as well (git-ignored): the game processes the tests start then import it,
as an installed game does, instead of numba (~0.3 s of CPU less at each of the suite's ~30
process starts). A changed kernel source no longer matches the module's digest, so numba's path
takes over and recompiles by itself (``kernels/aot_load.py``).

Then, where a C compiler is at hand, the entry-point kernels are also compiled ahead of time
into the extension module ``billiard/physics/kernels/_aot`` (``billiard/shot/aot_build.py``):
an installed game then calls machine code without importing numba at all (the first shot in a
fresh process: ~0.2 s of CPU instead of ~0.5 s). The wheel is then tagged for this platform.
``BILLIARD_NO_AOT=1`` skips that part; ``BILLIARD_NO_PRECOMPILE=1`` skips both.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

KERNELS = "billiard/physics/kernels"
TARGET = f"{KERNELS}/__pycache__"


class KernelCacheHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or os.environ.get("BILLIARD_NO_PRECOMPILE"):
            return
        if version == "editable":
            self._working_tree()
            return
        self._scratch = Path(tempfile.mkdtemp(prefix="billiard-kernels-"))
        # BILLIARD_AOT=0: numba's path, even where the source tree holds a module built by hand
        env = dict(os.environ, BILLIARD_KERNEL_CACHE=str(self._scratch), PYTHONDONTWRITEBYTECODE="1", BILLIARD_AOT="0")
        env["PYTHONPATH"] = os.pathsep.join([self.root, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        print("billiard: compiling the engine's kernels for this machine (15-30 s)...", file=sys.stderr)
        done = subprocess.run([sys.executable, "-m", "billiard.shot.precompile"], cwd=self.root, env=env, check=False)
        files = sorted(p for p in self._scratch.iterdir() if p.suffix in (".nbi", ".nbc"))
        if done.returncode != 0 or not files:
            print("billiard: warning: kernels not compiled now; the first run will compile them", file=sys.stderr)
            return
        for path in files:
            build_data["force_include"][str(path)] = f"{TARGET}/{path.name}"
        self._ahead_of_time(env, build_data)

    def _working_tree(self) -> None:
        """An editable install: numba's cache compiled into the working tree's own
        ``__pycache__`` (where the kernels look first), once, instead of by every process that
        runs the engine first."""
        env = dict(os.environ, BILLIARD_AOT="0")
        env.pop("BILLIARD_KERNEL_CACHE", None)
        env["PYTHONPATH"] = os.pathsep.join([self.root, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        print("billiard: compiling the engine's kernels into the working tree (15-30 s)...", file=sys.stderr)
        done = subprocess.run([sys.executable, "-m", "billiard.shot.precompile"], cwd=self.root, env=env, check=False)
        if done.returncode != 0:
            print("billiard: warning: kernels not compiled now; the first run will compile them", file=sys.stderr)
            return
        # the package's bytecode too: else the first test run's two workers (and the processes they
        # start) each compile the same ~340 modules at once, ~1.5 s of CPU apiece
        subprocess.run([sys.executable, "-m", "compileall", "-q", "billiard"], cwd=self.root, check=False)
        if os.environ.get("BILLIARD_NO_AOT"):
            return
        print(
            "billiard: compiling the kernels ahead of time into the working tree (about 15 s more)...", file=sys.stderr
        )
        done = subprocess.run(
            [sys.executable, "-m", "billiard.shot.aot_build", KERNELS], cwd=self.root, env=env, check=False
        )
        if done.returncode != 0:
            print("billiard: warning: no ahead-of-time kernels (no C compiler?); numba's cache serves", file=sys.stderr)

    def _ahead_of_time(self, env: dict[str, str], build_data: dict[str, Any]) -> None:
        """The entry-point kernels compiled into an extension module as well (numba's pycc,
        ``billiard/shot/aot_build.py``): the installed game then starts without importing
        numba. It needs a C compiler for pycc's glue; without one the wheel keeps the cache
        above alone."""
        if os.environ.get("BILLIARD_NO_AOT"):
            return
        out = self._scratch / "aot"
        print("billiard: compiling the kernels ahead of time (about 10 s more)...", file=sys.stderr)
        done = subprocess.run(
            [sys.executable, "-m", "billiard.shot.aot_build", str(out)], cwd=self.root, env=env, check=False
        )
        built = sorted(out.glob("_aot.*")) if out.is_dir() else []
        if done.returncode != 0 or not any(p.suffix in (".so", ".pyd") for p in built):
            print(
                "billiard: warning: no ahead-of-time kernels (no C compiler?); numba loads the cache instead",
                file=sys.stderr,
            )
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path in built:
            build_data["force_include"][str(path)] = f"{KERNELS}/{path.name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
