#!/usr/bin/env python3
"""sweep_model_rs32: `stackscope sweep SPEC` with a parameter set no `make build` model has
(tests/sweep/rs32.toml: the 4-wide core with 32-entry RSs), so the sweep Verilates its own
model (docs/sweep.md "Models"), then runs each workload on it with lockstep and the PMU
cross-check. Every point must be ok, its report must show the model's 4-wide dispatch, and
its run must commit the workload's instructions (more than zero cycles and instructions).
Usage: test_sweep_model.py BUILD SPEC.
"""
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sweeptest import check, finish, sweep, table  # noqa: E402


def main():
    build, spec = Path(sys.argv[1]), Path(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        r = sweep(build, spec, "--out", out, "-j", "1")
        check(r.returncode == 0, f"sweep exit {r.returncode}: {r.stderr[-800:]}")
        if (out / "merged.json").exists():
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
    return finish("sweep_model")


if __name__ == "__main__":
    sys.exit(main())
