#!/usr/bin/env python3
"""Sweeps with a parameter set no `make build` model has, so the sweep Verilates its own model
(docs/sweep.md "Models"). Usage: test_sweep_model.py BUILD SPEC [--rejected TEXT |
--same-cycles BINARY].

- sweep_model_rs32 (tests/scripts/sweep/rs32.toml: the 4-wide core with 32-entry RSs): each workload
  runs on the model with lockstep and the PMU cross-check. Every point must be ok, its report
  must show the model's 4-wide dispatch, and its run must commit instructions and exit 0.
- sweep_model_rejected (tests/scripts/sweep/lq32.toml, `--rejected "LqEntries 32: at most"`): a set the
  Verilated core's own parameter checks reject. The model build fails once with the check's
  text (not every point as "exit 1: no message", Verilator's exit on a failed initial
  assertion, its message lost), each point names it, and the sweep exits non-zero.
- sweep_model_rfram (tests/scripts/sweep/rfram.toml, `--same-cycles stackscope_w4`): the 4-wide core
  with its register files in RAM banks (RfRam 1). Every point as for rs32, and each run's
  cycle and instruction counts must equal those of the same workload on BINARY (the w4 build,
  flip-flop register files): the storage of the register files changes no cycle.
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from sweeptest import check, finish, sweep, table


def check_runs(r, out, same_cycles=None):
    check(r.returncode == 0, f"sweep exit {r.returncode}: {r.stderr[-800:]}")
    if not (out / "merged.json").exists():
        return
    t = table(out)
    plan = json.loads((out / "plan.json").read_text())
    check(len(t["rows"]) == len(plan["points"]) > 0, "one row per point")
    for row in t["rows"]:
        check(row["status"] == "ok", f"{row['workload']}: {row['status']} {row['reason']}")
    for p in plan["points"]:
        rep_path = Path(p["report"])
        if not check(rep_path.exists(), f"no report for {p['key']}"):
            continue
        rep = json.loads(rep_path.read_text())["runs"][0]
        check(rep["config"]["core"]["dispatch_width"] == 4, f"{p['key']}: not 4-wide")
        check(rep["cycles"] > 0 and rep["instructions"] > 0, f"{p['key']}: empty run")
        check(rep["status"]["exited"] and rep["status"]["exit_code"] == 0,
              f"{p['key']}: did not exit 0")
        if same_cycles:
            ref = subprocess.run([str(same_cycles), "run", rep["workload"], "--json", "-"],
                                 capture_output=True, text=True, timeout=900)
            if check(ref.returncode == 0, f"{same_cycles.name} {rep['workload']}: "
                                          f"exit {ref.returncode}"):
                rr = json.loads(ref.stdout)["runs"][0]
                check((rr["cycles"], rr["instructions"]) == (rep["cycles"], rep["instructions"]),
                      f"{rep['workload']}: {rep['cycles']} cycles, {rep['instructions']} "
                      f"instructions; {same_cycles.name}: {rr['cycles']}, {rr['instructions']}")


def check_rejected(r, out, text):
    check(r.returncode != 0, "the sweep exits non-zero")
    models = [json.loads(p.read_text()) for p in (out / "state").glob("model-*.result.json")]
    check(len(models) == 1, f"one model build: {len(models)}")
    for m in models:
        check(m["status"] == "failed", f"model build status {m['status']}")
        check("rejects its parameters" in m["reason"] and text in m["reason"],
              f"model reason: {m['reason']!r}")
    if check((out / "merged.json").exists(), "merged.json written"):
        rows = table(out)["rows"]
        check(len(rows) == 1, f"one point: {len(rows)}")
        for row in rows:
            check(row["status"] == "failed" and text in row["reason"],
                  f"point: {row['status']} {row['reason']!r}")


def main():
    if len(sys.argv) not in (3, 5) or (len(sys.argv) == 5
                                        and sys.argv[3] not in ("--rejected", "--same-cycles")):
        print("usage: test_sweep_model.py BUILD SPEC [--rejected TEXT | --same-cycles BINARY]",
              file=sys.stderr)
        return 2
    build, spec = Path(sys.argv[1]), Path(sys.argv[2])
    rejected = sys.argv[4] if len(sys.argv) == 5 and sys.argv[3] == "--rejected" else None
    same = build / sys.argv[4] if len(sys.argv) == 5 and sys.argv[3] == "--same-cycles" else None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        r = sweep(build, spec, "--out", out, "-j", "1")
        if rejected is None:
            check_runs(r, out, same)
        else:
            check_rejected(r, out, rejected)
    return finish("sweep_model")


if __name__ == "__main__":
    sys.exit(main())
