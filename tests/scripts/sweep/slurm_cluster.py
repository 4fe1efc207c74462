"""A single-node Slurm owned by a test (tests/scripts/sweep): munged, slurmctld and slurmd started
from Debian's slurm-wlm and munge with every file (key, socket, slurm.conf, state, spool,
logs, pid files) under one temporary directory, and stopped by their pid files.

    with SlurmCluster(tmpdir) as c:      # sets SLURM_CONF in os.environ while it runs
        ...sbatch / squeue / scancel...

ROOT and its parents must be searchable by the munge user. No systemd: the daemons are started directly, munged as the munge user, the Slurm daemons as
root (SlurmUser=root); ports are free ones found on localhost. Accounting is off
(accounting_storage/none), so the sweep must read outcomes from its result files.
"""
from __future__ import annotations

import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(argv, **kw):
    return subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, **kw)


class SlurmCluster:
    def __init__(self, root: Path, cpus: int | None = None):
        self.root = Path(root)
        self.cpus = cpus or os.cpu_count() or 1
        self.host = socket.gethostname().split(".")[0]
        self.pids: dict[str, Path] = {}
        self.old_conf = None

    # ------------------------------------------------------------------ files
    def _layout(self):
        r = self.root
        self.munge_dir = r / "munge"
        for d in ("munge", "ctld", "spool", "log"):
            (r / d).mkdir(parents=True, exist_ok=True)
        os.chmod(r, 0o755)  # munged (as munge) must reach its directory
        mu = pwd.getpwnam("munge")
        os.chown(self.munge_dir, mu.pw_uid, mu.pw_gid)
        os.chmod(self.munge_dir, 0o755)  # munged wants the socket directory searchable by all
        self.key = self.munge_dir / "munge.key"
        if not self.key.exists():
            r_ = run(["mungekey", "--create", "--keyfile", str(self.key)])
            if r_.returncode != 0:  # older munge: 1 KiB of random bytes
                self.key.write_bytes(os.urandom(1024))
        os.chown(self.key, mu.pw_uid, mu.pw_gid)
        os.chmod(self.key, 0o600)
        self.socket = self.munge_dir / "munge.socket"
        self.conf = r / "slurm.conf"
        self.conf.write_text("\n".join([
            "# written by tests/scripts/sweep/slurm_cluster.py: a single-node cluster for one test",
            "ClusterName=sstest",
            f"SlurmctldHost={self.host}(127.0.0.1)",
            f"SlurmctldPort={free_port()}",
            f"SlurmdPort={free_port()}",
            "SlurmUser=root", "SlurmdUser=root",
            "AuthType=auth/munge", "CredType=cred/munge",
            f"AuthInfo=socket={self.socket}",
            f"StateSaveLocation={r / 'ctld'}",
            f"SlurmdSpoolDir={r / 'spool'}",
            f"SlurmctldPidFile={r / 'slurmctld.pid'}",
            f"SlurmdPidFile={r / 'slurmd.pid'}",
            f"SlurmctldLogFile={r / 'log/slurmctld.log'}",
            f"SlurmdLogFile={r / 'log/slurmd.log'}",
            "ProctrackType=proctrack/linuxproc", "TaskPlugin=task/none",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "SelectType=select/cons_tres", "SelectTypeParameters=CR_CPU",
            "SchedulerType=sched/builtin", "MpiDefault=none",
            "ReturnToService=2", "SlurmdParameters=config_overrides",
            "KillWait=5", "MinJobAge=300", "MaxArraySize=1001",
            "SchedulerParameters=batch_sched_delay=0,sched_min_interval=0",
            f"NodeName={self.host} NodeAddr=127.0.0.1 CPUs={self.cpus} State=UNKNOWN",
            f"PartitionName=test Nodes={self.host} Default=YES MaxTime=INFINITE State=UP",
        ]) + "\n")

    # ------------------------------------------------------------------ daemons
    def _start(self, name: str, argv: list[str], pidfile: Path, env: dict | None = None):
        r = run(argv, env=env)
        if r.returncode != 0:
            raise RuntimeError(f"{name} did not start: {(r.stderr or r.stdout).strip()[-400:]}")
        for _ in range(100):
            if pidfile.exists() and pidfile.read_text().strip():
                self.pids[name] = pidfile
                return
            time.sleep(0.1)
        raise RuntimeError(f"{name} wrote no pid file {pidfile}")

    def start(self):
        for tool in ("munged", "slurmctld", "slurmd", "sbatch", "runuser"):
            if not shutil.which(tool):
                raise RuntimeError(f"{tool} not found (scripts/install-deps.sh installs slurm-wlm, munge)")
        self._layout()
        m = self.munge_dir
        self._start("munged", ["runuser", "-u", "munge", "--", "munged", "--key-file", str(self.key),
                               "--socket", str(self.socket), "--pid-file", str(m / "munged.pid"),
                               "--log-file", str(m / "munged.log"), "--seed-file", str(m / "munged.seed")],
                    m / "munged.pid")
        self.old_conf = os.environ.get("SLURM_CONF")
        os.environ["SLURM_CONF"] = str(self.conf)
        self._start("slurmctld", ["slurmctld", "-f", str(self.conf), "-i"], self.root / "slurmctld.pid")
        self._start("slurmd", ["slurmd", "-f", str(self.conf)], self.root / "slurmd.pid")
        for _ in range(300):  # the node registers, then is idle
            r = run(["sinfo", "-h", "-N", "-o", "%T"])
            if r.returncode == 0 and r.stdout.strip().rstrip("*") in ("idle", "mixed", "allocated"):
                return self
            time.sleep(0.2)
        raise RuntimeError(f"the node did not come up: {r.stdout.strip()} {r.stderr.strip()} "
                           f"(logs in {self.root / 'log'})")

    def stop(self):
        """Stops the daemons by their pid files (slurmd, slurmctld, munged) and waits."""
        for name in ("slurmd", "slurmctld", "munged"):
            pf = self.pids.pop(name, None)
            if pf is None:
                continue
            try:
                pid = int(pf.read_text().split()[0])
                os.kill(pid, signal.SIGTERM)
            except (OSError, ValueError, IndexError):
                continue
            for _ in range(100):
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.1)
            else:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        if self.old_conf is None:
            os.environ.pop("SLURM_CONF", None)
        else:
            os.environ["SLURM_CONF"] = self.old_conf

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc):
        self.stop()
        return False
