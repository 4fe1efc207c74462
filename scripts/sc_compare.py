#!/usr/bin/env python3
"""The SystemC run against the native run (docs/systemc.md "Same cycles"): runs each target with
`stackscope run` and `stackscope-sc run` (same options, JSON reports) and compares the two
reports field by field -- cycles, instructions, every PMU counter, every metric, the TIP and
multiplexing results, the configuration -- everything but the wall-clock time. Exit 0 when every
field agrees, 1 with the differing fields listed otherwise, 2 on bad input.

  sc_compare.py --build BUILD [--platform default] [-- RUN_OPTIONS...] TARGET...
  (TARGET: a workload name, an ELF, or `suite`)
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

IGNORED = {"sim_seconds"}  # wall-clock time: the one field that may differ


def diff(a, b, path, out, counter):
    """Appends to `out` every path where a and b differ; counts the leaves compared."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k in IGNORED:
                continue
            if k not in a or k not in b:
                out.append(f"{path}/{k}: only in {'native' if k in a else 'systemc'}")
                continue
            diff(a[k], b[k], f"{path}/{k}", out, counter)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} entries native, {len(b)} systemc")
        for i, (x, y) in enumerate(zip(a, b)):
            diff(x, y, f"{path}[{i}]", out, counter)
    else:
        counter[0] += 1
        if a != b:
            out.append(f"{path}: native {a!r}, systemc {b!r}")


def run(binary, target, opts, platform, tmp):
    out = Path(tmp) / f"{binary.name}.json"
    cmd = [str(binary), "run", target, "--json", str(out), *opts]
    if platform:
        cmd += ["--platform", platform]
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if not out.exists():
        sys.exit(f"sc_compare: {' '.join(cmd)} wrote no report (status {p.returncode}): "
                 f"{p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ''}")
    return p.returncode, json.loads(out.read_text())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True, type=Path)
    ap.add_argument("--platform", default="default")
    ap.add_argument("targets", nargs="+")
    argv = sys.argv[1:]
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
            sys.exit(f"sc_compare: {target}: the native report has no runs or no counters")
        out, counter = [], [0]
        if rc_n != rc_s:
            out.append(f"exit status: native {rc_n}, systemc {rc_s}")
        diff(a, b, "", out, counter)
        for run_a in a["runs"]:
            print(f"{run_a['workload']}: {run_a['cycles']} cycles, {run_a['instructions']} "
                  f"instructions, {run_a['sim_seconds']:.2f} s native", flush=True)
        print(f"  systemc: {sum(r['sim_seconds'] for r in b['runs']):.2f} s, native "
              f"{sum(r['sim_seconds'] for r in a['runs']):.2f} s (simulation time)")
        print(f"{target}{' ' + ' '.join(opts) if opts else ''}: {counter[0]} fields compared, "
              f"{len(out)} differ", flush=True)
        for line in out[:20]:
            print("  " + line)
        bad += bool(out)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
