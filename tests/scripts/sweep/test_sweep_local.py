#!/usr/bin/env python3
"""sweep_local: `stackscope sweep` end to end on the local back end (docs/sweep.md).

1. tests/scripts/sweep/ci.toml (2 workloads x 2 models x 2 latencies) with -j 2: 8 points ok, each
   row equal to its own report, the report's configuration equal to the point's parameters
   (dispatch width of the model, memory latency), the CSV with 8 rows, the plot written.
   Run again: nothing runs (every result file untouched).
2. A point that hits its cycle limit (alu_dep at 100,000 cycles; tests/scripts/sweep/fail.toml says
   why) is recorded as failed with its one-line reason and does not stop the sweep (the other
   point is ok); a rerun keeps it failed without running it; --retry-failed runs only it.
3. Ctrl-C: a sweep of 6 points at -j 1 gets SIGINT after its first point: exit 130, no merged
   table, no partial file, every report left whole; the rerun runs only the points not done
   and leaves the earlier results as they were.
4. Bad input: a missing spec, an unknown workload: exit 2 with one line.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sweeptest import HERE, check, check_against_reports, finish, no_partial_files, sweep, table


def mtimes(out):
    return {f.name: f.stat().st_mtime_ns for f in (Path(out) / "state").glob("*.result.json")}


def main():
    build = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        # 1. the 2x2x2 sweep
        out = tmp / "ci"
        r = sweep(build, HERE / "ci.toml", "--out", out, "-j", "2")
        check(r.returncode == 0, f"ci sweep exit {r.returncode}: {r.stderr[-500:]}")
        t = check_against_reports(out, "local ci")
        check(len(t["rows"]) == 8 and all(x["status"] == "ok" for x in t["rows"]), "8 ok rows")
        check(len((out / "merged.csv").read_text().splitlines()) == 9, "CSV: header + 8 rows")
        png = out / "plots" / "00_cpi_stacks.commit_vs_mem-latency.png"
        check(png.exists() and png.read_bytes()[:4] == b"\x89PNG", "plot written")
        no_partial_files(out, "ci")
        before = mtimes(out)
        r = sweep(build, HERE / "ci.toml", "--out", out, "-j", "2")
        check(r.returncode == 0 and "(0 to run, 8 done before)" in r.stderr, f"rerun: {r.stderr[-300:]}")
        check(mtimes(out) == before, "rerun touched no result")

        # 2. a point at its limit; --retry-failed
        spec = tmp / "limit.toml"
        spec.write_text('name = "limit"\nworkloads = ["alu_dep", "icache_sweep_1k"]\n'
                        '[run]\nmax-cycles = 100000\n')
        out = tmp / "limit"
        r = sweep(build, spec, "--out", out, "-j", "2")
        t = table(out)
        rows = {x["workload"]: x for x in t["rows"]}
        check(r.returncode == 1, f"limit sweep exit {r.returncode}")
        check(rows["alu_dep"]["status"] == "failed"
              and rows["alu_dep"]["reason"] == "exit 3: alu_dep: no exit after 100000 cycles (report marked incomplete)",
              f"limit reason: {rows['alu_dep']['reason']!r}")
        check(rows["icache_sweep_1k"]["status"] == "ok", "the other point still ran")
        check("failed: workload=alu_dep max-cycles=100000: exit 3" in r.stderr, f"failure listed: {r.stderr[-300:]}")
        before = mtimes(out)
        r = sweep(build, spec, "--out", out)
        check(r.returncode == 1 and mtimes(out) == before, "a rerun keeps the failure without running it")
        time.sleep(0.01)
        r = sweep(build, spec, "--out", out, "--retry-failed")
        after = mtimes(out)
        changed = sorted(k for k in after if after[k] != before.get(k))
        check(r.returncode == 1 and len(changed) == 1 and changed[0].startswith("alu_dep"),
              f"--retry-failed ran only the failed point: {changed}")

        # 3. Ctrl-C and resume
        spec = tmp / "int.toml"
        spec.write_text('name = "int"\nworkloads = ["alu_dep", "pchase_l1", "alu_indep"]\n'
                        '[run]\nmem-latency = [10, 30]\n')
        out = tmp / "int"
        p = subprocess.Popen([str(build / "stackscope"), "sweep", str(spec), "--out", str(out), "-j", "1"],
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 60
        while time.time() < deadline and not list((out / "state").glob("*.result.json")):
            time.sleep(0.05)
        p.send_signal(signal.SIGINT)
        _, err = p.communicate(timeout=60)
        check(p.returncode == 130, f"interrupted sweep exit {p.returncode}: {err[-300:]}")
        check(not (out / "merged.json").exists() and not (out / "merged.csv").exists(), "no merged table")
        no_partial_files(out, "interrupted")
        done = mtimes(out)
        check(1 <= len(done) < 6, f"{len(done)} points done before the interrupt")
        for f in (out / "points").glob("*.json"):
            try:
                check(json.loads(f.read_text())["schema"] == "stackscope-report", f"report {f.name}")
            except ValueError:
                check(False, f"half-written report {f.name}")
        r = sweep(build, spec, "--out", out, "-j", "2")
        check(r.returncode == 0 and f"({6 - len(done)} to run, {len(done)} done before)" in r.stderr,
              f"resume: {r.stderr[-300:]}")
        after = mtimes(out)
        check(all(after[k] == v for k, v in done.items()), "resume kept the points done")
        check(len(after) == 6 and all(x["status"] == "ok" for x in table(out)["rows"]), "resume completed")

        # 4. bad input
        for args, want in (([tmp / "none.toml"], "cannot read the spec"),
                           ([HERE / "ci.toml", "-j", "0"], "-j 0")):
            r = sweep(build, *args)
            lines = r.stderr.strip().splitlines()
            check(r.returncode == 2 and len(lines) == 1 and want in lines[0], f"bad input {args}: {r.stderr!r}")
    return finish("sweep_local")


if __name__ == "__main__":
    sys.exit(main())
