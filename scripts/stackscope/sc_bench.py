"""`make bench`'s SystemC section: the simulation time of `stackscope-sc run` against
`stackscope run` on the same workloads (goal: at most 1.3 times), checked and unchecked.

Each workload runs ROUNDS times on each binary, alternating, and the best simulation time
(the report's sim_seconds: the simulation loop, not start-up) of each is kept; best-of-N keeps
the other jobs of a shared machine out of the figure as far as it can. Prints a line per case
and the JSON for build/bench/results.json (scripts/bench.sh) on the last line.

  sc_bench.py BUILD [ROUNDS]
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from .common.errors import StackScopeError, run_cli

WORKLOADS = ["qsort", "pchase_l2", "crc32"]
MODES = {"checked": [], "unchecked": ["--no-lockstep", "--no-check"]}


def sim_seconds(binary, workload, opts, tmp):
    out = Path(tmp) / "r.json"
    subprocess.run([str(binary), "run", workload, "--json", str(out), *opts], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    r = json.loads(out.read_text())["runs"][0]
    return r["sim_seconds"], r["cycles"]


def main(argv=None):
    return run_cli("sc_bench", bench, argv)


def bench(argv):
    argv = sys.argv[1:] if argv is None else argv
    build = Path(argv[0]).resolve()
    rounds = int(argv[1]) if len(argv) > 1 else 3
    native, systemc = build / "stackscope", build / "stackscope-sc"
    result = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode, opts in MODES.items():
            tot_n = tot_s = 0.0
            for w in WORKLOADS:
                best_n = best_s = float("inf")
                for _ in range(rounds):
                    t, cycles = sim_seconds(native, w, opts, tmp)
                    best_n = min(best_n, t)
                    t, cycles_sc = sim_seconds(systemc, w, opts, tmp)
                    best_s = min(best_s, t)
                    if cycles != cycles_sc:
                        raise StackScopeError(f"{w}: {cycles} cycles native, {cycles_sc} systemc", 1)
                tot_n += best_n
                tot_s += best_s
                print(f"systemc: {w} {mode}: {cycles} cycles, native {best_n:.3f} s, systemc "
                      f"{best_s:.3f} s, ratio {best_s / best_n:.2f}", file=sys.stderr)
            result[mode] = {"workloads": WORKLOADS, "native_s": round(tot_n, 3),
                            "systemc_s": round(tot_s, 3), "ratio": round(tot_s / tot_n, 3)}
            print(f"systemc: {mode}, {len(WORKLOADS)} workloads: native {tot_n:.2f} s, systemc "
                  f"{tot_s:.2f} s, ratio {tot_s / tot_n:.2f} (goal <= 1.3)", file=sys.stderr)
    print(json.dumps(result))
    return 0
