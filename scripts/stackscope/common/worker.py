"""One Slurm job of a runner: `python3 -m stackscope.common.worker STATE TASKS.json` runs element $SLURM_ARRAY_TASK_ID of
the task list (a job array), or the single task of a .task.json file (a build or the merge),
through runner.run_task, which writes the task's result file in STATE. A SIGTERM (scancel,
time limit) is passed to the command, which is then recorded as killed."""
import json
import os
import signal
import sys
from pathlib import Path

from .runner import Task, run_task


def main() -> int:
    state, tfile = Path(sys.argv[1]), Path(sys.argv[2])
    data = json.loads(tfile.read_text())
    if isinstance(data, list):
        data = data[int(os.environ["SLURM_ARRAY_TASK_ID"])]
    task = Task(**data)
    procs: dict = {}

    def forward(signum, frame):
        for p in list(procs.values()):
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    signal.signal(signal.SIGTERM, forward)
    r = run_task(task, state, procs)
    return 0 if r is not None and r["status"] == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
