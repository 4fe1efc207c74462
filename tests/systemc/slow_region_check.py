#!/usr/bin/env python3
"""The example platform (docs/systemc.md): sw/systemc/slow_region.elf on `stackscope-sc run`
with --platform default and --platform two-region. The program makes exactly LINES dependent
loads, each a line fill from memory, in the slow window; the two-region platform's slow target
annotates SLOW_EXTRA cycles more per access than the fast one (examples/systemc/two_region.cpp),
so the run must take LINES * SLOW_EXTRA cycles more (within 0.5 %: only the loads' order with
their neighbours can move a cycle or two), the same instructions, and the commit CPI stack must
put those cycles in dcache_mem (at least 95 % of them).

  slow_region_check.py STACKSCOPE_SC ELF
"""
import json
import subprocess
import sys
import tempfile
from pathlib import Path

LINES = 2048      # sw/systemc/slow_region.c
SLOW_EXTRA = 80   # examples/systemc/two_region.cpp kSlowExtra


def run(ss, elf, platform, tmp):
    out = Path(tmp) / f"{platform}.json"
    p = subprocess.run([ss, "run", elf, "--platform", platform, "--json", str(out)],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        sys.exit(f"{platform}: status {p.returncode}: {p.stderr.strip()}")
    return json.loads(out.read_text())["runs"][0]


def main():
    ss, elf = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        base, slow = run(ss, elf, "default", tmp), run(ss, elf, "two-region", tmp)
    extra = slow["cycles"] - base["cycles"]
    want = LINES * SLOW_EXTRA
    width = slow["config"]["core"]["commit_width"]
    mem_slots = (slow["counters"]["cpi"]["commit"]["dcache_mem"]
                 - base["counters"]["cpi"]["commit"]["dcache_mem"])
    n = slow["instructions"]
    print(f"default: {base['cycles']} cycles; two-region: {slow['cycles']} cycles; "
          f"{extra} more (expected {want}); commit dcache_mem +{mem_slots / width:.0f} cycles, "
          f"CPI {base['cycles'] / n:.3f} -> {slow['cycles'] / n:.3f}")
    ok = True
    if slow["instructions"] != base["instructions"]:
        print("FAIL: the instruction counts differ")
        ok = False
    if abs(extra - want) > 0.005 * want:
        print(f"FAIL: {extra} extra cycles, not {want} within 0.5 %")
        ok = False
    if mem_slots / width < 0.95 * extra:
        print(f"FAIL: dcache_mem at commit grew by {mem_slots / width:.0f} cycles of {extra}")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
