"""The SystemC run against the native run (docs/systemc.md "Same cycles"): runs each target with
`stackscope run` and `stackscope-sc run` (same options, JSON reports) and compares the two
reports field by field (stackscope.same_report's comparison) -- cycles, instructions, every
PMU counter, every metric, the TIP and multiplexing results, the configuration, the exit
status -- everything but the wall-clock time. Exit 0 when every field agrees; 1 with the
differing fields listed, or when a run writes no report; 2 on a bad command line.

  sc_compare.py --build BUILD [--platform NAME] TARGET... [-- RUN_OPTIONS...]
  (TARGET: a workload name, an ELF, or `suite`; RUN_OPTIONS go to both runs; the platform's
  default is `default`)
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from .common.errors import StackScopeError, run_cli
# The field-by-field comparison of two reports (timing fields left out).
from .same_report import diff


def leaves(x):
    """How many values a report holds (the fields compared)."""
    if isinstance(x, dict):
        return sum(leaves(v) for v in x.values())
    if isinstance(x, list):
        return sum(leaves(v) for v in x)
    return 1


def run(binary, target, opts, platform, tmp):
    out = Path(tmp) / f"{binary.name}.json"
    cmd = [str(binary), "run", target, "--json", str(out), *opts]
    if platform:
        cmd += ["--platform", platform]
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if not out.exists():
        raise StackScopeError(f"{' '.join(cmd)} wrote no report (status {p.returncode}): "
                              f"{p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ''}", 1)
    return p.returncode, json.loads(out.read_text())


def main(argv=None):
    return run_cli("sc_compare", compare, argv)


def compare(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True, type=Path)
    ap.add_argument("--platform", default="default")
    ap.add_argument("targets", nargs="+")
    argv = sys.argv[1:] if argv is None else argv
    cut = argv.index("--") if "--" in argv else len(argv)
    args, opts = ap.parse_args(argv[:cut]), argv[cut + 1:]
    build = args.build.resolve()
    native, systemc = build / "stackscope", build / "stackscope-sc"
    bad = 0
    for target in args.targets:
        with tempfile.TemporaryDirectory() as tmp:
            rc_n, a = run(native, target, opts, None, tmp)
            rc_s, b = run(systemc, target, opts, args.platform, tmp)
        if not a.get("runs") or not a["runs"][0].get("counters"):
            raise StackScopeError(f"{target}: the native report has no runs or no counters", 1)
        out = diff(a, b, limit=1000)
        if rc_n != rc_s:
            out.append(f"exit status: native {rc_n}, systemc {rc_s}")
        for run_a in a["runs"]:
            print(f"{run_a['workload']}: {run_a['cycles']} cycles, {run_a['instructions']} "
                  f"instructions, {run_a['sim_seconds']:.2f} s native", flush=True)
        print(f"  systemc: {sum(r['sim_seconds'] for r in b['runs']):.2f} s, native "
              f"{sum(r['sim_seconds'] for r in a['runs']):.2f} s (simulation time)")
        print(f"{target}{' ' + ' '.join(opts) if opts else ''}: {leaves(a)} fields compared, "
              f"{len(out)} differ", flush=True)
        for line in out[:20]:
            print("  " + line)
        bad += bool(out)
    return 1 if bad else 0
