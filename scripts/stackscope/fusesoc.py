"""Check that every fileset of fusesoc.core lists exactly the files of its rtl/*/*.f lists.

The .f lists drive Verilator and lint; fusesoc.core is for users' flows. One mismatch line
per difference and exit 1, so a file added to one and not the other cannot go unnoticed.
The lists are read by stackscope.rtl_files (a file reached twice is an error here too).
The command line is scripts/check_fusesoc.py.
"""
import re
import sys

from . import rtl_files
from .common.errors import StackScopeError
from .common.paths import ROOT

# fileset -> the .f lists it mirrors, minus files that belong to an earlier fileset
MAPPING = [("files_pmu", [rtl_files.PROBE, "rtl/pmu/pmu.f"]),
           ("files_core", [rtl_files.PROBE, "rtl/core/core.f"]),
           ("files_soc", ["rtl/top/soc.f"]), ("files_fpga", ["rtl/fpga/fpga.f"])]


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


def main(argv=None):
    sets = filesets((ROOT / "fusesoc.core").read_text())
    seen, errors = set(), []
    for fileset, lists in MAPPING:
        try:
            listed = [str(p.relative_to(ROOT)) for p in rtl_files.read(*lists)]
        except StackScopeError as e:
            errors.append(str(e))
            continue
        want = [f for f in listed if f not in seen]
        got = sets.get(fileset, [])
        if want != got:
            errors.append(f"fusesoc.core {fileset} {got} != {' + '.join(lists)} {want}")
        seen.update(listed)
    for e in errors:
        print(e, file=sys.stderr)
    return 1 if errors else 0
