#!/usr/bin/env python3
"""check_ci_partners.py CTEST BUILD_DIR TEST=PARTNER[,PARTNER...]...

CI (`make test` with CI=true) leaves out the ctests labelled `long`. Some workload runs are
left out because other ctests repeat them with lockstep and the PMU cross-check on
(tests/core/CMakeLists.txt, core_ci_long_default). For each TEST=PARTNERS pair this checks,
from `CTEST --show-only` of BUILD_DIR, that TEST is labelled long and that every PARTNER exists and is
not, so the run stays in CI through its partner. Exit 0 if all hold, 1 otherwise.
"""
import json
import subprocess
import sys


def main(argv: list[str]) -> int:
    if len(argv) < 3 or any("=" not in a for a in argv[2:]):
        print("usage: check_ci_partners.py CTEST BUILD_DIR TEST=PARTNER[,PARTNER...]...")
        return 2
    res = subprocess.run([argv[0], "--test-dir", argv[1], "--show-only=json-v1"],
                         capture_output=True, text=True, check=False)
    if res.returncode != 0:
        print(f"FAIL: ctest --show-only failed: {res.stderr.strip()[-300:]}")
        return 1
    labels = {}
    for t in json.loads(res.stdout)["tests"]:
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        labels[t["name"]] = props.get("LABELS", [])
    fails = 0
    for pair in argv[2:]:
        test, partners = pair.split("=", 1)
        if test not in labels:
            print(f"FAIL: {test} is not a ctest")
            fails += 1
        elif "long" not in labels[test]:
            print(f"FAIL: {test} is listed as left out of CI but is not labelled long")
            fails += 1
        for p in partners.split(","):
            if p not in labels:
                print(f"FAIL: {test}: its partner {p} is not a ctest")
                fails += 1
            elif "long" in labels[p]:
                print(f"FAIL: {test}: its partner {p} is labelled long, so CI runs neither")
                fails += 1
            else:
                print(f"ok: {test} runs in CI as {p}")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
