#!/usr/bin/env python3
"""Checks that the RV32F random programs (scripts/randprog.py --fp) exercise what they claim.

Reads each seed's program (rand_SEED.S) and JSON report (rand_SEED.json) from DIR, as left by
`randrun.sh rtl` with RAND_GEN_ARGS=--fp (the core_rand_fp_* ctests). Over the union of the
seeds, fails unless:

* the programs contain every RV32F instruction (loads and stores, the four FMAs, add, sub,
  mul, div, sqrt, min, max, the three sign injections, the three compares, fclass, the four
  conversions, both moves), every rounding-mode suffix (rne rtz rdn rup rmm dyn), frm written
  with a valid and with a reserved value (5..7), fflags read and written, and mstatus.FS turned
  Off;
* every run exited 0 with lockstep and the PMU cross-check on, the runs cover the 1-, 2- and
  4-wide builds, and FP arithmetic issued on the FP pipes (FLOPS stack base > 0) in at least
  half of the runs (the probe's fp_issue saw the programs' FP work).
"""
import argparse
import re
import sys
from pathlib import Path

from check_features import seed_run  # the per-seed files and run checks (this directory)

MNEMONICS = ["flw", "fsw", "fmadd.s", "fmsub.s", "fnmsub.s", "fnmadd.s", "fadd.s", "fsub.s",
             "fmul.s", "fdiv.s", "fsqrt.s", "fmin.s", "fmax.s", "fsgnj.s", "fsgnjn.s",
             "fsgnjx.s", "feq.s", "flt.s", "fle.s", "fclass.s", "fcvt.w.s", "fcvt.wu.s",
             "fcvt.s.w", "fcvt.s.wu", "fmv.x.w", "fmv.w.x"]
ROUNDING = ["rne", "rtz", "rdn", "rup", "rmm", "dyn"]
STATE = {
    "frm written with a valid mode": r"csrwi frm, [0-4]\b",
    "frm written with a reserved mode": r"csrwi frm, [5-7]\b",
    "fflags read": r"\bfrflags\b",
    "fflags written": r"\bfsflags\b|csrci fflags",
    "mstatus.FS turned Off": r"li x27, 0x6000\n\s*csrc mstatus, x27",
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("first", type=int)
    ap.add_argument("count", type=int)
    args = ap.parse_args()
    errors: list[str] = []
    found: set[str] = set()
    widths: set[int] = set()
    with_flops = 0
    seeds = range(args.first, args.first + args.count)
    for seed in seeds:
        got_run = seed_run(args.dir / f"rand_{seed}", seed, errors, widths)
        if got_run is None:
            continue
        (text,), run = got_run
        body = [ln.split("#")[0].strip() for ln in text.splitlines()]
        for ln in body:
            op = ln.split(" ")[0]
            if op in MNEMONICS:
                found.add(op)
                args_ = ln[len(op):].split(",")
                if op not in ("flw", "fsw") and args_[-1].strip() in ROUNDING:
                    found.add("rm " + args_[-1].strip())
        for name, pattern in STATE.items():
            if re.search(pattern, text):
                found.add(name)
        if run["metrics"]["flops"]["per_cycle"] > 0:
            with_flops += 1
    want = MNEMONICS + ["rm " + r for r in ROUNDING] + list(STATE)
    errors += [f"no program has {w}" for w in want if w not in found]
    if widths != {1, 2, 4}:
        errors.append(f"runs cover dispatch widths {sorted(widths)}, not 1, 2 and 4")
    if 2 * with_flops < len(seeds):
        errors.append(f"FP arithmetic issued in only {with_flops} of {len(seeds)} runs")
    for e in errors:
        print(f"check_fp_features: {e}", file=sys.stderr)
    if not errors:
        print(f"check_fp_features: {len(seeds)} programs, {len(found)} features, "
              f"FP issued in {with_flops} runs, widths {sorted(widths)}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
