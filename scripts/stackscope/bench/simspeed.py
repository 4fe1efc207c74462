"""Simulated cycles per CPU second of the named builds, in the three run modes that cost time.

Each (build, workload, mode) is run `reps` times; its figure is the median of the runs' cycles
per CPU second (user + system time of the whole process, steadier than wall time on a shared
machine). The modes: `bare` (the RTL alone: --no-check --no-lockstep), `lockstep` (the ISS in
lockstep: --no-check) and `check` (lockstep and the per-cycle PMU cross-check: a run's default).
Per build and mode, `geomean` is the geometric mean over its workloads; `check_cost` is
lockstep / check (the cross-check's cost as a factor of time). A committed baseline
(bench/baseline.json) is compared by geometric mean of the (build, workload, mode) figures
both files hold.
"""
from __future__ import annotations

import json
import math
import re
import resource
import statistics
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..common.errors import StackScopeError
from ..spec import builds as spec_builds

MODES = {
    "bare": ["--no-check", "--no-lockstep"],
    "lockstep": ["--no-check"],
    "check": [],
}
# The CoreMark-like program and three suite workloads of different kinds (control, integer,
# memory); the wider and narrower builds run fewer, because they simulate slower.
WORKLOADS = {
    "default": ["bench/coremark_like", "workloads/qsort", "workloads/crc32",
                "workloads/matmul_blocked", "workloads/sha256"],
    "w1": ["bench/coremark_like", "workloads/qsort"],
    "w4": ["bench/coremark_like", "workloads/qsort"],
}
_CYCLES = re.compile(r" (\d+) cycles, IPC [0-9.]+ \((\d+) cycles/s")


@dataclass(frozen=True)
class Run:
    cycles: int
    cpu_s: float
    wall_rate: float  # the run's own cycles per wall second (its simulation loop)


def run_once(binary: Path, elf: Path, flags: list[str]) -> Run:
    """One `BINARY run FLAGS ELF`: its simulated cycles and the CPU seconds it took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([str(binary), "run", *flags, str(elf)], capture_output=True,
                       text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    m = _CYCLES.search(p.stderr)
    if p.returncode != 0 or not m:
        last = (p.stderr.strip().splitlines() or ["no output"])[-1]
        raise StackScopeError(f"{binary.name} run {' '.join(flags)} {elf.name} failed: {last}", 1)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(int(m.group(1)), cpu, float(m.group(2)))


def measure(bin_dir: Path, sw_dir: Path, builds: list[str], reps: int, log=print,
            against: Path | None = None) -> tuple[dict, dict | None]:
    """({build: {workloads: {workload: {mode: {cycles, cycles_per_cpu_s}}}, geomean: {mode: ..},
    check_cost: ..}} for the named builds whose binaries are in bin_dir, and the same for the
    binaries in `against` (another tree's: an older commit's), whose runs alternate with these,
    so that a machine that speeds up or slows down meanwhile affects both alike; else None."""
    if reps < 1:
        raise StackScopeError(f"--reps must be at least 1, not {reps}")
    known = [x.name for x in spec_builds.BUILDS]
    for b in builds:
        if b not in known:
            raise StackScopeError(f"no named build {b!r} (one of {', '.join(known)})")
    dirs = [bin_dir] + ([against] if against else [])
    outs: list[dict] = [{} for _ in dirs]
    for b in builds:
        build = spec_builds.by_name(b)
        bins = [d / build.binary for d in dirs]
        for binary in bins:
            if not binary.is_file():
                raise StackScopeError(f"{binary} not built (make build)")
        res: list[dict] = [{} for _ in dirs]
        for wl in WORKLOADS.get(b, WORKLOADS["w4"]):
            elf = sw_dir / f"{wl}.elf"
            if not elf.is_file():
                raise StackScopeError(f"{elf} not built (make sw)")
            name = wl.split("/")[-1]
            for mode, flags in MODES.items():
                runs: list[list[Run]] = [[] for _ in dirs]
                for _ in range(reps):
                    for i, binary in enumerate(bins):
                        runs[i].append(run_once(binary, elf, flags))
                for i, rs in enumerate(runs):
                    cycles, rate, _ = medians(elf, rs)
                    res[i].setdefault(name, {})[mode] = {"cycles": cycles,
                                                         "cycles_per_cpu_s": round(rate)}
                    log(f"simspeed: {b:8s} {name:15s} {mode:9s} {cycles:9d} cycles "
                        f"{rate:9.0f} per CPU second{'' if i == 0 else ' (against)'}")
        for i, r in enumerate(res):
            geo = {m: round(geomean([r[w][m]["cycles_per_cpu_s"] for w in r])) for m in MODES}
            outs[i][b] = {"workloads": r, "geomean": geo,
                          "check_cost": round(geo["lockstep"] / geo["check"], 3)}
            log(f"simspeed: {b:8s} geomean bare {geo['bare']}, lockstep {geo['lockstep']}, "
                f"check {geo['check']}; cross-check cost {outs[i][b]['check_cost']}x"
                f"{'' if i == 0 else ' (against)'}")
    return outs[0], (outs[1] if against else None)


def medians(elf: Path, runs: list[Run]) -> tuple[int, float, float]:
    """(cycles, median cycles per CPU second, median cycles per wall second) of runs of one
    binary on ELF, which must agree on the cycles."""
    if len({r.cycles for r in runs}) != 1:
        raise StackScopeError(f"{elf.name}: cycle counts differ between runs of the same binary", 1)
    return (runs[0].cycles, statistics.median(r.cycles / r.cpu_s for r in runs),
            statistics.median(r.wall_rate for r in runs))


def median_rate(binary: Path, elf: Path, flags: list[str], reps: int) -> int:
    """Median cycles per CPU second of `reps` runs of `binary run FLAGS ELF`."""
    return round(medians(elf, [run_once(binary, elf, flags) for _ in range(reps)])[1])


def geomean(xs: list[float]) -> float:
    if not xs:
        raise StackScopeError("no figures to average")
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def compare(now: dict, base: dict) -> dict:
    """{build: {mode: speed-up}}: the geometric mean over the workloads both hold of
    now / baseline cycles per CPU second; also whether the cycle counts agree."""
    out: dict = {}
    for b, r in now.items():
        if b not in base:
            continue
        out[b] = {}
        for mode in MODES:
            ratios, same = [], True
            for wl, per in r["workloads"].items():
                old = base[b]["workloads"].get(wl, {}).get(mode)
                if old:
                    ratios.append(per[mode]["cycles_per_cpu_s"] / old["cycles_per_cpu_s"])
                    same &= per[mode]["cycles"] == old["cycles"]
            if ratios:
                out[b][mode] = {"speedup": round(geomean(ratios), 2), "same_cycles": same}
    return out


def load(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except OSError as e:
        raise StackScopeError(f"cannot read {path}: {e.strerror}") from e
    except json.JSONDecodeError as e:
        raise StackScopeError(f"{path}: not JSON ({e.msg}, line {e.lineno})") from e
