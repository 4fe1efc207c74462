#!/usr/bin/env python3
"""The simulation-speed tooling (scripts/stackscope/bench, docs/dev/speed.md) on hand-made
inputs, without simulating:

1. simspeed.compare: the speed-up over a baseline is the geometric mean of now / then over the
   (workload, mode) pairs both hold, and a differing cycle count is reported.
2. simspeed.measure on a stand-in binary (a script that prints a run's summary line and burns
   CPU): cycles parsed, medians, the cross-check's cost as lockstep / check; a binary whose
   cycle count varies between runs is refused.
3. profile.summarise on a perf report written by hand: shares summed by harness part, and by
   RTL module from --prof-cfuncs names.
4. settings.render and the profile region of docs/dev/speed.md from hand-made records.
5. The command lines' bad input: one line, exit 2.
"""
import math
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from stackscope.bench import profile, settings, simspeed
from stackscope.common.errors import StackScopeError
from stackscope.docs import figures

ROOT = Path(__file__).resolve().parents[3]
PY = sys.executable
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print(f"FAIL: {what}", file=sys.stderr)


def wl(cycles, rates):
    return {m: {"cycles": cycles, "cycles_per_cpu_s": r} for m, r in zip(("bare", "lockstep", "check"), rates)}


# 1. compare: two workloads; check mode 2x and 8x faster -> geometric mean 4x.
base = {"default": {"workloads": {"a": wl(100, [10, 10, 10]), "b": wl(200, [10, 10, 10])}}}
now = {"default": {"workloads": {"a": wl(100, [10, 10, 20]), "b": wl(200, [10, 10, 80]),
                                 "c": wl(5, [1, 1, 1])}}}
c = simspeed.compare(now, base)
check(c["default"]["check"]["speedup"] == 4.0, f"speed-up {c['default']['check']}")
check(c["default"]["bare"]["speedup"] == 1.0, "bare unchanged")
check(c["default"]["check"]["same_cycles"], "same cycles")
now["default"]["workloads"]["b"]["check"]["cycles"] = 201
check(not simspeed.compare(now, base)["default"]["check"]["same_cycles"], "differing cycles found")
check(abs(simspeed.geomean([1, 100]) - 10) < 1e-9, "geomean")

# 2. measure on a stand-in: `run` prints the harness's summary line; cycles per mode differ so
#    the parse is seen; it spins so CPU time is not zero.
with tempfile.TemporaryDirectory() as tmp:
    t = Path(tmp)
    for sub in ("sw/bench", "sw/workloads"):
        (t / sub).mkdir(parents=True)
    for name in ("bench/coremark_like", "workloads/qsort"):
        (t / "sw" / f"{name}.elf").write_bytes(b"\x7fELF")
    fake = t / "bin" / "stackscope_w1"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\n"
                    "c=3000; case \"$*\" in *--no-lockstep*) c=1000;; *--no-check*) c=2000;; esac\n"
                    "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done\n"
                    "echo \"[info] x: exit 0, 5 instructions, $c cycles, IPC 0.5 (100 cycles/s, lockstep)\" >&2\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    r, none = simspeed.measure(t / "bin", t / "sw", ["w1"], 3, log=lambda *_: None)
    check(none is None, "no --against, no second record")
    r = r["w1"]
    cm = r["workloads"]["coremark_like"]
    check([cm[m]["cycles"] for m in ("bare", "lockstep", "check")] == [1000, 2000, 3000],
          f"cycles per mode {cm}")
    check(set(r["workloads"]) == {"coremark_like", "qsort"}, "w1 runs its two workloads")
    g = r["geomean"]
    check(r["check_cost"] == round(g["lockstep"] / g["check"], 3), "check cost = lockstep / check")
    # --against: a second tree whose binary reports the same cycles; both measured, compared
    other = t / "other"
    other.mkdir()
    shutil.copy(fake, other / "stackscope_w1")
    r1, r2 = simspeed.measure(t / "bin", t / "sw", ["w1"], 1, log=lambda *_: None, against=other)
    check(set(r2["w1"]["workloads"]) == {"coremark_like", "qsort"}, "against measured")
    check(simspeed.compare(r1, r2)["w1"]["check"]["same_cycles"], "against: same cycles")
    # a binary whose cycle count changes between runs of the same program is refused
    counter = t / "n"
    counter.write_text("0")
    fake.write_text("#!/bin/sh\n"
                    f"n=$(cat {counter}); echo $((n+1)) > {counter}\n"
                    "echo \"x: exit 0, 5 instructions, $((100+n)) cycles, IPC 0.5 (100 cycles/s, x)\" >&2\n")
    try:
        simspeed.measure(t / "bin", t / "sw", ["w1"], 2, log=lambda *_: None)
        check(False, "varying cycles accepted")
    except StackScopeError as e:
        check("cycle counts differ" in str(e), f"varying cycles: {e}")
    fake.write_text("#!/bin/sh\necho 'boom' >&2\nexit 3\n")
    try:
        simspeed.measure(t / "bin", t / "sw", ["w1"], 1, log=lambda *_: None)
        check(False, "a failing run accepted")
    except StackScopeError as e:
        check(e.code == 1 and "boom" in str(e), f"failing run: {e}")

