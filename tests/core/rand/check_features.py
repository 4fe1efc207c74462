#!/usr/bin/env python3
"""Checks that the random programs of the ctest seeds exercise what scripts/randprog.py claims.

Reads each seed's program (rand_SEED.S), console log (rand_SEED.log, the `randprog:` count
lines the program prints at its end) and JSON report (rand_SEED.json) from DIR, as left by
`randrun.sh rtl` (the rand_rtl_seed_* ctests). Over the union of the seeds, fails unless:

* the programs contain backward branches (loops), nested loops, direct and indirect calls,
  calls from one generated function into another (nesting), jump tables, fence.i after a store
  into a code slot (self-modifying code), mhpmevent writes with a threshold, with invert and
  with edge, mcountinhibit writes, counters preset just below 2^64, and a data footprint larger
  than the L2 (its size read from rtl/top/soc_mem.sv's parameter defaults and soc_pkg.sv);
* at run time on the RTL, every trap cause the handler counts occurred at least once (fetch
  misaligned, fetch fault, illegal, ebreak, load misaligned, load fault, store misaligned,
  ecall), and software, timer and LCOF interrupts were taken, the latter both from a counter
  overflow and with a TIP sample waiting;
* every run exited 0 with lockstep on and the PMU cross-check on, and the runs cover the 1-, 2-
  and 4-wide builds.
"""
import argparse
import json
import re
import sys
from pathlib import Path

from stackscope.randprog import facts as randprog  # the generator's own view of the PMU map

ROOT = Path(__file__).resolve().parents[3]

COUNTS = ["fetch_misaligned", "fetch_fault", "illegal", "ebreak", "load_misaligned",
          "load_fault", "store_misaligned", "ecall", "irq_soft", "irq_timer", "irq_lcof",
          "lcof_overflow", "lcof_tip"]


def l2_bytes() -> int:
    text = (ROOT / "rtl" / "top" / "soc_mem.sv").read_text()
    p = {k: int(v) for k, v in re.findall(r"parameter int unsigned (\w+)\s*=\s*(\d+)", text)}
    pkg = (ROOT / "rtl" / "top" / "soc_pkg.sv").read_text()
    line = int(re.search(r"localparam int unsigned LineBytes\s*=\s*(\d+)", pkg).group(1))
    return p["L2Sets"] * p["L2Ways"] * line


def static_features(text: str, facts: dict) -> set[str]:
    """What one program's source contains."""
    found = set()
    lines = [ln.strip() for ln in text.splitlines()]
    defined: dict[str, int] = {}  # label -> line
    loops = []  # (target line, branch line) of each backward branch
    a = facts["addr"]
    s = facts["ev_shift"]
    last_li = {}
    fn = None
    for i, ln in enumerate(lines):
        m = re.match(r"^([.\w]+):$", ln)
        if m:
            defined[m[1]] = i
            if m[1].startswith("rand_fn"):
                fn = m[1]
            continue
        op, _, rest = ln.partition(" ")
        args = [x.strip() for x in rest.split(",")]
        if op.startswith("b") and args and args[-1] in defined:
            found.add("backward_branch")
            loops.append((defined[args[-1]], i))
        if op == "jal" and args[0] == "x1" and args[1].startswith("rand_fn"):
            found.add("call")
            if fn is not None:
                found.add("nested_call")
        if op == "jalr" and args[0] == "x1" and i and re.match(r"la x29, rand_fn", lines[i - 1]):
            found.add("indirect_call")
        if op == "jalr" and args[0] == "x0" and i and lines[i - 1].startswith("add x29, x29"):
            found.add("jump_table")
        if op == "fence.i" and i >= 2 and lines[i - 1].startswith("sw x27, 0(x29)") \
                and any(x.startswith("la x29, rand_slot") for x in lines[i - 3:i]):
            found.add("smc_fence_i")
        if op == "li" and re.match(r"-?(0x[0-9a-f]+|\d+)$", args[1]):
            last_li[args[0]] = int(args[1], 0) & 0xFFFFFFFF
        if op == "csrw" and len(args) == 2 and re.match(r"0x[0-9a-f]+$", args[0]):
            csr, value = int(args[0], 16), last_li.get(args[1])
            if value is None:
                continue
            if a["Mhpmevent3"] <= csr < a["Mhpmevent3"] + 29:
                if (value >> s["threshold"]) & 0xF:
                    found.add("event_threshold")
                if (value >> s["invert"]) & 1:
                    found.add("event_invert")
                if (value >> s["edge"]) & 1:
                    found.add("event_edge")
            if csr == a["Mcountinhibit"] and value:
                found.add("mcountinhibit")
            if (a["Mhpmcounter3"] | facts["high"]) <= csr < (a["Mhpmcounter3"] | facts["high"]) + 29 \
                    and value == 0xFFFFFFFF:
                found.add("counter_preset")
    if any(o[0] < n[0] and n[1] < o[1] for o in loops for n in loops):
        found.add("nested_loop")
    m = re.search(r"footprint=(\d+)", text)
    if m and int(m[1]) > l2_bytes():
        found.add("footprint_beyond_l2")
    return found


