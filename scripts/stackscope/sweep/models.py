"""Verilated models of the SoC, one per distinct set of soc_top build-time parameters.

A model is keyed by a hash of its full parameter set (the defaults of
stackscope.spec.builds filled in) and of the sources it is built from (rtl/, and the harness and
CLI in tb/harness and tb/app). The named builds of soc_top that `make build` builds
(stackscope.spec.builds: default, w1, w4, ...) are registered in the cache under their hashes,
so a sweep whose build-time values match one runs on it without building anything; any other set
is Verilated once into the cache (CMake with SS_MODEL_PARAMS, tb/harness/verilated.cmake) and
reused by every later sweep until a source changes.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from .. import rtl_files  # the one reader of rtl/**/*.f
from ..common.errors import StackScopeError
from ..common.paths import ROOT
from ..common.runner import python_argv
from ..spec import builds



def named_models(build_dir: Path) -> dict[str, dict]:
    """The named builds of soc_top (stackscope.spec.builds; the FPGA top is another design,
    docs/fpga.md): name -> {"params": {the values that differ from the defaults}, "binary":
    build_dir/<its binary>}."""
    return {b.name: {"params": dict(b.params), "binary": Path(build_dir) / b.binary}
            for b in builds.BUILDS if b.top == "soc_top"}


def source_files() -> list[Path]:
    # the SoC's RTL exactly as Verilator reads it (rtl/top/soc.f through the one list reader;
    # an RTL file outside the SoC, e.g. a unit not yet integrated, does not make models stale),
    # the lists themselves, the include files and the lint waivers
    sv, lists = rtl_files.read_lists("rtl/top/soc.f")
    files = sv + lists + sorted((ROOT / "rtl").rglob("*.svh")) + [ROOT / "rtl/lint.vlt"]
    # the harness and the CLI the model is linked into (the build-time values are in the
    # parameters)
    files += [p for d in ("tb/harness", "tb/app") for p in (ROOT / d).glob("*")
              if p.suffix in (".cpp", ".h")]
    return sorted(f for f in files if f.is_file())


def source_hash() -> str:
    h = hashlib.sha256()
    for f in source_files():
        h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def full_params(overrides: dict) -> dict[str, int]:
    """The full parameter set of overrides (stackscope.spec.builds.resolve: PmuSpecBlocks
    follows RobEntries unless given)."""
    try:
        return builds.resolve(overrides)
    except KeyError as e:
        raise StackScopeError(f"unknown build-time parameter {e.args[0]} (soc_top has: "
                              f"{', '.join(sorted(builds.DEFAULTS))})") from None


def model_hash(params: dict, src_hash: str) -> str:
    return hashlib.sha256(json.dumps({"params": params, "sources": src_hash},
                                     sort_keys=True).encode()).hexdigest()[:16]


class ModelCache:
    """<cache>/<hash>/model.json: {"params", "binary", "origin"}; a built model's binary lives
    in <cache>/<hash>/build/stackscope_sweep."""

    def __init__(self, cache_dir: Path, build_dir: Path):
        self.dir = Path(cache_dir)
        self.build_dir = Path(build_dir)
        self.src_hash = source_hash()
        self._newest_source = max(f.stat().st_mtime for f in source_files())

    def key(self, overrides: dict) -> tuple[str, dict]:
        p = full_params(overrides)
        return model_hash(p, self.src_hash), p

    def register_builtin(self) -> None:
        """Registers the up-to-date models of `make build` (a binary older than a source is
        stale and is not registered)."""
        for name, m in named_models(self.build_dir).items():
            b = Path(m["binary"])
            if not os.access(b, os.X_OK) or b.stat().st_mtime < self._newest_source:
                continue
            h, p = self.key(m["params"])
            self._write(h, {"params": p, "binary": str(b.resolve()), "origin": f"make build ({name})"})

    def _write(self, h: str, entry: dict) -> None:
        d = self.dir / h
        d.mkdir(parents=True, exist_ok=True)
        tmp = d / f"model.json.tmp{os.getpid()}"
        tmp.write_text(json.dumps(entry, indent=1, sort_keys=True) + "\n")
        os.replace(tmp, d / "model.json")

    def lookup(self, h: str) -> str | None:
        f = self.dir / h / "model.json"
        try:
            b = json.loads(f.read_text())["binary"]
        except (OSError, ValueError, KeyError):
            return None
        return b if os.access(b, os.X_OK) else None

    def build_argv(self, h: str, params: dict, jobs: int) -> list[str]:
        """The command that Verilates model `h` into the cache and registers it (run locally or
        as a Slurm job): stackscope.sweep.build_model."""
        return python_argv("stackscope.sweep.build_model", "--cache", str(self.dir), "--hash", h,
                           "--params", json.dumps(params, sort_keys=True),
                           "--jobs", str(jobs))
