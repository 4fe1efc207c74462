#!/usr/bin/env python3
"""sweep_unit: the sweep runner's parts without a simulation (scripts/stackscope/sweep, stackscope.common.runner).

- spec: every class of bad input gives one StackScopeError; the point count of a matrix with
  exclusions is the product of the axes less the excluded combinations, worked out by hand;
  a point's key does not depend on the other points; run options become an argument vector.
- models: `make build`'s models read from tb/harness/verilated.cmake; a spec that spells the w4
  model's parameters out hashes to the same model as `model = "w4"`; an unknown parameter is
  refused; a changed source changes every hash.
- runner: with small Python commands as tasks: success, a failing exit with its one-line
  reason (log prefix removed), a missing output, a command killed by SIGTERM, a command that
  cannot start; a second run skips what is done and keeps failed results unless
  retry_failed; a SIGINT-ed command leaves no result.
- merge: rows from hand-made reports, the timing columns last; estimate's list scheduling.
"""
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

from stackscope.common import runner
from stackscope.common.errors import StackScopeError
from stackscope.sweep import merge, models, spec
from stackscope.sweep.cli import load_manifest


ROOT = Path(__file__).resolve().parents[3]


FAILS = 0


def check(cond, what):
    global FAILS
    if not cond:
        FAILS += 1
        print(f"FAIL: {what}")


def spec_error(tmp, text, suffix=".toml", want=""):
    p = Path(tmp) / f"s{abs(hash(text)) % 10**8}{suffix}"
    p.write_text(text)
    try:
        spec.points(spec.parse(p, MANIFEST, NAMED))
    except StackScopeError as e:
        msg = str(e)
        check("\n" not in msg and want in msg, f"spec error for {text!r}: {msg!r} (want {want!r})")
        return
    check(False, f"spec accepted: {text!r}")


# The manifest as the sweep reads it (the input of spec.parse); the names each suite must
# expand to, read from sw/workloads.json's two lists directly.
MANIFEST = load_manifest(ROOT / "build")[1]
_M = json.loads((ROOT / "sw/workloads.json").read_text())
INT_NAMES = [w["name"] for w in _M["workloads"]]
FP_NAMES = [w["name"] for w in _M["fp_workloads"]]
NAMED = models.named_models(ROOT / "build")


def test_spec(tmp):
    spec_error(tmp, 'workloads = ["nope"]', want="not in the manifest")
    spec_error(tmp, 'workload = ["alu_dep"]', want="unknown key 'workload'")
    spec_error(tmp, 'workloads = ["alu_dep"]\n[run]\nmem-latancy = [1]', want="run.mem-latancy")
    spec_error(tmp, 'workloads = ["alu_dep"]\n[run]\nmem-latency = ["x"]', want="a number")
    spec_error(tmp, 'workloads = ["alu_dep"]\n[run]\nperfect-l1d = [1]', want="true/false")
    spec_error(tmp, 'workloads = ["alu_dep"]\n[run]\nmem-latency = []', want="empty list")
    spec_error(tmp, 'workloads = ["alu_dep"]\n[run]\nmem-latency = [1, 1]', want="repeated")
    spec_error(tmp, 'workloads = ["alu_dep"]\n[build]\nmodel = ["w3"]', want="not a model")
    spec_error(tmp, 'workloads = ["alu_dep"]\n[build]\nRobEntries = [0]', want="positive")
    # an off switch takes 0 (spec/builds.py Param.least), but not below it
    spec_error(tmp, 'workloads = ["alu_dep"]\n[build]\nIssueStage = [-1]', want="integers >= 0")
    z = Path(tmp) / "zero.toml"
    z.write_text('workloads = ["alu_dep"]\n[build]\nIssueStage = [0, 1]\nRfRam = [0]\n')
    check(len(spec.points(spec.parse(z, MANIFEST, NAMED))) == 2, "switches take 0")
    spec_error(tmp, 'workloads = ["alu_dep"]\n[[exclude]]\nrob = 1', want="not an axis")
    spec_error(tmp, 'workloads = ["alu_dep"]\n[[exclude]]\nworkload = "alu_dep"', want="every point")
    spec_error(tmp, 'workloads = ["alu_dep"]\n[[plot]]\nx = "rob"\ny = "cpi"', want="not an axis")
    spec_error(tmp, 'workloads = ["alu_dep", "alu_dep"]', want="twice")
    spec_error(tmp, 'workloads = ["alu_dep"', want="not valid TOML")
    spec_error(tmp, '{"workloads": 3}', suffix=".json", want="strings")
    spec_error(tmp, 'workloads: [a]', suffix=".yaml", want=".json or .toml")
    spec_error(tmp, 'name = "../x"\nworkloads = ["alu_dep"]', want="plain file name")
    # 3 workloads x 2 models x 3 latencies = 18, less w1 at latency 80 (3 workloads) and the
    # single point (alu_dep, default, 10): 18 - 3 - 1 = 14.
    p = Path(tmp) / "ok.toml"
    p.write_text('workloads = ["alu_dep", "pchase_l1", "hello"]\n[build]\nmodel = ["default", "w1"]\n'
                 '[run]\nmem-latency = [10, 20, 80]\nperfect-bp = true\n'
                 '[[exclude]]\nmodel = "w1"\nmem-latency = 80\n'
                 '[[exclude]]\nworkload = "alu_dep"\nmodel = "default"\nmem-latency = 10\n')
    sp = spec.parse(p, MANIFEST, NAMED)
    pts = spec.points(sp)
    check(len(pts) == 14, f"points: {len(pts)} != 14")
    check(sp.swept == ["workload", "model", "mem-latency"], f"swept axes {sp.swept}")
    check(spec.run_argv(pts[0], list(sp.run)) == ["--mem-latency", str(pts[0]["mem-latency"]), "--perfect-bp"],
          f"run argv {spec.run_argv(pts[0], list(sp.run))}")
    check(spec.run_argv({"perfect-bp": False}, ["perfect-bp"]) == [], "false flag omitted")
    keys = {spec.point_key(q) for q in pts}
    check(len(keys) == 14, "point keys unique")
    check(spec.point_key(dict(reversed(list(pts[3].items())))) == spec.point_key(pts[3]),
          "point key independent of key order")
    # "suite" expands to the integer workloads, "fp_suite" to the RV32F ones; FP names by name
    p.write_text('workloads = ["suite"]')
    check(spec.parse(p, MANIFEST, NAMED).workloads == INT_NAMES, "suite = the integer workloads")
    p.write_text('workloads = ["fp_suite"]')
    check(FP_NAMES and spec.parse(p, MANIFEST, NAMED).workloads == FP_NAMES,
          "fp_suite = the RV32F workloads")
    p.write_text('workloads = ["qsort", "sgemm_unrolled"]')
    check(spec.parse(p, MANIFEST, NAMED).workloads == ["qsort", "sgemm_unrolled"],
          "an RV32F workload by name")


