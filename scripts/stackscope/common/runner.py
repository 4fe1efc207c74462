"""The one runner: tasks and the back ends that run them, reuse of earlier results and the
workload manifest (docs/sweep.md).

Every batch of independent commands the project runs goes through here: `stackscope sweep`
(stackscope.sweep), `make validate` and `make flops` (stackscope.validate), `make synth`
(stackscope.synth) and `make papers` (stackscope.papers).

A Task is one command: an argument vector (never a shell string), the file it writes, and the
exit statuses that count as success. Running a task (run_task, the same code in a local pool
thread and in a Slurm array element through stackscope.common.worker) leaves `<state>/<key>.result.json`,
written atomically: {"status": "ok" | "failed", "reason": one line, "returncode", "seconds",
"host"}. A back end only starts tasks and waits; the outcome is read from the result files, so
a cluster without accounting gives the same answer.

Interrupted tasks (SIGINT: Ctrl-C on the sweep) leave no result file and run again on the
next invocation; a task killed otherwise (SIGTERM: scancel, a time limit) is recorded as
failed. Tasks whose result is ok are skipped when the sweep runs again; failed ones too,
unless retry_failed.

A Run is a command whose output file a study reads into a record (run_reports): with reuse, a
complete output newer than the binary and the program it ran is read instead of running again.
Python commands run as `python3 -m stackscope...` (python_argv) with the package on PYTHONPATH
(paths.python_env), in a local task and in a Slurm job alike.
"""
from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import shutil
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from .errors import StackScopeError
from .paths import MANIFEST, python_env

HERE = Path(__file__).resolve().parent
SIGNAL_NAMES = {2: "SIGINT", 9: "SIGKILL", 15: "SIGTERM"}


@dataclass
class Task:
    key: str                      # unique, file-name safe
    argv: list[str]
    output: str = ""              # the file the command writes (must exist after success)
    ok_codes: list[int] = field(default_factory=lambda: [0])
    label: str = ""               # shown in messages (default: key)
    stamp: str = ""               # a result with another stamp is stale (e.g. the model hash)
    cwd: str = ""
    log: bool = True              # keep stdout+stderr in <state>/<key>.log


class Interrupted(Exception):
    pass


def result_path(state: Path, key: str) -> Path:
    return Path(state) / f"{key}.result.json"


