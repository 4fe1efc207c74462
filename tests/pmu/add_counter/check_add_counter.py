#!/usr/bin/env python3
"""Proves docs/dev/pmu.md's "Adding a counter" steps in a scratch copy of the tree.

1. Copies the generator (scripts/gen.py, scripts/stackscope), the PMU RTL, the C++ models, the
   unit-bench headers and every file the generator rewrites into a scratch directory.
2. Adds one event (its increment expression: the RTL's rule) to EVENTS and one Top-Down counter
   on it to TD_COUNTERS in scripts/stackscope/spec/pmu.py, and writes the golden model's rules by
   hand (the event's increment in sim_model/pmu/pmu_events.h, the counter's in
   sim_model/pmu/topdown.cpp), exactly as docs/dev/adding-a-counter.md says.
3. Runs the generator; checks that the new names reach the SV package, the C++ header,
   sw/lib/pmu.h, the report schema and docs/dev/pmu.md, and that `--check` then passes.
4. Verilates topdown (Verilator -Wall, --assert) with the cross-check main
   add_counter_main.cpp and runs it: RTL = model on every counter every cycle, and the new
   counter equals a count made from the probes alone.
5. Overfills window bank 1 in the scratch spec: the generator must refuse with a clear message.
Usage: check_add_counter.py REPO_ROOT [SCRATCH_DIR]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

COPY = ["scripts/gen.py", "scripts/stackscope", "rtl/pmu", "rtl/lint.vlt", "sim_model/pmu", "tb/units/pmu_unit/unit_dut.h",
        "tb/units/pmu_unit/probe_random.h", "tb/units/pmu_unit/probe_random.cpp", "docs/dev/probe.md",
        "docs/dev/pmu.md", "docs/report.schema.json", "sw/lib/pmu.h",
        "tests/pmu/add_counter/add_counter_main.cpp"]
NEW_EVENT = ('    ("EvDummyRobFullRecover", "rob_full && fe_bpred_recover", 1,\n'
             '     "dummy: ROB full while the front end recovers (add-a-counter test)"),\n')
NEW_TD = ('    ("TdDummyRobFullRecover", "dummy_rob_full_recover", "EvDummyRobFullRecover", '
          '"raw"),\n')
# The model's rules, written by hand (not generated): the event's case in event_increment and
# the counter's line in TopDown::step, and the counts their static_asserts name.
MODEL_EDITS = [
    ("sim_model/pmu/pmu_events.h", "kNumEvents", "    case PmuEvent::kFpOps:",
     "    case PmuEvent::kDummyRobFullRecover:\n"
     "      r = flag(p.rob_full) && flag(p.fe_bpred_recover);\n      break;\n"),
    ("sim_model/pmu/topdown.cpp", "kNumTdCounters", "  // Each increment is kTdIncW bits wide",
     "  set(TdCounter::kDummyRobFullRecover, flag(p.rob_full) && "
     "flag(p.fe_bpred_recover));\n\n"),
]


def fail(msg):
    print(f"check_add_counter: {msg}", file=sys.stderr)
    sys.exit(1)


def insert_entry(text, list_name, entry):
    """Appends entry as the last element of the generator list `list_name = [ ... ]`."""
    m = re.search(rf"^{list_name} = \[\n.*?^\]\n", text, re.S | re.M)
    if not m:
        fail(f"no `{list_name} = [` list in scripts/stackscope/spec/pmu.py")
    end = m.end() - 2  # before the closing "]\n"
    return text[:end] + entry + text[end:]


def run(cmd, cwd, what):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        fail(f"{what} failed (exit {r.returncode}):\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
    return r.stdout + r.stderr


def main(argv):
    root = Path(argv[1]).resolve()
    scratch = Path(argv[2]) if len(argv) > 2 else Path(tempfile.mkdtemp(prefix="ss_addctr_"))
    if scratch.exists():
        shutil.rmtree(scratch)
    for rel in COPY:
        src, dst = root / rel, scratch / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, dst)
    spec = scratch / "scripts/stackscope/spec/pmu.py"
    text = spec.read_text()
    text = insert_entry(text, "EVENTS", NEW_EVENT)
    text = insert_entry(text, "TD_COUNTERS", NEW_TD)
    spec.write_text(text)
    for rel, count, anchor, rule in MODEL_EDITS:
        model = scratch / rel
        body = model.read_text()
        n = re.search(rf"{count} == (\d+)", body)
        if not n or anchor not in body:
            fail(f"{rel} lacks its `{count} ==` count or the line the rule goes above")
        body = body.replace(n.group(0), f"{count} == {int(n.group(1)) + 1}", 1)
        model.write_text(body.replace(anchor, rule + anchor, 1))
    py = sys.executable
    gen = [py, str(scratch / "scripts/gen.py"), "--only", "pmu"]
    run(gen + [str(scratch)], scratch, "generator")
    run(gen + ["--check", str(scratch)], scratch, "generator --check")
    expect = {"rtl/pmu/pmu_pkg.sv": ["TdDummyRobFullRecover", "EvDummyRobFullRecover",
                                     "NumTdCounters = 23"],
              "sim_model/pmu/pmu_gen.h": ["kDummyRobFullRecover", '"dummy_rob_full_recover"'],
              "sw/lib/pmu.h": ["PMU_TD_DUMMY_ROB_FULL_RECOVER", "PMU_EV_DUMMY_ROB_FULL_RECOVER"],
              "docs/report.schema.json": ['"dummy_rob_full_recover"'],
              "docs/dev/pmu.md": ["`dummy_rob_full_recover`", "`EvDummyRobFullRecover`"]}
    for rel, needles in expect.items():
        body = (scratch / rel).read_text()
        for n in needles:
            if n not in body:
                fail(f"generated {rel} lacks {n}")
    # Build and run the unit bench on the regenerated RTL and model.
    vroot = os.environ.get("VERILATOR_ROOT")
    if not vroot:
        fail("VERILATOR_ROOT not set (source scripts/env.sh)")
    inc = ["-I" + str(scratch / d) for d in ("sim_model/pmu", "tb/units/pmu_unit")]
    cmd = [f"{vroot}/bin/verilator", "--cc", "--exe", "--build", "-j", "2", "-Mdir", "obj",
           "--top-module", "topdown", "--prefix", "Vtopdown", "-Wall", "--assert",
           "-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include", "-CFLAGS", "-std=c++20 -O1",
           *[a for i in inc for a in ("-CFLAGS", i)], "-o", "add_counter",
           "rtl/lint.vlt", "-f", "rtl/pmu/probe.f", "-f", "rtl/pmu/pmu.f",
           str(scratch / "tests/pmu/add_counter/add_counter_main.cpp"),
           str(scratch / "tb/units/pmu_unit/probe_random.cpp"),
           str(scratch / "sim_model/pmu/topdown.cpp")]
    run(cmd, scratch, "Verilator build of topdown")
    print(run([str(scratch / "obj/add_counter")], scratch, "cross-check run").strip())
    # The window capacity check: 12 more 48-bit counters overfill bank 1 (46 + 14 + 24 > 64).
    over = text
    for i in range(12):
        over = insert_entry(over, "TD_COUNTERS", NEW_TD.replace('"TdDummy', f'"TdDummy{i}')
                            .replace('"dummy_', f'"dummy{i}_'))
    spec.write_text(over)
    r = subprocess.run(gen + ["--check", str(scratch)], capture_output=True, text=True)
    if r.returncode == 0 or "window bank BankTdFl" not in r.stderr:
        fail(f"an overfull bank was not refused: exit {r.returncode}, {r.stderr.strip()}")
    line = next(ln for ln in r.stderr.splitlines() if "window bank BankTdFl" in ln)
    print(f"check_add_counter: overfull bank refused: {line}")
    if len(argv) <= 2:
        shutil.rmtree(scratch)
    print("check_add_counter: PASS")


if __name__ == "__main__":
    main(sys.argv)
