"""Build settings of the Verilated model, measured one by one (docs/dev/speed.md "Settings").

Each setting configures a scratch CMake tree of its own (BUILD/bench/settings/NAME) with its
values of SS_OPT_FAST (the per-cycle code's C++ flags), SS_VERILATOR_EXTRA (more Verilator
arguments) and SS_MODEL_CXX (the model's C++ compiler; cmake/Verilate.cmake's default when a
setting names none), so the rest of the flow is tb/harness/verilated.cmake's. Every setting is
built first; then the runs go in rounds, each round running every setting once on every
workload, so that a drift of the machine's speed while it measures (tens of per cent over an
hour on a shared host) touches every setting alike instead of favouring the last ones.
Recorded per setting: the build time of the default model from nothing (no ccache, `-j 2`;
for profile-guided optimisation the instrumented build, the training runs and the optimised
build together) and the simulated cycles per CPU second and per wall second of checked runs
(lockstep and the cross-check) on three workloads, median of `reps` runs; and its speed
against the first setting, the one the project builds with.

Profile-guided optimisation follows GCC's flow for a Verilated model (Verilator's manual,
"Compiler Profile-Guided Optimization"): the model built with -fprofile-generate, run on
training programs that are not among the measured ones, then rebuilt with -fprofile-use in
the same directory, where the profile was written.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..common.errors import StackScopeError
from . import simspeed

MEASURED = ["bench/coremark_like", "workloads/qsort", "workloads/crc32"]
TRAINING = ["workloads/interp", "workloads/spmv", "workloads/pchase_l2"]
PGO_GEN = "-O2 -fprofile-generate -fprofile-update=single"
PGO_USE = "-O2 -fprofile-use -fprofile-partial-training -Wno-missing-profile"


@dataclass(frozen=True)
class Setting:
    name: str
    what: str
    opt_fast: str = "-O2"
    vl_extra: list[str] = field(default_factory=list)
    cxx: str = ""        # the model's C++ compiler (SS_MODEL_CXX), "" = the project's default
    pgo: bool = False


SETTINGS = [
    Setting("O2", "clang++, the model's per-cycle code at -O2 (the project's setting)"),
    Setting("gcc", "g++ -O2", cxx="g++"),
    Setting("O3", "-O3", opt_fast="-O3"),
    Setting("O1", "-O1", opt_fast="-O1"),
    Setting("Os", "-Os (smaller code)", opt_fast="-Os"),
    Setting("pgo", "g++ with profile-guided optimisation (trained on interp, spmv, pchase_l2)",
            cxx="g++", pgo=True),
    Setting("threads2", "Verilator --threads 2", vl_extra=["--threads", "2"]),
]


def _find(prog: str) -> str | None:
    """prog on the PATH, else its newest versioned name (Debian's clang++-14, ...)."""
    if shutil.which(prog):
        return prog
    for v in range(30, 9, -1):
        if shutil.which(f"{prog}-{v}"):
            return f"{prog}-{v}"
    return None


def _run(cmd: list[str], env: dict, what: str) -> None:
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    if r.returncode != 0:
        tail = (r.stdout + r.stderr).strip().splitlines()[-3:]
        raise StackScopeError(f"{what} failed: {' | '.join(tail)}", 1)


def _configure(root: Path, tree: Path, s: Setting, opt_fast: str, link: str, env: dict) -> None:
    # -U first: a setting that names no compiler gets cmake/Verilate.cmake's default again,
    # not the one an earlier setting left in the scratch tree's cache
    cxx = [f"-DSS_MODEL_CXX={s.cxx}"] if s.cxx else ["-USS_MODEL_CXX"]
    _run(["cmake", "-S", str(root), "-B", str(tree), "-DCMAKE_BUILD_TYPE=Release",
          f"-DSS_OPT_FAST={opt_fast}", f"-DSS_VERILATOR_EXTRA={';'.join(s.vl_extra)}",
          f"-DCMAKE_EXE_LINKER_FLAGS={link}", *cxx], env, f"configure {tree.name}")


def _build_model(tree: Path, env: dict, keep_profile: bool = False) -> float:
    """Seconds to build the default model from nothing (its profile data kept if asked)."""
    mdir = tree / "verilated" / "soc_model"
    if keep_profile and mdir.is_dir():
        for f in mdir.iterdir():
            if f.suffix != ".gcda":
                if f.is_dir():
                    shutil.rmtree(f)
                else:
                    f.unlink()
    else:
        shutil.rmtree(mdir, ignore_errors=True)
    t0 = time.monotonic()
    _run(["cmake", "--build", str(tree), "-j", "2", "--target", "soc_model_build"],
         {**env, "CCACHE_DISABLE": "1"}, f"model build in {tree.name}")
    return time.monotonic() - t0


def build(root: Path, build_dir: Path, s: Setting, log=print) -> tuple[Path, float]:
    """(the setting's stackscope binary, its model build seconds)."""
    if s.cxx:
        cxx = _find(s.cxx)
        if cxx is None:
            raise StackScopeError(f"{s.cxx} not installed")
        s = Setting(s.name, s.what, s.opt_fast, s.vl_extra, cxx, s.pgo)
    # The harness around each model is the same in every tree: with the checkout as ccache's
    # base directory its objects are compiled once, not once a tree (the models' own compiles
    # run without ccache, see _build_model).
    env = {**os.environ, "CCACHE_BASEDIR": str(root)}
    tree = build_dir / "bench" / "settings" / s.name
    if not s.pgo:
        _configure(root, tree, s, s.opt_fast, "", env)
        secs = _build_model(tree, env)
        _run(["cmake", "--build", str(tree), "-j", "2", "--target", "stackscope"], env,
             f"stackscope in {tree.name}")
        return tree / "stackscope", secs
    _configure(root, tree, s, PGO_GEN, "-fprofile-generate", env)
    secs = _build_model(tree, env)
    _run(["cmake", "--build", str(tree), "-j", "2", "--target", "stackscope"], env,
         "instrumented stackscope")
    t0 = time.monotonic()
    for wl in TRAINING:
        elf = build_dir / "sw" / f"{wl}.elf"
        if not elf.is_file():
            raise StackScopeError(f"{elf} not built (make sw)")
        _run([str(tree / "stackscope"), "run", str(elf)], env, f"training run of {wl}")
    secs += time.monotonic() - t0
    log(f"settings: {s.name}: trained on {', '.join(w.split('/')[-1] for w in TRAINING)}")
    _configure(root, tree, s, PGO_USE, "", env)
    secs += _build_model(tree, env, keep_profile=True)
    _run(["cmake", "--build", str(tree), "-j", "2", "--target", "stackscope"], env,
         "optimised stackscope")
    return tree / "stackscope", secs


def measure(root: Path, build_dir: Path, names: list[str], reps: int, log=print) -> dict:
    known = {s.name: s for s in SETTINGS}
    for n in names:
        if n not in known:
            raise StackScopeError(f"no setting {n!r} (one of {', '.join(known)})")
    rows, binaries = [], {}
    for n in names:
        s = known[n]
        row = {"name": s.name, "what": s.what}
        try:
            binaries[n], secs = build(root, build_dir, s, log)
            row["model_build_s"] = round(secs, 1)
            log(f"settings: {s.name}: model build {secs:.0f} s")
        except StackScopeError as e:
            row["error"] = str(e)
            log(f"settings: {s.name}: {e}")
        rows.append(row)
    # Rounds: every setting once on every workload, reps times over.
    elfs = [build_dir / "sw" / f"{wl}.elf" for wl in MEASURED]
    runs: dict = {(n, e): [] for n in binaries for e in elfs}
    for _ in range(reps):
        for elf in elfs:
            for n, binary in binaries.items():
                runs[(n, elf)].append(simspeed.run_once(binary, elf, simspeed.MODES["check"]))
    for row in rows:
        if "error" in row:
            continue
        cpu, wall = [], []
        for elf in elfs:
            _, c, w = simspeed.medians(elf, runs[(row["name"], elf)])
            cpu.append(c)
            wall.append(w)
        row["cycles_per_cpu_s"] = round(simspeed.geomean(cpu))
        row["cycles_per_wall_s"] = round(simspeed.geomean(wall))
        log(f"settings: {row['name']}: checked runs {row['cycles_per_cpu_s']} cycles per CPU "
            f"second, {row['cycles_per_wall_s']} per wall second")
    ref = next((r for r in rows if "error" not in r), None)
    for r in rows:
        if ref and "error" not in r:
            r["speed_vs_first"] = round(r["cycles_per_cpu_s"] / ref["cycles_per_cpu_s"], 2)
            r["wall_vs_first"] = round(r["cycles_per_wall_s"] / ref["cycles_per_wall_s"], 2)
            r["build_vs_first"] = round(r["model_build_s"] / ref["model_build_s"], 2)
    return {"workloads": [w.split("/")[-1] for w in MEASURED], "reps": reps,
            "interleaved": True, "rows": rows}


def merge(old: dict, new: dict) -> dict:
    """old with the rows of `new` after its first (the reference it measured them against in
    the same session) in place of old's rows of the same name; each row keeps the ratios of
    its own session."""
    rows = {r["name"]: r for r in old["rows"]}
    for r in new["rows"][1:]:
        rows[r["name"]] = {**r, "session": new.get("stamp", {})}
    order = [r["name"] for r in old["rows"]] + [r["name"] for r in new["rows"][1:]
                                                 if r["name"] not in {x["name"] for x in old["rows"]}]
    return {**old, "rows": [rows[n] for n in order]}


def render(record: dict) -> str:
    """The Markdown table of docs/dev/speed.md's region `settings`."""
    st = record.get("stamp", {})
    out = [f"Measured by `make bench-settings` on {st.get('commit', '?')}, {st.get('date', '?')}: "
           f"checked runs of {', '.join(record['workloads'])}, geometric mean of the medians of "
           f"{record['reps']} runs"
           f"{' (the settings alternating, round by round)' if record.get('interleaved') else ''}"
           "; each ratio is against the first row measured beside it (a row "
           "marked * was measured on its own run of the tool, with the first setting measured "
           "again beside it).", "",
           "| setting | model build | cycles / CPU s | cycles / wall s | speed | wall speed | build time |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for r in record["rows"]:
        if "error" in r:
            out.append(f"| {r['what']} | not measured: {r['error']} | | | | | |")
            continue
        mark = " *" if "session" in r else ""
        out.append(f"| {r['what']}{mark} | {r['model_build_s']:.0f} s | {r['cycles_per_cpu_s']} | "
                   f"{r['cycles_per_wall_s']} | {r['speed_vs_first']:.2f}x | "
                   f"{r['wall_vs_first']:.2f}x | {r['build_vs_first']:.2f}x |")
    return "\n".join(out) + "\n"