def write_json_atomic(path: Path, obj) -> None:
    path = Path(path)
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    with open(tmp, "w") as f:
        json.dump(obj, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def read_result(state: Path, task: Task) -> dict | None:
    try:
        r = json.loads(result_path(state, task.key).read_text())
    except (OSError, ValueError):
        return None
    if r.get("stamp", "") != task.stamp:
        return None
    if r.get("status") == "ok" and task.output and not os.path.exists(task.output):
        return None
    return r


SPDLOG_PREFIX = re.compile(r"^\[[0-9-]+ [0-9:.]+\] (\[[^\]]*\] )*")


def one_line(text: str) -> str:
    """The last line of a command's stderr, without a log prefix's time stamp (so the reason
    is the same whichever host or back end ran the command)."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return SPDLOG_PREFIX.sub("", lines[-1])[:300] if lines else "no message"


def run_task(task: Task, state: Path, procs: dict | None = None, stop: threading.Event | None = None) -> dict | None:
    """Runs one task and writes its result file; returns the result, or None if the task was
    interrupted (SIGINT) and must run again."""
    state = Path(state)
    if stop is not None and stop.is_set():
        return None
    t0 = time.time()
    logf = open(state / f"{task.key}.log", "w") if task.log else subprocess.DEVNULL
    try:
        try:
            p = subprocess.Popen(task.argv, stdin=subprocess.DEVNULL, stdout=logf,
                                 stderr=subprocess.PIPE, text=True, errors="replace",
                                 cwd=task.cwd or None, start_new_session=procs is not None,
                                 env=python_env())
        except OSError as e:
            res = {"status": "failed", "returncode": None,
                   "reason": f"cannot run {task.argv[0]}: {e.strerror}"}
        else:
            if procs is not None:
                procs[task.key] = p
                if stop is not None and stop.is_set():  # stopped while it started
                    os.killpg(p.pid, signal.SIGINT)
            err = p.communicate()[1]
            if procs is not None:
                procs.pop(task.key, None)
            if task.log:
                logf.write(err)
            rc = p.returncode
            if rc in (-2, 130) or (stop is not None and stop.is_set()):
                return None  # interrupted: no result, runs again
            if rc in task.ok_codes and (not task.output or os.path.exists(task.output)):
                res = {"status": "ok", "returncode": rc, "reason": ""}
            elif rc in task.ok_codes:
                res = {"status": "failed", "returncode": rc,
                       "reason": f"exit {rc} but no {os.path.basename(task.output)} written"}
            elif rc < 0 or rc in (137, 143):
                sig = -rc if rc < 0 else rc - 128
                res = {"status": "failed", "returncode": rc,
                       "reason": f"killed by {SIGNAL_NAMES.get(sig, f'signal {sig}')}"
                                 " (scancel, a time limit or preemption)"}
            else:
                res = {"status": "failed", "returncode": rc, "reason": f"exit {rc}: {one_line(err)}"}
    finally:
        if task.log:
            logf.close()
    res.update({"key": task.key, "stamp": task.stamp, "seconds": round(time.time() - t0, 3),
                "host": socket.gethostname()})
    write_json_atomic(result_path(state, task.key), res)
    return res


# ------------------------------------------------------------------------------ progress
class Progress:
    """done / failed / running and an estimated end, on stderr: one line rewritten in place
    on a terminal, a line per change (at most every 5 s) otherwise."""

    def __init__(self, total: int, slots: int, quiet: bool = False, name: str = "sweep"):
        self.total, self.slots, self.quiet, self.name = total, max(1, slots), quiet, name
        self.tty = sys.stderr.isatty()
        self.t0 = time.time()
        self.last, self.last_t = None, 0.0
        self.secs: list[float] = []

    def line(self, done: int, failed: int, running: int) -> str:
        left = self.total - done - failed
        eta = ""
        if self.secs and left:
            per = sum(self.secs) / len(self.secs)
            est = per * left / min(self.slots, max(1, left))
            eta = f", ETA {fmt_secs(est)}"
        elif not left:
            eta = f", {fmt_secs(time.time() - self.t0)}"
        return (f"{self.name}: {done}/{self.total} done, {failed} failed, {running} running"
                f"{eta}")

    def show(self, done: int, failed: int, running: int, force: bool = False) -> None:
        if self.quiet:
            return
        s = self.line(done, failed, running)
        now = time.time()
        if self.tty:
            sys.stderr.write("\r" + s.ljust(78)[:200] + ("\n" if force else ""))
            sys.stderr.flush()
        elif force or (s != self.last and now - self.last_t >= 5):
            print(s, file=sys.stderr, flush=True)
            self.last_t = now
        self.last = s


def fmt_secs(s: float) -> str:
    s = int(round(s))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


def plan(tasks: list[Task], state: Path, retry_failed: bool) -> tuple[list[Task], dict]:
    """Splits tasks into those to run and the results kept from earlier invocations."""
    todo, kept = [], {}
    for t in tasks:
        r = read_result(state, t)
        if r is not None and (r["status"] == "ok" or not retry_failed):
            kept[t.key] = r
        else:
            todo.append(t)
    return todo, kept


# ------------------------------------------------------------------------------ local
def run_local(tasks: list[Task], state: Path, jobs: int, retry_failed: bool = False,
              quiet: bool = False, name: str = "sweep") -> dict:
    """Runs the tasks on a pool of `jobs` processes. Returns key -> result. Ctrl-C (SIGINT)
    or SIGTERM stops the running commands, keeps what finished and raises Interrupted."""
    state = Path(state)
    state.mkdir(parents=True, exist_ok=True)
    todo, results = plan(tasks, state, retry_failed)
    prog = Progress(len(tasks), jobs, quiet, name)
    counts = lambda: (sum(r["status"] == "ok" for r in results.values()),
                      sum(r["status"] != "ok" for r in results.values()))
    procs: dict = {}
    stop = threading.Event()
    lock = threading.Lock()
    queue = list(reversed(todo))
    running = [0]
    n_workers = max(1, min(jobs, len(todo)))
    alive = [n_workers]  # workers not yet returned (counted by hand: Thread.join interrupted by
    #                      Ctrl-C can report a live thread as finished)

    def worker():
        try:
            while not stop.is_set():
                with lock:
                    if not queue:
                        return
                    t = queue.pop()
                    running[0] += 1
                try:
                    r = run_task(t, state, procs, stop)
                finally:
                    with lock:
                        running[0] -= 1
                if r is not None:
                    with lock:
                        results[t.key] = r
                        if r["status"] == "ok":
                            prog.secs.append(r["seconds"])
        finally:
            with lock:
                alive[0] -= 1

    def stop_all():
        for p in list(procs.values()):
            try:
                os.killpg(p.pid, signal.SIGINT)  # stackscope run leaves no output on SIGINT
            except (ProcessLookupError, PermissionError):
                pass

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(n_workers)]
    old_term = signal.getsignal(signal.SIGTERM)

    def on_term(signum, frame):
        raise KeyboardInterrupt
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, on_term)
    try:
        for th in threads:
            th.start()
        while alive[0] > 0:
            prog.show(*counts(), running[0])
            time.sleep(0.2)
        prog.show(*counts(), 0, force=True)
    except KeyboardInterrupt:
        stop.set()
        while alive[0] > 0:  # every command stopped and waited for, whatever more signals come
            try:
                stop_all()
                time.sleep(0.05)
            except KeyboardInterrupt:
                pass
        prog.show(*counts(), 0, force=True)
        raise Interrupted()
    finally:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, old_term)
    return results


# ------------------------------------------------------------------------------ slurm
SLURM_SCRIPT = HERE / "slurm_job.sh"
WORKER = "stackscope.common.worker"


@dataclass
class SlurmOptions:
    partition: str = ""
    account: str = ""
    time: str = ""               # per point, e.g. 00:30:00
    build_time: str = "02:00:00"
    mem: str = ""                # per point, e.g. 2G
    extra: list[str] = field(default_factory=list)  # more sbatch options, one per element
    max_running: int = 0         # %N: array elements running at once (0: no limit)
    array_chunk: int = 1000      # elements per array (a cluster's MaxArraySize - 1)
    poll: float = 2.0
    dry_run: bool = False

    def common(self) -> list[str]:
        o = []
        if self.partition:
            o.append(f"--partition={self.partition}")
        if self.account:
            o.append(f"--account={self.account}")
        return o + list(self.extra)


def _run(argv: list[str], env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          errors="replace", env=env)


def sbatch(argv_opts: list[str], command: list[str], opts: SlurmOptions, submitted: list) -> str:
    """Submits `command` (an argument vector, run by slurm_job.sh as given) and returns the
    job id. In a dry run, records the sbatch argument vector and returns a placeholder id."""
    argv = ["sbatch", "--parsable", *opts.common(), *argv_opts, str(SLURM_SCRIPT), *command]
    if opts.dry_run:
        submitted.append(argv)
        return f"<job{len(submitted)}>"
    r = _run(argv, python_env())  # the job gets sbatch's environment: the package importable
    if r.returncode != 0:
        raise RuntimeError(f"sbatch failed: {one_line(r.stderr)}")
    jid = r.stdout.strip().split(";")[0]
    submitted.append(argv)
    return jid


def live_jobs(ids: list[str]) -> int | None:
    """Number of the jobs (array elements counted one by one) that squeue still lists as
    pending or running; None if squeue cannot tell."""
    r = _run(["squeue", "-h", "-r", "-o", "%i %T", f"--jobs={','.join(ids)}"])
    if r.returncode != 0:
        if "Invalid job id" in r.stderr:
            return 0
        return None
    return sum(1 for ln in r.stdout.splitlines()
               if ln.split() and ln.split()[-1] not in ("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT"))


def running_jobs(ids: list[str]) -> int:
    r = _run(["squeue", "-h", "-r", "-t", "RUNNING", "-o", "%i", f"--jobs={','.join(ids)}"])
    return len(r.stdout.split()) if r.returncode == 0 else 0


def sacct_states(ids: list[str]) -> dict[str, str]:
    """array element id (JOB_IDX) -> state, where the cluster keeps accounting; {} otherwise."""
    r = _run(["sacct", "-n", "-P", "-X", "-o", "JobID,State,ExitCode", f"--jobs={','.join(ids)}"])
    if r.returncode != 0:
        return {}
    out = {}
    for ln in r.stdout.splitlines():
        f = ln.split("|")
        if len(f) >= 3:
            out[f[0]] = f"{f[1]} (exit code {f[2]})"
    return out


def scancel(ids: list[str]) -> None:
    if ids:
        _run(["scancel", *ids])


def run_slurm(tasks: list[Task], state: Path, opts: SlurmOptions, builds: list[Task] = (),
              final: Task | None = None, retry_failed: bool = False, quiet: bool = False,
              name: str = "sweep", on_submit=None) -> dict:
    """Submits `builds` (one job each), the tasks as job arrays depending on the builds, and
    `final` (the merge) as a job depending on the arrays; waits for them all. Returns key ->
    result for the tasks (and final). The sbatch argument vectors are in the result under
    "__submitted__"."""
    state = Path(state)
    state.mkdir(parents=True, exist_ok=True)
    logs = state / "slurm"
    logs.mkdir(exist_ok=True)
    todo, results = plan(tasks, state, retry_failed)
    submitted: list = []
    ids: list[str] = []
    build_ids: list[str] = []
    py = python_argv(WORKER)
    for b in builds:
        b_file = state / f"{b.key}.task.json"
        write_json_atomic(b_file, asdict(b))
        jid = sbatch([f"--job-name={name}-build", f"--output={logs}/%j.out", "--cpus-per-task=2",
                      *([f"--time={opts.build_time}"] if opts.build_time else [])],
                     py + [str(state), str(b_file)], opts, submitted)
        build_ids.append(jid)
    dep = [f"--dependency=afterok:{':'.join(build_ids)}", "--kill-on-invalid-dep=yes"] if build_ids else []
    arrays = []
    for c0 in range(0, len(todo), opts.array_chunk):
        chunk = todo[c0:c0 + opts.array_chunk]
        tfile = state / f"tasks.{c0 // opts.array_chunk}.json"
        write_json_atomic(tfile, [asdict(t) for t in chunk])
        arr = f"0-{len(chunk) - 1}" + (f"%{opts.max_running}" if opts.max_running else "")
        jid = sbatch([f"--job-name={name}", f"--array={arr}", f"--output={logs}/%A_%a.out",
                      "--cpus-per-task=1", *([f"--time={opts.time}"] if opts.time else []),
                      *([f"--mem={opts.mem}"] if opts.mem else []), *dep],
                     py + [str(state), str(tfile)], opts, submitted)
        arrays.append((jid, chunk))
    ids = build_ids + [a[0] for a in arrays]
    final_id = None
    if final is not None:
        result_path(state, final.key).unlink(missing_ok=True)  # this invocation's merge only
        f_file = state / f"{final.key}.task.json"
        write_json_atomic(f_file, asdict(final))
        fdep = [f"--dependency=afterany:{':'.join(a[0] for a in arrays)}"] if arrays else []
        final_id = sbatch([f"--job-name={name}-merge", f"--output={logs}/%j.out",
                           "--cpus-per-task=1", *fdep], py + [str(state), str(f_file)], opts, submitted)
        ids.append(final_id)
    if on_submit:
        on_submit(submitted)
    if opts.dry_run:
        return {"__submitted__": submitted}

    prog = Progress(len(tasks), max(1, len(todo)), quiet, name)
    try:
        while True:
            live = live_jobs(ids)
            now = {t.key: r for t in todo if (r := read_result(state, t)) is not None}
            merged = {**results, **now}
            ok = sum(r["status"] == "ok" for r in merged.values())
            prog.secs = [r["seconds"] for r in now.values() if r["status"] == "ok"]
            prog.show(ok, len(merged) - ok, running_jobs(ids))
            if live == 0:
                break
            time.sleep(opts.poll)
    except KeyboardInterrupt:
        scancel(ids)
        raise Interrupted()
    # What squeue no longer lists has ended: a task without a result file never ran to its end.
    states = {}
    for jid, chunk in arrays:
        states.update(sacct_states([jid]))
    for jid, chunk in arrays:
        for i, t in enumerate(chunk):
            r = read_result(state, t)
            if r is None:
                why = states.get(f"{jid}_{i}")
                r = {"key": t.key, "status": "failed", "returncode": None, "stamp": t.stamp,
                     "seconds": 0.0, "host": "",
                     "reason": (f"Slurm job {jid}_{i} ended without a result: {why}" if why else
                                f"Slurm job {jid}_{i} ended without a result (cancelled, a failed "
                                "model build, time limit or lost node)")}
                write_json_atomic(result_path(state, t.key), r)
            results[t.key] = r
    ok = sum(r["status"] == "ok" for r in results.values())
    prog.show(ok, len(results) - ok, 0, force=True)
    if final is not None:
        fr = read_result(state, final)
        results[final.key] = fr or {"status": "failed", "reason": f"merge job {final_id} left no result"}
    results["__submitted__"] = submitted
    return results


# ------------------------------------------------------------------------------ front ends
def add_backend_args(ap) -> None:
    """--backend and the slurm options, the same in `stackscope sweep`, validate.py, synth.py
    and flops_study.py (docs/sweep.md "On a cluster")."""
    ap.add_argument("--backend", choices=("local", "slurm"), default="local",
                    help="local: a process pool of -j (default); slurm: a job array (sbatch)")
    s = ap.add_argument_group("slurm back end")
    s.add_argument("--partition", default="")
    s.add_argument("--account", default="")
    s.add_argument("--time", default="", help="time limit per task (sbatch --time)")
    s.add_argument("--build-time", default="02:00:00", help="time limit per model build")
    s.add_argument("--mem", default="", help="memory per task (sbatch --mem)")
    s.add_argument("--sbatch-opt", action="append", default=[],
                   help="another sbatch option, one per use (e.g. --sbatch-opt=--qos=short)")
    s.add_argument("--max-running", type=int, default=0, help="array elements at once (%%N)")
    s.add_argument("--array-chunk", type=int, default=1000,
                   help="tasks per job array (below the cluster's MaxArraySize)")


def slurm_options(a, dry: bool = False) -> SlurmOptions:
    return SlurmOptions(partition=a.partition, account=a.account, time=a.time,
                        build_time=a.build_time, mem=a.mem, extra=list(a.sbatch_opt),
                        max_running=a.max_running, array_chunk=max(1, a.array_chunk), dry_run=dry)


def run_tasks(tasks: list[Task], state: Path, a, jobs: int, retry_failed: bool = False,
              quiet: bool = False, name: str = "sweep") -> dict:
    """The tasks on the back end `a.backend` chose; key -> result."""
    if a.backend == "slurm":
        res = run_slurm(tasks, state, slurm_options(a), retry_failed=retry_failed, quiet=quiet, name=name)
        res.pop("__submitted__", None)
        return res
    return run_local(tasks, state, jobs, retry_failed, quiet, name)


def python_argv(module: str, *args: str) -> list[str]:
    """The argument vector that runs module of this package with this interpreter."""
    return [sys.executable, "-m", module, *args]


# ------------------------------------------------------------------------------ manifest
def load_manifest(path: str | Path = MANIFEST, group: str = "workloads") -> list[dict]:
    """The entries of group ("workloads": the integer suite, "fp_workloads": the RV32F one) of
    the workload manifest (sw/workloads.json)."""
    try:
        with open(path) as f:
            entries = json.load(f)[group]
        if not all(isinstance(w, dict) and isinstance(w["name"], str) for w in entries):
            raise ValueError(f"an entry of {group} without a name")
        return entries
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise StackScopeError(f"{path}: cannot read the workload manifest ({e})") from None


# ------------------------------------------------------------------------------ runs and reuse
@dataclass
class Run:
    """One command of a study whose output file is read into a record. read(output) raises
    OSError, ValueError, KeyError or TypeError on a file it cannot read; the record has
    "complete", "reason" and "elf" (the program the run ran). accept(record) says whether an
    existing record is the one this run would write (its options, say)."""
    key: tuple
    argv: list[str]
    output: str
    read: Callable[[str], dict]
    accept: Callable[[dict], bool] = lambda rec: True
    ok_codes: list[int] = field(default_factory=lambda: [0])

    @property
    def name(self) -> str:
        return ".".join(self.key)


READ_ERRORS = (OSError, ValueError, KeyError, TypeError)


def reused(run: Run) -> dict | None:
    """The record of run's existing complete output when it is newer than the binary
    (argv[0]) and the program it ran (as make would judge it), else None (stale, broken or
    missing: run again)."""
    if not os.path.exists(run.output):
        return None
    try:
        rec = run.read(run.output)
        mtime = os.path.getmtime(run.output)
        if (all(os.path.getmtime(x) <= mtime for x in (run.argv[0], rec["elf"]))
                and rec["complete"] and run.accept(rec)):
            return rec
    except READ_ERRORS:
        pass
    return None


def record_of(run: Run, res: dict | None) -> tuple[dict | None, str | None]:
    """(record, None) of a run that ended well, else (None, the reason)."""
    if res is None:
        return None, "not run (interrupted)"
    if res["status"] != "ok":
        return None, res["reason"]
    try:
        rec = run.read(run.output)
    except READ_ERRORS as e:
        return None, f"unreadable report: {e}"
    if not rec["complete"]:
        return None, f"incomplete run: {rec['reason']}"
    return rec, None


def run_reports(runs: list[Run], out: str | Path, a, name: str) -> tuple[dict, dict]:
    """Runs the runs on the back end of a (a.backend, a.jobs; a.reuse: reused() first), their
    runner state under out/.runner afresh. Returns (key -> record, key -> failure reason)."""
    recs, fails, todo = {}, {}, []
    for r in runs:
        rec = reused(r) if a.reuse else None
        if rec is not None:
            recs[r.key] = rec
        else:
            todo.append(r)
    # Each invocation runs its runs afresh (reuse is the way to keep reports): the runner's
    # result files start empty.
    state = Path(out) / ".runner"
    shutil.rmtree(state, ignore_errors=True)
    tasks = [Task(key=r.name, argv=r.argv, output=r.output, ok_codes=r.ok_codes, log=False)
             for r in todo]
    try:
        res = run_tasks(tasks, state, a, a.jobs, quiet=True, name=name)
    except RuntimeError as e:
        raise StackScopeError(str(e)) from None
    for r in todo:
        rec, fail = record_of(r, res.get(r.name))
        if fail:
            fails[r.key] = fail
        else:
            recs[r.key] = rec
    return recs, fails


def add_run_args(ap, reuse_what: str = "a report") -> None:
    """-j, --reuse and the back end's options of a study's command line."""
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel runs (default 2)")
    ap.add_argument("--reuse", action="store_true",
                    help=f"reuse {reuse_what} of an earlier run (complete, newer than the binary "
                         "and the program) instead of running it again")
    add_backend_args(ap)  # --backend slurm: the runs as a Slurm job array (docs/sweep.md)


# ------------------------------------------------------------------------------ one run's report
def run_json(cmd: list[str], out: str | Path | None = None) -> tuple[dict, subprocess.CompletedProcess]:
    """One `stackscope run` (an argument vector, no shell) with `--json OUT` added (a temporary
    file when out is None): its JSON report (docs/report.md) and the finished process. A failed
    run or one that writes no report raises StackScopeError (exit 1; the message has the run's
    stderr's tail, not the command)."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(out) if out is not None else Path(tmp) / "report.json"
        r = subprocess.run([*cmd, "--json", str(path)], stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, check=False)
        if r.returncode != 0:
            raise StackScopeError(f"run failed (exit {r.returncode}):\n{r.stderr[-3000:]}", 1)
        try:
            return json.loads(path.read_text()), r
        except (OSError, ValueError) as e:
            raise StackScopeError(f"no JSON report: {e}", 1) from e


def run_report(cmd: list[str]) -> tuple[dict, subprocess.CompletedProcess]:
    """run_json's first run of the report (the checks that read one run's figures)."""
    rep, r = run_json(cmd)
    try:
        return rep["runs"][0], r
    except (KeyError, IndexError, TypeError) as e:
        raise StackScopeError(f"no JSON report: a report without runs ({e})", 1) from e