def test_models(tmp):
    check(set(NAMED) == {"default", "w1", "w4"}, f"named models {set(NAMED)}")
    check(NAMED["w4"]["params"].get("RobEntries") == 64 and NAMED["w1"]["params"].get("DispatchWidth") == 1,
          f"w4/w1 parameters {NAMED}")
    c = models.ModelCache(Path(tmp) / "cache", ROOT / "build")
    h4, full4 = c.key(NAMED["w4"]["params"])
    spelled = {k: v for k, v in full4.items()}  # every parameter written out
    check(c.key(spelled)[0] == h4, "w4 spelled out hashes as w4")
    check(c.key({})[0] != h4 and c.key({"RobEntries": 48})[0] != c.key({})[0], "distinct sets differ")
    check(c.key({"RobEntries": 32})[0] == c.key({})[0], "a default value written out is the default model")
    try:
        c.key({"RobSize": 4})
        check(False, "unknown parameter accepted")
    except StackScopeError as e:
        check("RobSize" in str(e), str(e))
    check(models.model_hash(full4, "a") != models.model_hash(full4, "b"), "sources change the hash")


def py(code):
    return [sys.executable, "-c", code]


def test_runner(tmp):
    st = Path(tmp) / "state"
    st.mkdir()
    out = Path(tmp) / "o.txt"
    tasks = [
        runner.Task("ok", py(f"open({str(out)!r}, 'w').write('x')"), output=str(out)),
        runner.Task("bad", py("import sys; print('[2026-01-01 00:00:00.000] [stackscope] [error] "
                              "boom: no exit', file=sys.stderr); sys.exit(3)")),
        runner.Task("noout", py("pass"), output=str(Path(tmp) / "never")),
        runner.Task("term", py("import os, signal; os.kill(os.getpid(), signal.SIGTERM)")),
        runner.Task("nostart", [str(Path(tmp) / "no-such-binary")]),
        runner.Task("one", py("import sys; sys.exit(1)"), ok_codes=[1]),
    ]
    res = runner.run_local(tasks, st, 3, quiet=True)
    want = {"ok": "ok", "bad": "failed", "noout": "failed", "term": "failed", "nostart": "failed", "one": "ok"}
    check({k: r["status"] for k, r in res.items()} == want, f"statuses {res}")
    check(res["bad"]["reason"] == "exit 3: boom: no exit", f"reason {res['bad']['reason']!r}")
    check("no never written" in res["noout"]["reason"], res["noout"]["reason"])
    check(res["term"]["reason"].startswith("killed by SIGTERM"), res["term"]["reason"])
    check(res["nostart"]["reason"].startswith("cannot run"), res["nostart"]["reason"])
    mt = {k: runner.result_path(st, k).stat().st_mtime_ns for k in want}
    todo, kept = runner.plan(tasks, st, retry_failed=False)
    check(todo == [] and len(kept) == 6, "second run: nothing to do")
    todo, kept = runner.plan(tasks, st, retry_failed=True)
    check(sorted(t.key for t in todo) == ["bad", "noout", "nostart", "term"], f"retry {[t.key for t in todo]}")
    time.sleep(0.01)
    runner.run_local(tasks, st, 2, retry_failed=True, quiet=True)
    check(all(runner.result_path(st, k).stat().st_mtime_ns == mt[k] for k in ("ok", "one")),
          "ok results kept on retry")
    check(runner.result_path(st, "bad").stat().st_mtime_ns != mt["bad"], "failed result rerun")
    # a stale stamp (another model) runs again
    check(runner.read_result(st, runner.Task("ok", [], output=str(out), stamp="other")) is None, "stamp")
    # an interrupted command (SIGINT) leaves no result
    r = runner.run_task(runner.Task("int", py("import os, signal; os.kill(os.getpid(), signal.SIGINT)")), st)
    check(r is None and not runner.result_path(st, "int").exists(), "SIGINT leaves no result")


