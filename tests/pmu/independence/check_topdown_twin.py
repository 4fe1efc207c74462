#!/usr/bin/env python3
"""The golden model's Top-Down counting rules are independent of the RTL's.

The RTL counts each Top-Down counter through pmu_pkg::td_increments, generated from EVENTS and
TD_COUNTERS in scripts/stackscope/spec/pmu.py; the model (TopDown::step in
sim_model/pmu/topdown.cpp) is written by hand from Yasin's Table 1. In a scratch copy of the
tree this test
1. regenerates and cross-checks topdown against the model on random probes: they must agree;
2. changes ONE generated Top-Down increment in the scratch spec (ops_executed_1 counts the
   cycles with 2 uops executed instead of 1), regenerates -- the SystemVerilog changes, the code
   of the model's header sim_model/pmu/pmu_gen.h must not (only its comments may: they quote the
   rule) -- rebuilds and runs the same cross-check:
   it must now FAIL, naming ops_executed_1.
Step 2 fails (the mutation passes unnoticed) if the model takes its Top-Down increments from
the generator, as the RTL does: both sides would then count the mutated rule and agree. It
passes only because the model's twin is written by hand (docs/dev/pmu.md, "What is generated
and what is written twice").
Usage: check_topdown_twin.py REPO_ROOT [SCRATCH_DIR]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

COPY = ["scripts/gen.py", "scripts/stackscope", "rtl/pmu", "rtl/lint.vlt", "sim_model/pmu",
        "tb/units/pmu_unit/unit_dut.h", "tb/units/pmu_unit/probe_random.h",
        "tb/units/pmu_unit/probe_random.cpp", "tests/pmu/independence/topdown_twin_main.cpp"]
RULE = '("TdOpsExec1", "ops_executed_1", "EvOpsExecuted", ("==", 1))'
MUTANT = '("TdOpsExec1", "ops_executed_1", "EvOpsExecuted", ("==", 2))'
MISMATCH = re.compile(r"^MISMATCH cycle \d+: topdown\.ops_executed_1 expected \d+ actual \d+$",
                      re.M)


def code_of(text):
    """C++ text without its // comments."""
    return re.sub(r"//[^\n]*", "", text)


def fail(msg):
    print(f"check_topdown_twin: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd, cwd, what, ok=(0,)):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode not in ok:
        fail(f"{what}: exit {r.returncode}:\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
    return r


def build_and_run(scratch, gen):
    """Regenerates, Verilates topdown with the cross-check main, runs it: (exit, output)."""
    run(gen + [str(scratch)], scratch, "generator")
    vroot = os.environ.get("VERILATOR_ROOT")
    if not vroot:
        fail("VERILATOR_ROOT not set (source scripts/env.sh)")
    inc = [a for d in ("sim_model/pmu", "tb/units/pmu_unit")
           for a in ("-CFLAGS", f"-I{scratch / d}")]
    run([f"{vroot}/bin/verilator", "--cc", "--exe", "--build", "-j", "2", "-Mdir", "obj",
         "--top-module", "topdown", "--prefix", "Vtopdown", "-Wall", "--assert",
         "-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include", "-CFLAGS", "-std=c++20 -O1", *inc,
         "-o", "topdown_twin", "rtl/lint.vlt", "-f", "rtl/pmu/probe.f", "-f", "rtl/pmu/pmu.f",
         str(scratch / "tests/pmu/independence/topdown_twin_main.cpp"),
         str(scratch / "tb/units/pmu_unit/probe_random.cpp"),
         str(scratch / "sim_model/pmu/topdown.cpp")], scratch, "Verilator build of topdown")
    r = run([str(scratch / "obj/topdown_twin")], scratch, "cross-check run", ok=(0, 1))
    return r.returncode, (r.stdout + r.stderr).strip()


def main(argv):
    root = Path(argv[1]).resolve()
    scratch = Path(argv[2]) if len(argv) > 2 else Path(tempfile.mkdtemp(prefix="ss_tdtwin_"))
    if scratch.exists():
        shutil.rmtree(scratch)
    for rel in COPY:
        src, dst = root / rel, scratch / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, dst)
    gen = [sys.executable, str(scratch / "scripts/gen.py"), "--only", "pmu"]

    code, out = build_and_run(scratch, gen)
    print(out)
    if code != 0:
        fail("the unmodified tree's RTL and model disagree")

    spec = scratch / "scripts/stackscope/spec/pmu.py"
    text = spec.read_text()
    if text.count(RULE) != 1:
        fail(f"scripts/stackscope/spec/pmu.py has no single {RULE}")
    header = code_of((scratch / "sim_model/pmu/pmu_gen.h").read_text())
    pkg = (scratch / "rtl/pmu/pmu_pkg.sv").read_text()
    spec.write_text(text.replace(RULE, MUTANT))
    code, out = build_and_run(scratch, gen)
    print(out)
    if (scratch / "rtl/pmu/pmu_pkg.sv").read_text() == pkg:
        fail("the mutated rule did not change the generated pmu_pkg.sv")
    if code != 1 or not MISMATCH.search(out):
        fail(f"the cross-check did not catch the mutated ops_executed_1 rule (exit {code})")
    if code_of((scratch / "sim_model/pmu/pmu_gen.h").read_text()) != header:
        fail("the mutated Top-Down rule changed sim_model/pmu/pmu_gen.h: the model's Top-Down "
             "increments must be written by hand, not generated")
    if len(argv) <= 2:
        shutil.rmtree(scratch)
    print("check_topdown_twin: PASS (the unmodified rules agree; the mutated RTL rule is caught)")


if __name__ == "__main__":
    main(sys.argv)
