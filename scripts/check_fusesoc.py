#!/usr/bin/env python3
"""Check that every fileset of fusesoc.core lists exactly the files of its rtl/*/*.f list.

The .f lists drive Verilator and lint; fusesoc.core is for users' flows. One mismatch line
per difference and exit 1, so a file added to one and not the other cannot go unnoticed.
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# fileset -> the .f list it mirrors, minus files that belong to an earlier fileset
MAPPING = [("files_pmu", "rtl/pmu/pmu.f"), ("files_core", "rtl/core/core.f"),
           ("files_soc", "rtl/top/soc.f"), ("files_fpga", "rtl/fpga/fpga.f")]


def filesets(text):
    sets, current = {}, None
    for line in text.splitlines():
        head = re.match(r"^  (\w+):\s*$", line)
        if head:
            current = head.group(1)
            sets[current] = []
            continue
        item = re.match(r"^\s+- (rtl/\S+\.sv)\s*$", line)
        if item and current:
            sets[current].append(item.group(1))
    return sets


def main():
    sets = filesets((ROOT / "fusesoc.core").read_text())
    seen, errors = set(), []
    for fileset, flist in MAPPING:
        listed = [l.strip() for l in (ROOT / flist).read_text().splitlines()
                  if l.strip().endswith(".sv")]
        want = [f for f in listed if f not in seen]
        got = sets.get(fileset, [])
        if want != got:
            errors.append(f"fusesoc.core {fileset} {got} != {flist} {want}")
        seen.update(listed)
    for e in errors:
        print(e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
