#!/usr/bin/env python3
"""sweep_model_rejected: `stackscope sweep SPEC` with a parameter set the Verilated core's own
parameter checks reject (tests/sweep/lq32.toml). Before stop 29 the model built, and every
point then failed as "exit 1: no message" (Verilator's exit on the failed initial assertion,
its message lost). Now the model build fails once, with the assertion's text, and each point
names it; the sweep exits non-zero. Usage: test_sweep_rejected.py BUILD SPEC.
"""
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sweeptest import check, finish, sweep, table  # noqa: E402


def main():
    build, spec = Path(sys.argv[1]), Path(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        r = sweep(build, spec, "--out", out, "-j", "1")
        check(r.returncode != 0, "the sweep exits non-zero")
        models = [json.loads(p.read_text()) for p in (out / "state").glob("model-*.result.json")]
        check(len(models) == 1, f"one model build: {len(models)}")
        for m in models:
            check(m["status"] == "failed", f"model build status {m['status']}")
            check("rejects its parameters" in m["reason"] and "LqEntries 32: at most" in m["reason"],
                  f"model reason: {m['reason']!r}")
        if check((out / "merged.json").exists(), "merged.json written"):
            rows = table(out)["rows"]
            check(len(rows) == 1, f"one point: {len(rows)}")
            for row in rows:
                check(row["status"] == "failed" and "LqEntries 32" in row["reason"],
                      f"point: {row['status']} {row['reason']!r}")
    return finish("sweep_model_rejected")


if __name__ == "__main__":
    sys.exit(main())