STATIC = ["backward_branch", "nested_loop", "call", "nested_call", "indirect_call", "jump_table",
          "smc_fence_i", "event_threshold", "event_invert", "event_edge", "mcountinhibit",
          "counter_preset", "footprint_beyond_l2"]


def seed_run(base: Path, seed: int, errors: list[str], widths: set[int],
             suffixes: tuple[str, ...] = (".S",)) -> tuple[list[str], dict] | None:
    """One seed's files (base + each suffix, then base.json) and its run's common checks: it
    exited 0 with lockstep and the PMU cross-check on; its dispatch width goes into `widths`.
    None (and one error) when a file is missing or unreadable."""
    try:
        texts = [base.with_suffix(sfx).read_text() for sfx in suffixes]
        report = json.loads(base.with_suffix(".json").read_text())
    except (OSError, ValueError) as e:
        errors.append(f"seed {seed}: {e}")
        return None
    run = report["runs"][0]
    cfg = run["config"]
    if not (run["status"]["exited"] and run["status"]["exit_code"] == 0):
        errors.append(f"seed {seed}: run did not exit 0: {run['status']}")
    if cfg.get("lockstep") is not True or cfg.get("crosscheck") != "on":
        errors.append(f"seed {seed}: lockstep {cfg.get('lockstep')}, "
                      f"cross-check {cfg.get('crosscheck')}")
    widths.add(cfg["core"]["dispatch_width"])
    return texts, run


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("seeds", type=int, nargs="+")
    args = ap.parse_args()
    facts = randprog.pmu_facts()
    found: set[str] = set()
    totals = dict.fromkeys(COUNTS, 0)
    widths = set()
    errors = []
    for seed in args.seeds:
        got_run = seed_run(args.dir / f"rand_{seed}", seed, errors, widths, (".S", ".log"))
        if got_run is None:
            continue
        (text, log), _ = got_run
        found |= static_features(text, facts)
        got = dict(re.findall(r"(\w+)=(\d+)", " ".join(
            ln for ln in log.splitlines() if ln.startswith("randprog: "))))
        for k in COUNTS:
            if k not in got:
                errors.append(f"seed {seed}: no count '{k}' in its console output")
            else:
                totals[k] += int(got[k])
    errors += [f"no program has {f}" for f in STATIC if f not in found]
    errors += [f"no run counted any {k}" for k in COUNTS if totals[k] == 0]
    if widths != {1, 2, 4}:
        errors.append(f"the runs cover dispatch widths {sorted(widths)}, not 1, 2 and 4")
    print("rand features: " + ", ".join(f"{k}={v}" for k, v in totals.items()))
    print("rand features: static " + ", ".join(sorted(found)))
    for e in errors:
        print(f"check_features: {e}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
