"""Shared helpers of the sweep tests (tests/scripts/sweep)."""
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print(f"FAIL: {what}", flush=True)
    return cond


def sweep(build, *args, **kw):
    """`build/stackscope sweep ARGS` (the C++ front door execs the runner)."""
    return subprocess.run([str(Path(build) / "stackscope"), "sweep", *map(str, args)],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, **kw)


def table(out):
    return json.loads((Path(out) / "merged.json").read_text())


def without_timing(t):
    """The merged table less the timing columns (time.*): what both back ends must agree on."""
    return {"columns": [c for c in t["columns"] if not c.startswith("time.")],
            "rows": sorted((json.dumps({k: v for k, v in r.items() if not k.startswith("time.")},
                                       sort_keys=True) for r in t["rows"]))}


def check_against_reports(out, what):
    """Every ok row of OUT/merged.json against its own report: the figures copied from it, and
    the point's parameters against the configuration the report says the run had (the model's
    widths come from the Verilated model itself, the latency from the run option)."""
    t = table(out)
    plan = json.loads((Path(out) / "plan.json").read_text())
    rows = {json.dumps({k: r[k] for k in t["axes"]}, sort_keys=True): r for r in t["rows"]}
    check(len(rows) == len(plan["points"]), f"{what}: {len(rows)} rows for {len(plan['points'])} points")
    widths = {"default": 2, "w1": 1, "w4": 4}
    for p in plan["points"]:
        r = rows.get(json.dumps(p["params"], sort_keys=True))
        if not check(r is not None, f"{what}: no row for {p['params']}") or r["status"] != "ok":
            continue
        rep = json.loads(Path(p["report"]).read_text())["runs"][0]
        check(rep["workload"] == p["params"]["workload"], f"{what}: workload of {p['key']}")
        check(r["cycles"] == rep["cycles"] and r["cpi"] == rep["metrics"]["cpi"]
              and r["cpi_stacks.commit.base"] == rep["metrics"]["cpi_stacks"]["commit"]["base"],
              f"{what}: figures of {p['key']}")
        if "mem-latency" in p["params"]:
            check(rep["config"]["memory"]["latency"] == p["params"]["mem-latency"],
                  f"{what}: latency of {p['key']}")
        if "model" in p["params"]:
            check(rep["config"]["core"]["dispatch_width"] == widths[p["params"]["model"]],
                  f"{what}: dispatch width of {p['key']} ({p['params']['model']})")
    return t


def no_partial_files(out, what):
    bad = [str(f) for f in Path(out).rglob("*") if ".tmp" in f.name or f.name.endswith(".part")]
    check(not bad, f"{what}: partial files left: {bad[:3]}")


def finish(name):
    print(f"{name}: " + ("ok" if not FAILS else f"{len(FAILS)} failure(s)"))
    return 1 if FAILS else 0
