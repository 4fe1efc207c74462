#!/usr/bin/env python3
"""ctest gates_*: scripts/gates.py checked against figures derived apart from it.

    test_gates.py count OUT    cpi_stack with 4 speculative blocks, flip-flop counters:
                               the total flip-flops equal synth.ff_cpi_stack's analytic count
                               (the one the cost rows hold every netlist to); every instance's
                               totals are its own counts plus those of the instances below it;
                               --doc replaces the region of a Markdown file and keeps the rest;
                               topdown with RAM counters: flip-flops and memory bits analytic
    test_gates.py ecp5 OUT     --ecp5 on topdown with RAM counters: its ECP5 flip-flops equal
                               the analytic count the ECP5 cost rows are held to; every
                               instance's LUT4 total is its own plus those below it; the
                               gates_ecp5 region of a Markdown file replaced, the rest kept
    test_gates.py bad OUT      bad input: one line on stderr, exit 2, nothing run
"""
import json
import subprocess
import sys
from pathlib import Path

from stackscope.synth import expect as synth  # the cost rows' analytic counts


ROOT = Path(__file__).resolve().parents[3]


GATES = ROOT / "scripts/gates.py"


def run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(GATES), *args], capture_output=True, text=True,
                          timeout=900)


def check(cond: bool, msg: str) -> None:
    if not cond:
        print(f"FAIL: {msg}")
        sys.exit(1)


def count(out: Path) -> None:
    params = {"SpecBlocks": 4, "RobEntries": 16}
    doc = out / "doc.md"
    out.mkdir(parents=True, exist_ok=True)
    doc.write_text("hand text before\n<!-- BEGIN gates (scripts/gates.py) -->\nold\n"
                   "<!-- END gates -->\nhand text after\n")
    r = run(["--top", "cpi_stack", "--out", str(out / "run"), "--doc", str(doc),
             *[a for k, v in params.items() for a in ("-G", f"{k}={v}")]])
    check(r.returncode == 0, f"gates.py exit {r.returncode}: {r.stderr.strip()}")
    res = json.loads((out / "run/gates.json").read_text())
    want = synth.ff_cpi_stack(params)
    check(res["total"]["ffs"] == want, f"flip-flops {res['total']['ffs']}, analytic {want}")
    rows = {r["path"]: r for r in res["instances"]}
    check("cpi_stack" in rows and "cpi_stack.gen_spec.u_spec" in rows,
          f"instances missing: {sorted(rows)[:5]}")
    for path, r in rows.items():
        below = [s for p, s in rows.items() if p == path or p.startswith(path + ".")]
        for k in ("gates", "ffs", "mem_bits"):
            check(r["total_" + k] == sum(s[k] for s in below), f"{path}: total_{k}")
    check(res["total"]["gates"] == sum(r["gates"] for r in rows.values()), "top's total gates")
    text = doc.read_text()
    check(text.startswith("hand text before\n") and text.endswith("hand text after\n")
          and "\nold\n" not in text and "| cpi_stack.gen_spec.u_spec | cpi_spec |" in text,
          "the doc region")
    # RAM counters: the bank's words are one memory of Num x Width bits, its pending
    # registers flip-flops (synth.ff_topdown / ram_bits_bank, the cost rows' formulas).
    r = run(["--top", "topdown", "-G", "Store=1", "--out", str(out / "td")])
    check(r.returncode == 0, f"gates.py topdown exit {r.returncode}: {r.stderr.strip()}")
    td = json.loads((out / "td/gates.json").read_text())["total"]
    want_ff = synth.ff_topdown({"Store": 1})
    want_mem = synth.ram_bits_bank(synth.PKG["NumTdCounters"], 48, 1)
    check(td["ffs"] == want_ff and td["mem_bits"] == want_mem,
          f"topdown Store=1: {td['ffs']} FFs, {td['mem_bits']} memory bits; "
          f"analytic {want_ff}, {want_mem}")
    print(f"ok: cpi_stack {res['total']['gates']} gates, {want} flip-flops as analytic, "
          f"{len(rows)} instances; topdown {want_ff} FFs, {want_mem} RAM bits as analytic")


def ecp5(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    doc = out / "doc_ecp5.md"
    doc.write_text("before\n<!-- BEGIN gates_ecp5 (scripts/gates.py) -->\nold\n"
                   "<!-- END gates_ecp5 -->\nafter\n")
    r = run(["--ecp5", "--top", "topdown", "-G", "Store=1", "--out", str(out / "ecp5"),
             "--doc", str(doc), "--min-share", "0"])
    check(r.returncode == 0, f"gates.py --ecp5 exit {r.returncode}: {r.stderr.strip()}")
    res = json.loads((out / "ecp5/gates.json").read_text())
    want = synth.ff_topdown({"Store": 1})
    check(res["total"]["ffs"] == want, f"ECP5 flip-flops {res['total']['ffs']}, analytic {want}")
    check(res["total"]["lut4"] > 0 and res["total"]["dpr16x4"] > 0,
          f"no LUT4 or no distributed RAM: {res['total']}")
    rows = {r["path"]: r for r in res["instances"]}
    check("topdown.u_bank" in rows, f"instances: {sorted(rows)}")
    for path, r in rows.items():
        below = [s for p, s in rows.items() if p == path or p.startswith(path + ".")]
        check(r["total_lut4"] == sum(s["lut4"] for s in below), f"{path}: total_lut4")
    text = doc.read_text()
    check(text.startswith("before\n") and text.endswith("after\n") and "\nold\n" not in text
          and "| topdown.u_bank | pmu_counter_bank |" in text, "the doc region")
    print(f"ok: topdown {res['total']['lut4']} LUT4, {want} flip-flops as analytic")


def bad(out: Path) -> None:
    for args, needle in ((["-G", "Width=4;quit"], "expected NAME=INTEGER"),
                         (["--top", "a b"], "not a module name"),
                         (["--min-share", "2"], "expected 0..1"),
                         (["--doc", str(out / "missing.md")], "no such file")):
        r = run([*args, "--out", str(out / "bad")])
        lines = r.stderr.strip().splitlines()
        check(r.returncode == 2 and len(lines) == 1 and needle in lines[0],
              f"{args}: exit {r.returncode}, stderr {r.stderr!r}")
    check(not (out / "bad/stat.json").exists(), "a tool ran on bad input")
    print("ok: bad input refused")


if __name__ == "__main__":
    mode, out = sys.argv[1], Path(sys.argv[2])
    {"count": count, "ecp5": ecp5, "bad": bad}[mode](out)
