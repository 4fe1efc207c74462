"""The repository's paths, and the environment a child Python process needs to import this
package (a runner task, a Slurm job: `python3 -m stackscope...`)."""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]   # the repository
SCRIPTS = ROOT / "scripts"                   # the directory that holds the package
BUILD = ROOT / "build"                       # the default build tree
MANIFEST = ROOT / "sw" / "workloads.json"    # the workload manifest


def rel(path) -> str:
    """path relative to the repository when it lies inside it, else absolute."""
    p = Path(os.path.abspath(path))
    try:
        return str(p.relative_to(ROOT))
    except ValueError:
        return str(p)


def python_env(env: dict | None = None) -> dict:
    """env (default: this process's) with the package's directory first on PYTHONPATH."""
    env = dict(os.environ if env is None else env)
    parts = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    if str(SCRIPTS) not in parts:
        env["PYTHONPATH"] = os.pathsep.join([str(SCRIPTS), *parts])
    return env
