"""One `stackscope run` with its JSON report (docs/report.md), for the checks that read a run's
figures from the report rather than from its log: tests/report/json_expect.py and
tests/pmu/soc/stack_check.py, ideal_check.py."""
import json
import subprocess
import tempfile
from pathlib import Path


class RunFailed(Exception):
    """The run failed or wrote no report; the message says which (with the run's stderr)."""


def run_report(cmd: list[str]) -> tuple[dict, subprocess.CompletedProcess]:
    """Runs CMD with `--json FILE` added: the report's first run, and the finished process."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        r = subprocess.run([*cmd, "--json", str(out)], capture_output=True, text=True, check=False)
        if r.returncode != 0:
            raise RunFailed(f"run failed (exit {r.returncode}):\n{r.stderr[-3000:]}")
        try:
            return json.loads(out.read_text())["runs"][0], r
        except (OSError, ValueError, KeyError, IndexError) as e:
            raise RunFailed(f"no JSON report: {e}") from e
