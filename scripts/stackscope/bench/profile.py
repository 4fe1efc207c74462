"""Where a run's time goes: a sampling profile (Linux perf, software clock) of `stackscope run`,
summed by part of the harness and, for a model Verilated with --prof-cfuncs (whose functions
carry the module and line they come from), by RTL module.

Parts: `model` (the Verilated model: its scheduler and, with --prof-cfuncs, each module
separately), `pmu model` (the golden PMU model, sim_model/pmu), `probe checks`
(tb/harness/check), `pmu compare` (the cross-check's read of the RTL's registers and its
comparison), `iss + lockstep`, `report` and `other` (the harness loop, the C++ runtime).
"""
from __future__ import annotations

import collections
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..common.errors import StackScopeError

_LINE = re.compile(r"^\s*([\d.]+)%\s+\S+\s+\[\.\]\s+(.*\S)\s*$")
_PROF = re.compile(r"__PROF__(\w+?)__l(\d+)")


def part_of(sym: str) -> str:
    """The part of the harness a symbol belongs to."""
    if _PROF.search(sym) or sym.startswith(("Vsoc", "_vl", "VL_")) or "Verilated" in sym \
            or sym.startswith("Vl"):
        return "model"
    if "stackscope::check::" in sym:
        return "probe checks"
    if any(k in sym for k in ("PmuCheck", "expected_regs", "PmuPort", "read_pmu", "FieldGet")):
        return "pmu compare"
    if "stackscope::pmu::" in sym:
        return "pmu model"
    if "stackscope::iss::" in sym or "Lockstep" in sym:
        return "iss + lockstep"
    if "stackscope::report::" in sym:
        return "report"
    return "other"


def summarise(report: str) -> dict:
    """{parts: {part: %}, modules: {module: %}, lines: {module:line: %}} from `perf report
    --sort dso,sym` text."""
    parts, modules, lines = collections.Counter(), collections.Counter(), collections.Counter()
    for line in report.splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        pct, sym = float(m.group(1)), m.group(2)
        parts[part_of(sym)] += pct
        p = _PROF.search(sym)
        if p:
            modules[p.group(1)] += pct
            lines[f"{p.group(1)}:{p.group(2)}"] += pct
        elif part_of(sym) == "model":
            modules["(scheduler, runtime)"] += pct
    r2 = lambda c, n=None: {k: round(v, 2) for k, v in c.most_common(n)}  # noqa: E731
    return {"parts": r2(parts), "modules": r2(modules, 25), "lines": r2(lines, 15)}


def profile(binary: Path, elf: Path, flags: list[str], freq: int = 2000) -> dict:
    """perf record of `binary run [flags] elf`, summarised."""
    if shutil.which("perf") is None:
        raise StackScopeError("perf not found (Debian: linux-perf)")
    for f in (binary, elf):
        if not f.is_file():
            raise StackScopeError(f"{f} not found")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "perf.data"
        r = subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-F", str(freq), "-o",
                            str(data), str(binary), "run", *flags, str(elf)],
                           capture_output=True, text=True, check=False)
        if r.returncode != 0:
            last = (r.stderr.strip().splitlines() or ["no output"])[-1]
            raise StackScopeError(f"perf record of {binary.name} failed: {last}", 1)
        rep = subprocess.run(["perf", "report", "-i", str(data), "--no-children", "--sort",
                              "dso,sym", "--stdio"], capture_output=True, text=True, check=False)
        if rep.returncode != 0:
            raise StackScopeError("perf report failed", 1)
    return summarise(rep.stdout)
