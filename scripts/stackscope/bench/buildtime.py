"""The build time of one SoC model: Verilator and the C++ compile of a named build's model,
from nothing, in a scratch CMake tree configured like the real one (so the Verilator and
compiler arguments are tb/harness/verilated.cmake's own), without ccache, `-j 2`."""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

from ..common.errors import StackScopeError
from ..spec import builds as spec_builds


def measure(root: Path, scratch: Path, names: list[str], log=print) -> dict[str, float]:
    """{build: wall seconds} of `cmake --build SCRATCH --target <model>_build` after removing
    the model's directory."""
    env = {**os.environ, "CCACHE_DISABLE": "1"}
    if not env.get("VERILATOR_ROOT"):
        raise StackScopeError("VERILATOR_ROOT not set (source scripts/env.sh)")
    r = subprocess.run(["cmake", "-S", str(root), "-B", str(scratch), "-DCMAKE_BUILD_TYPE=Release"],
                       capture_output=True, text=True, env=env, check=False)
    if r.returncode != 0:
        raise StackScopeError(f"cmake configure of {scratch} failed", 1)
    out = {}
    for name in names:
        b = spec_builds.by_name(name)
        shutil.rmtree(scratch / "verilated" / b.model, ignore_errors=True)
        t0 = time.monotonic()
        r = subprocess.run(["cmake", "--build", str(scratch), "-j", "2", "--target",
                            f"{b.model}_build"], capture_output=True, text=True, env=env,
                           check=False)
        if r.returncode != 0:
            raise StackScopeError(f"build of the {name} model failed (see cmake --build "
                                  f"{scratch} --target {b.model}_build)", 1)
        out[name] = round(time.monotonic() - t0, 1)
        log(f"buildtime: {name} model (Verilator + C++, -j 2, no ccache): {out[name]} s")
    return out