# 3. profile.summarise: 40 % in two cpi_spec functions (one module), 10 % be_issue, 20 % the
#    scheduler, 15 % PMU model, 10 % compare, 5 % ISS.
report = """# Samples: 1K of event 'cpu-clock'
    30.00%  stackscope  [.] Vsoc_top___024root___nba_comb__TOP__501__PROF__cpi_spec__l192
    10.00%  stackscope  [.] Vsoc_top___024root___nba_comb__TOP__67__PROF__cpi_spec__l459
    10.00%  stackscope  [.] Vsoc_top___024root___nba_comb__TOP__434__PROF__be_issue__l125
    20.00%  stackscope  [.] Vsoc_top___024root___eval_nba
    15.00%  stackscope  [.] stackscope::pmu::CpiSpec::step
    10.00%  stackscope  [.] stackscope::tb::fields<stackscope::tb::PmuPort, stackscope::tb::FieldGet<VlWide<149ul> > >
     5.00%  stackscope  [.] stackscope::iss::Hart::execute
"""
s = profile.summarise(report)
check(s["parts"] == {"model": 70.0, "pmu model": 15.0, "pmu compare": 10.0, "iss + lockstep": 5.0},
      f"parts {s['parts']}")
check(s["modules"]["cpi_spec"] == 40.0 and s["modules"]["be_issue"] == 10.0
      and s["modules"]["(scheduler, runtime)"] == 20.0, f"modules {s['modules']}")
check(s["lines"]["cpi_spec:192"] == 30.0, "lines")

# 4. renderings
rec = {"stamp": {"commit": "abc1234", "date": "2026-12-02"}, "workloads": ["a"], "reps": 3,
       "rows": [{"name": "O2", "what": "-O2", "model_build_s": 60.0, "cycles_per_cpu_s": 1000,
                 "cycles_per_wall_s": 1000, "speed_vs_first": 1.0, "wall_vs_first": 1.0,
                 "build_vs_first": 1.0},
                {"name": "clang", "what": "clang", "error": "clang++ not installed"}]}
tbl = settings.render(rec)
check("| -O2 | 60 s | 1000 | 1000 | 1.00x | 1.00x | 1.00x |" in tbl, "settings row")
check("not measured: clang++ not installed" in tbl, "settings error row")
with tempfile.TemporaryDirectory() as tmp:
    t = Path(tmp)
    (t / "bench").mkdir()
    prof = {"workloads": {"q": {"parts": {"model": 80.0, "other": 20.0},
                                "modules": {"cpi_spec": 30.0, "be_issue": 50.0}}}}
    (t / "bench" / "baseline.json").write_text(
        '{"stamp": {"commit": "b", "date": "d"}, "profile": {"modules": ' +
        __import__("json").dumps(prof) + "}}")
    out = figures.render_speed_profile(t, {"bench": {"commit": "n", "date": "d2", "profile": {
        "modules": {"workloads": {"q": {"parts": {"model": 70.0}, "modules": {"be_issue": 60.0}}}}}}})
    check("| module be_issue | 50.0 % | 60.0 % |" in out, f"profile row: {out}")
    check("| module cpi_spec | 30.0 % | - |" in out, "a module only the baseline has")
    check(out.index("be_issue") < out.index("cpi_spec"), "modules ranked by share")

# 5. bad input
for cmd, want in (([PY, "scripts/bench_speed.py", "--builds", "nope"], "no named build 'nope'"),
                  ([PY, "scripts/bench_speed.py", "--reps", "0", "--builds", "w1"],
                   "--reps must be at least 1"),
                  ([PY, "scripts/bench_speed.py", "--builds", "w1", "--bin-dir", "/nonexistent"],
                   "not built"),
                  ([PY, "scripts/bench_settings.py", "--settings", "O9", "--out", "/dev/null"],
                   "no setting 'O9'"),
                  ([PY, "scripts/bench_profile.py", "--binary", "/nonexistent/stackscope"],
                   "not found")):
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    lines = p.stderr.strip().splitlines()
    check(p.returncode == 2 and len(lines) == 1 and want in lines[0],
          f"{' '.join(cmd[1:])}: exit {p.returncode}, {p.stderr.strip()!r}")

print(f"bench tools: {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
