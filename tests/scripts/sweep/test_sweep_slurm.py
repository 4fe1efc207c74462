#!/usr/bin/env python3
"""sweep_slurm: the slurm back end on a real single-node Slurm that this test starts and stops
(tests/scripts/sweep/slurm_cluster.py: Debian's slurm-wlm and munge, SLURM_CONF at a slurm.conf of
its own, accounting off, daemons stopped by their pid files, also on failure).

1. tests/scripts/sweep/ci.toml (2x2x2) through `--backend slurm`: one job array of 8 elements and a
   merge job depending on it; every row equal to its report; the merged table equal to the
   local back end's apart from the timing columns (time.*), CSV included.
2. tests/scripts/sweep/fail.toml: the point at its cycle limit fails with the same one-line reason as
   on the local back end; the pchase_mem point (a long one) is cancelled with scancel while it
   runs and is recorded as killed; the sweep goes on to its merge and exits 1.
3. scripts/validate.py (one workload, 5 runs) and scripts/synth.py (one smoke job, no P&R) with
   --backend slurm: the same runner, the same results as their local runs (timing aside).
"""
import csv
import io
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from slurm_cluster import SlurmCluster
from sweeptest import (HERE, ROOT, check, check_against_reports, finish, no_partial_files, sweep,
                       table, without_timing)


def csv_without_timing(path):
    rows = list(csv.reader(io.StringIO(Path(path).read_text())))
    keep = [i for i, c in enumerate(rows[0]) if not c.startswith("time.")]
    return sorted([[r[i] for i in keep] for r in rows[1:]]), [rows[0][i] for i in keep]


def main():
    build = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        tmp.chmod(0o755)  # munged runs as the munge user and must reach its directory
        local = tmp / "local"
        r = sweep(build, HERE / "ci.toml", "--out", local, "-j", "2")
        check(r.returncode == 0, f"local sweep exit {r.returncode}: {r.stderr[-300:]}")
        with SlurmCluster(tmp / "slurm") as c:
            # 1. the same sweep on Slurm
            out = tmp / "slurm-ci"
            t0 = time.time()
            r = sweep(build, HERE / "ci.toml", "--backend", "slurm", "--out", out, timeout=300)
            print(f"slurm ci sweep: {time.time() - t0:.1f} s")
            check(r.returncode == 0, f"slurm sweep exit {r.returncode}: {r.stderr[-800:]}")
            logs = sorted(p.name for p in (out / "state" / "slurm").glob("*.out"))
            check(len(logs) == 9 and sum("_" in n for n in logs) == 8,
                  f"one array of 8 elements and a merge job: {logs}")
            ts = check_against_reports(out, "slurm ci")
            check(without_timing(ts) == without_timing(table(local)), "slurm table == local table")
            check(csv_without_timing(out / "merged.csv") == csv_without_timing(local / "merged.csv"),
                  "slurm CSV == local CSV")
            hosts = {x["time.host"] for x in ts["rows"]}
            check(len(hosts) == 1 and None not in hosts, f"every point ran and recorded its host: {hosts}")
            no_partial_files(out, "slurm ci")

            # 2. a point at its limit and a cancelled job
            out = tmp / "slurm-fail"
            p = subprocess.Popen([str(build / "stackscope"), "sweep", str(HERE / "fail.toml"), "--backend",
                                  "slurm", "--out", str(out)], stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            victim = None
            deadline = time.time() + 120
            while victim is None and time.time() < deadline and p.poll() is None:
                q = subprocess.run(["squeue", "-h", "-r", "-t", "RUNNING", "-n", "fail", "-o", "%i"],
                                   capture_output=True, text=True)
                plan = out / "plan.json"
                if q.returncode == 0 and plan.exists():
                    for jid in q.stdout.split():
                        idx = int(jid.split("_")[1]) if "_" in jid else -1
                        # array index = position among the points to run (both, in plan order)
                        if idx == 1:
                            victim = jid
                time.sleep(0.2)
            check(victim is not None, "the pchase_mem element was seen running")
            if victim:
                time.sleep(1.0)
                subprocess.run(["scancel", victim], check=False)
            try:
                _, err = p.communicate(timeout=180)
            except subprocess.TimeoutExpired:
                p.kill()
                _, err = p.communicate()
            check(p.returncode == 1, f"fail sweep exit {p.returncode}: {err[-500:]}")
            if (out / "merged.json").exists():
                rows = {x["workload"]: x for x in table(out)["rows"]}
                check(rows["alu_dep"]["reason"] ==
                      "exit 3: alu_dep: no exit after 100000 cycles (report marked incomplete)",
                      f"limit reason {rows['alu_dep']['reason']!r}")
                check(rows["pchase_mem"]["status"] == "failed"
                      and rows["pchase_mem"]["reason"].startswith("killed by SIGTERM"),
                      f"cancelled reason {rows['pchase_mem']['reason']!r}")
            else:
                check(False, "fail sweep: no merged table")
            no_partial_files(out, "slurm fail")

            # 3. make validate's and make synth's scripts through the same back end
            py = str(Path(sys.executable))
            val = [py, str(ROOT / "scripts/validate.py"), "--build-dir", str(build), "--builds", "default",
                   "--workloads", "alu_dep", "--no-plots", "-j", "2"]
            syn = [py, str(ROOT / "scripts/synth.py"), "--quick", "--only", "pmu_counter", "--no-fmax",
                   "--venv", str(build / "venv"), "--fe-venv", str(build / "venv-slang")]
            outs = {}
            for be in ("local", "slurm"):
                r = subprocess.run(val + ["--out", str(tmp / f"val-{be}"), "--backend", be],
                                   capture_output=True, text=True, cwd=ROOT)
                check(r.returncode == 0, f"validate.py --backend {be}: {r.returncode} {r.stderr[-300:]}")
                r2 = subprocess.run(syn + ["--out", str(tmp / f"syn-{be}"), "--backend", be],
                                    capture_output=True, text=True, cwd=ROOT)
                check(r2.returncode == 0, f"synth.py --backend {be}: {r2.returncode} {r2.stderr[-300:]}")
                try:
                    v = json.loads((tmp / f"val-{be}" / "validation.json").read_text())
                    y = json.loads((tmp / f"syn-{be}" / "results_quick.json").read_text())
                    for j in y["jobs"].values():
                        j.pop("synth_seconds", None)
                    outs[be] = (v, y, r.stdout, r2.stdout.replace(str(tmp / f"syn-{be}"), "OUT"))
                except (OSError, ValueError) as e:
                    check(False, f"{be}: no results ({e})")
            if len(outs) == 2:
                check(outs["local"][0] == outs["slurm"][0] and outs["local"][2] == outs["slurm"][2],
                      "validate.py: slurm == local")
                check(outs["local"][1] == outs["slurm"][1] and outs["local"][3] == outs["slurm"][3]
                      and len(outs["slurm"][1]["jobs"]) == 1, "synth.py: slurm == local")
                check(len(list((tmp / "val-slurm" / ".runner" / "slurm").glob("*_*.out"))) == 5,
                      "validate.py's 5 runs went through one Slurm job array")
    return finish("sweep_slurm")


if __name__ == "__main__":
    sys.exit(main())
