#!/usr/bin/env python3
"""scripts/rtl_files.py, the one reader of the RTL file lists, and the lists themselves.

1. Every composition the builds use reads without a file reached twice (what Verilator
   would report as MODDUP), and soc.f is exactly the contract, the core and the PMU lists
   followed by the SoC's own files.
2. Every .sv file under rtl/ is in some list, so a new file cannot be left out of the builds.
3. The error cases, on scratch lists: a duplicate (direct and through nesting), a missing
   list, a list that nests itself, an option the lists do not use; each one line, and the
   CLI exits 1 (2 without arguments).
"""
import subprocess
import sys
import tempfile
from pathlib import Path

from stackscope import rtl_files
from stackscope.common.errors import StackScopeError


ROOT = Path(__file__).resolve().parents[3]


failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


def rel(paths):
    return [str(p.relative_to(ROOT)) for p in paths]


# 1. compositions
COMPOSITIONS = [["rtl/top/soc.f"], ["rtl/fpga/fpga.f"], [rtl_files.PROBE, "rtl/core/core.f"],
                [rtl_files.PROBE, "rtl/pmu/pmu.f"], ["rtl/core/fpu.f"],
                ["tb/units/fe_unit/fe_unit.f"]]
for comp in COMPOSITIONS:
    try:
        files = rtl_files.read(*comp)
        check(len(files) == len(set(files)), f"{comp}: a file twice")
        check(all(p.is_file() for p in files), f"{comp}: a listed file is missing")
    except StackScopeError as e:
        check(False, f"{comp}: {e}")

if failures:  # the checks below read these compositions
    sys.exit(1)
soc = rel(rtl_files.read("rtl/top/soc.f"))
parts = rel(rtl_files.read(rtl_files.PROBE, "rtl/core/core.f", "rtl/pmu/pmu.f"))
check(soc[:len(parts)] == parts, "soc.f does not start with probe.f + core.f + pmu.f")
check(all(f.startswith("rtl/top/") for f in soc[len(parts):]),
      "soc.f's own files are not all under rtl/top/")
check(soc[0] == "rtl/pmu/probe_pkg.sv", "the probe contract is not first")
fpga = rel(rtl_files.read("rtl/fpga/fpga.f"))
check(fpga[:len(soc)] == soc, "fpga.f does not start with soc.f")

# 2. completeness: every RTL source in some list
listed = set()
for comp in COMPOSITIONS:
    listed |= set(rtl_files.read(*comp))
missing = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "rtl").rglob("*.sv")
                 if p.resolve() not in listed)
check(not missing, f"RTL files in no list: {missing}")

# 3. error cases on scratch lists (inside the repository root: the lists' paths are
# repository-relative)
with tempfile.TemporaryDirectory(dir=ROOT / "build" if (ROOT / "build").is_dir() else ROOT) as t:
    d = Path(t)
    r = str(d.relative_to(ROOT))

    def write(name, text):
        (d / name).write_text(text)
        return f"{r}/{name}"

    def err(*lists):
        try:
            rtl_files.read(*lists)
        except StackScopeError as e:
            return str(e)
        return None

    a = write("a.f", "// a comment\nrtl/pmu/probe_pkg.sv\n\n+define+X\n")
    check(rel(rtl_files.read(a)) == ["rtl/pmu/probe_pkg.sv"], "comments/options not skipped")
    dup = write("dup.f", "rtl/pmu/probe_pkg.sv\nrtl/pmu/probe_pkg.sv\n")
    e = err(dup)
    check(e is not None and "listed twice" in e and "dup.f:2" in e, f"direct duplicate: {e}")
    nest = write("nest.f", f"-f {a}\n-f rtl/core/core.f\n-f {a}\n")
    e = err(nest)
    check(e is not None and "probe_pkg.sv listed twice" in e, f"nested duplicate: {e}")
    e = err(rtl_files.PROBE, "rtl/top/soc.f")  # the contract twice: what Verilator rejects
    check(e is not None and "listed twice" in e, f"probe.f + soc.f: {e}")
    e = err(f"{r}/none.f")
    check(e is not None and "not found" in e, f"missing list: {e}")
    self_ = write("self.f", f"-f {r}/self.f\n")
    e = err(self_)
    check(e is not None and "nests itself" in e, f"self-nesting: {e}")
    opt = write("opt.f", "-y rtl/core\n")
    e = err(opt)
    check(e is not None and "opt.f:1" in e and "-y" in e, f"unused option: {e}")
    # the CLI: one line on stderr, exit 1; no argument, exit 2; --deps lists first
    cli = [sys.executable, str(ROOT / "scripts/rtl_files.py")]
    p = subprocess.run(cli + [dup], capture_output=True, text=True)
    check(p.returncode == 1 and len(p.stderr.strip().splitlines()) == 1 and not p.stdout,
          f"CLI on a duplicate: rc {p.returncode}, {p.stderr!r}")
    p = subprocess.run(cli, capture_output=True, text=True)
    check(p.returncode == 2, f"CLI without arguments: rc {p.returncode}")
    p = subprocess.run(cli + ["--deps", "rtl/top/soc.f"], capture_output=True, text=True,
                       cwd="/")
    out = p.stdout.split()
    nl = sum(1 for f in out if f.endswith(".f"))
    check(p.returncode == 0 and out[0] == "rtl/top/soc.f"
          and {"rtl/pmu/probe.f", "rtl/core/core.f", "rtl/pmu/pmu.f"} <= set(out[:nl])
          and all(f.endswith(".f") for f in out[:nl]) and out[nl:] == soc,
          f"--deps from another directory: {out[:6]}")

print(f"rtl_files: {len(COMPOSITIONS)} compositions, {len(listed)} RTL files listed, "
      f"{len(failures)} failures")
sys.exit(1 if failures else 0)
