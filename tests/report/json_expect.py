#!/usr/bin/env python3
"""Checks figures of a `stackscope run` in its JSON report (docs/report.md), not in its log.

json_expect.py CHECK... -- CMD...

CMD (a single-workload `stackscope run`) runs with `--json FILE` added and must exit 0; the
checks are on the report's one run (runs[0]), each naming a field by its dotted path:
  PATH=VALUE      the field equals VALUE, read as JSON (true, 3, "complete")
  PATH=LO..HI     the field is a number in [LO, HI]; either bound may be left out
Prints each field checked; exit 0 if all hold, 1 otherwise (or if the run failed).
"""
import json
import sys

from stackscope.common.errors import StackScopeError
from stackscope.common.runner import run_report


def field(run: dict, path: str):
    v = run
    for key in path.split("."):
        if not isinstance(v, dict) or key not in v:
            raise KeyError(path)
        v = v[key]
    return v


def holds(value, want: str) -> bool:
    if ".." in want:
        lo, hi = want.split("..", 1)
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and (not lo or value >= float(lo)) and (not hi or value <= float(hi)))
    return value == json.loads(want)


def main(argv: list[str]) -> int:
    if "--" not in argv or argv.index("--") == 0 or argv.index("--") == len(argv) - 1:
        print(__doc__.splitlines()[2])
        return 1
    sep = argv.index("--")
    checks, cmd = argv[:sep], argv[sep + 1:]
    try:
        run, _ = run_report(cmd)
    except StackScopeError as e:
        print(f"{' '.join(cmd)}: {e}")
        return 1
    ok = True
    for c in checks:
        path, want = c.split("=", 1)
        try:
            value = field(run, path)
        except KeyError:
            print(f"FAIL: no field {path} in the report")
            ok = False
            continue
        good = holds(value, want)
        print(f"{path} = {json.dumps(value)} ({'ok' if good else 'FAIL'}: want {want})")
        ok = ok and good
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