def test_merge(tmp):
    d = Path(tmp) / "m"
    (d / "state").mkdir(parents=True)
    rep = {"schema": "stackscope-report", "runs": [{"cycles": 10, "instructions": 5, "sim_seconds": 0.5,
           "metrics": {"cpi": 2.0, "cpi_stacks": {"commit": {"base": 0.5, "depend": 1.5, "total": 2.0}},
                       "topdown": {"nodes": [1, 2]}}}]}
    (d / "r0.json").write_text(json.dumps(rep))
    plan = {"name": "m", "axes": ["workload", "mem-latency"], "swept": ["mem-latency"], "plots": [
            {"x": "mem-latency", "y": "cpi_stacks.commit"}, {"x": "mem-latency", "y": "cpi"}],
            "points": [{"key": "p0", "params": {"workload": "w", "mem-latency": 1}, "report": str(d / "r0.json"), "stamp": "s"},
                       {"key": "p1", "params": {"workload": "w", "mem-latency": 2}, "report": str(d / "r1.json"), "stamp": "s"},
                       {"key": "p2", "params": {"workload": "w", "mem-latency": 3}, "report": str(d / "r2.json"), "stamp": "s"}]}
    (d / "plan.json").write_text(json.dumps(plan))
    runner.write_json_atomic(d / "state/p0.result.json", {"status": "ok", "stamp": "s", "seconds": 1.5, "host": "h"})
    runner.write_json_atomic(d / "state/p1.result.json", {"status": "failed", "stamp": "s", "reason": "exit 3: x",
                                                          "seconds": 1.0, "host": "h"})
    t = merge.merge(d)
    r0, r1, r2 = t["rows"]
    check(r0["status"] == "ok" and r0["cycles"] == 10 and r0["cpi_stacks.commit.depend"] == 1.5
          and "topdown.nodes" not in r0 and r0["time.seconds"] == 1.5 and r0["time.sim_seconds"] == 0.5, f"row {r0}")
    check(r1["status"] == "failed" and r1["reason"] == "exit 3: x" and "cycles" not in r1, f"row {r1}")
    check(r2["status"] == "not run", f"row {r2}")
    check(t["columns"][:4] == ["workload", "mem-latency", "status", "reason"]
          and t["columns"][-3:] == merge.TIME_COLS, f"columns {t['columns']}")
    csv_lines = (d / "merged.csv").read_text().splitlines()
    check(len(csv_lines) == 4 and csv_lines[1].startswith("w,1,ok,,"), f"csv {csv_lines[:2]}")
    check(sorted(os.listdir(d / "plots")) == ["00_cpi_stacks.commit_vs_mem-latency.png", "01_cpi_vs_mem-latency.png"],
          f"plots {os.listdir(d / 'plots')}")
    check(not [f for f in os.listdir(d) if ".tmp" in f], "no temporary file left")
    # a plot of a column the table lacks: reported, the table still written
    plan["plots"] = [{"x": "mem-latency", "y": "no_such_metric"}]
    (d / "plan.json").write_text(json.dumps(plan))
    (d / "merged.json").unlink()
    t = merge.merge(d)
    check((d / "merged.json").exists() and len(t["rows"]) == 3, "table written despite a bad plot")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for t in (test_spec, test_models, test_runner, test_merge):
            sub = Path(tmp) / t.__name__
            sub.mkdir()
            t(sub)
    print("sweep_unit: " + ("ok" if not FAILS else f"{FAILS} failure(s)"))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
