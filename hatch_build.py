"""Build step: compile the engine's kernels while the wheel is built (issue 28).

``pip install .`` builds the wheel on the user's own machine, so machine code compiled here
fits the CPU it will run on. This hook runs ``python -m billiard.shot.precompile``
with ``BILLIARD_KERNEL_CACHE`` pointing at a scratch folder, then ships numba's cache files
in ``billiard/physics/kernels/__pycache__/``, where the installed package looks first. The
cache is keyed by the kernels' source contents, numba's version, Python's and the CPU's
(``billiard/physics/kernels/cache_locator.py``), so a wheel carried to another machine, or a
changed source, compiles again on its first run. If the compile fails, the wheel is built
without the cache (the first run then compiles, as it did before) and pip says why.
Editable installs skip it: a working tree compiles on its first run and keeps the cache.
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

TARGET = "billiard/physics/kernels/__pycache__"


class KernelCacheHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("BILLIARD_NO_PRECOMPILE"):
            return
        self._scratch = Path(tempfile.mkdtemp(prefix="billiard-kernels-"))
        env = dict(os.environ, BILLIARD_KERNEL_CACHE=str(self._scratch), PYTHONDONTWRITEBYTECODE="1")
        env["PYTHONPATH"] = os.pathsep.join([self.root, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        print("billiard: compiling the engine's kernels for this machine (15-30 s)...", file=sys.stderr)
        done = subprocess.run([sys.executable, "-m", "billiard.shot.precompile"],
                              cwd=self.root, env=env, check=False)
        files = sorted(p for p in self._scratch.iterdir() if p.suffix in (".nbi", ".nbc"))
        if done.returncode != 0 or not files:
            print("billiard: warning: kernels not compiled now; the first run will compile them",
                  file=sys.stderr)
            return
        for path in files:
            build_data["force_include"][str(path)] = f"{TARGET}/{path.name}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
