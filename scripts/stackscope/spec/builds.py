"""The named builds of the SoC: each one Verilated model and its `stackscope` binary.

In the manner of Ibex's ibex_configs.yaml: one table of configurations, from which the emitters
(stackscope.gen.builds) write rtl/core/core_cfg_pkg.sv (one `core_cfg_t` localparam a build),
cmake/builds_gen.cmake (the model and binary targets), fusesoc.core's build defines and the
parameter table of docs/dev/core.md. The sweep's build table and the synthesis flow's parameter
defaults read this module.

PARAMS: every build-time parameter of the SoC, in core_pkg::core_cfg_t's field order, with its
default (the `default` build's value) and meaning. A field of core_cfg_t that core_cfg() derives
(RobW, NumPorts, ...) is not a parameter.
BUILDS: one entry a named build: its name (`stackscope sweep`'s `model = NAME`, the define
STACKSCOPE_BUILD_<NAME>), the SystemVerilog top it configures, the parameters that differ from
the defaults, and the label the docs show. Adding a build is one entry here and scripts/gen.py.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Param:
    name: str
    default: int
    meaning: str
    group: str = "core"  # core, memory (soc_mem's caches) or pmu (pmu_top)
    least: int = 1       # the smallest value a configuration may give it (0: an off switch)


@dataclass(frozen=True)
class Build:
    name: str
    top: str            # soc_top, or soc_fpga_top (its BRAM, UART and exit: docs/fpga.md; the
                        # build `fpga` only)
    params: dict = field(default_factory=dict)  # values that differ from PARAMS' defaults
    label: str = ""

    @property
    def suffix(self) -> str:
        """The binary's and the model target's suffix: "" for `default`, else _NAME."""
        return "" if self.name == "default" else f"_{self.name}"

    @property
    def binary(self) -> str:
        return f"stackscope{self.suffix}"

    @property
    def model(self) -> str:
        """The CMake target of the Verilated model (tb/harness/verilated.cmake)."""
        return f"soc_model{self.suffix}"

    @property
    def prefix(self) -> str:
        """The Verilated model's C++ class: Vsoc_top for the default build, Vsoc_NAME for
        another build of soc_top, Vsoc_NAME_top for a build of soc_fpga_top."""
        if self.top == "soc_fpga_top":
            return f"Vsoc_{self.name}_top"
        return "Vsoc_top" if self.name == "default" else f"Vsoc_{self.name}"

    @property
    def define(self) -> str:
        """The define that selects this build's core_cfg_t (core_cfg_pkg::CfgBuild)."""
        return f"STACKSCOPE_BUILD_{self.name.upper()}"

    @property
    def localparam(self) -> str:
        """Its localparam in core_cfg_pkg: CfgDefault, CfgW1, ..."""
        return "Cfg" + "".join(p[:1].upper() + p[1:] for p in self.name.split("_"))


PARAMS = [
    Param("FetchWidth", 2, "uops the front end offers per cycle (1..4)"),
    Param("DispatchWidth", 2, "renamed / dispatched per cycle (1..4, <= FetchWidth)"),
    Param("IssueWidth", 3, "uops started per cycle over all issue ports"),
    Param("NumAlu", 2, "ALU issue ports (1..4), all fed by the ALU RS; each has its own "
                       "write-back port"),
    Param("CommitWidth", 2, "committed per cycle (1..4)"),
    Param("RobEntries", 32, "power of 2, at most 64 (the probe's ROB index has 6 bits; "
                            "`cpi_spec` asserts it)"),
    Param("RsEntries", 8, "per RS class (ALU, branch, mul/div, LSU, FP)"),
    Param("LqEntries", 8, "load queue, power of 2; the index is the D-port tag, so at most 16 "
                          "(`core_pkg::DcTagW` = 5, the all-ones tag is the store's)"),
    Param("SqEntries", 8, "store queue including the store buffer, power of 2"),
    Param("SbEntries", 4, "committed stores not yet written, at most"),
    Param("PhysRegs", 64, "physical registers per register file, x and f (power of 2, > 32)"),
    Param("MulLatency", 3, "multiplier pipeline depth"),
    Param("FpUnits", 2, "pipelined FP units (`fpu_pipe`, latency 4), 1..4; plus one "
                        "`fpu_divsqrt`; the FLOPS stack's k"),
    Param("RfRam", 0, "register files in flip-flops (0) or RAM banks with a live-value table (1)",
          least=0),
    Param("IssueStage", 0, "select and wake-up in their own cycle, a register stage before "
                           "operand read and execute (1); docs/dev/core.md \"Issue stage\"",
          least=0),
    Param("LsqStage", 0, "registers after the AGU (into the LSQ and the ROB) and after the "
                         "load pick (into the D-port) (1); docs/dev/core.md \"LSQ stages\"",
          least=0),
    Param("GshareEntries", 1024, "gshare's 2-bit counters (front end)"),
    Param("BtbEntries", 64, "BTB entries (front end)"),
    Param("L1ISets", 128, "L1I sets (docs/dev/memory.md)", "memory"),
    Param("L1DSets", 128, "L1D sets", "memory"),
    Param("L2Sets", 256, "L2 sets", "memory"),
    Param("L2Ways", 8, "L2 ways", "memory"),
    Param("PmuSpecBlocks", 16, "speculative CPI blocks (docs/dev/pmu.md); unless given, "
                               "RobEntries / 2: one block per two ROB entries", "pmu", least=0),
    Param("PmuCntStore", 1, "stack-counter storage: 1 RAM + pending registers, 0 flip-flops "
                            "(docs/cost.md)", "pmu", least=0),
    Param("PmuSpecDrain", 1, "speculative blocks join their globals through the drain queue "
                             "(1) or all in their cycle (0)", "pmu", least=0),
    Param("PmuProbeStage", 0, "a register stage between the probe and the counting units "
                              "(1) (docs/cost.md)", "pmu", least=0),
]

BUILDS = [
    Build("default", "soc_top", {}, "2-wide (dispatch and commit 2, issue width 3), ROB 32"),
    Build("w1", "soc_top",
          {"FetchWidth": 1, "DispatchWidth": 1, "IssueWidth": 1, "NumAlu": 1, "CommitWidth": 1},
          "1-wide, one ALU"),
    Build("w4", "soc_top",
          {"FetchWidth": 4, "DispatchWidth": 4, "IssueWidth": 4, "NumAlu": 4, "CommitWidth": 4,
           "RobEntries": 64, "RsEntries": 16, "LqEntries": 16, "SqEntries": 16, "SbEntries": 8,
           "PhysRegs": 128},
          "4-wide, four ALUs, ROB 64"),
    # Small enough for the LFE5U-85F with the PMU and the caches (docs/fpga.md
    # "Configuration"): the predictor tables a quarter of the default's, register files in
    # distributed RAM, caches of 1 KiB (L1I, L1D) and 2 KiB (L2) in flip-flops, two speculative
    # CPI blocks and the probe register stage (docs/cost.md).
    Build("fpga", "soc_fpga_top",
          {"FetchWidth": 1, "DispatchWidth": 1, "IssueWidth": 1, "NumAlu": 1, "CommitWidth": 1,
           "RobEntries": 16, "RsEntries": 4, "LqEntries": 4, "SqEntries": 4, "SbEntries": 2,
           "FpUnits": 1, "BtbEntries": 16, "GshareEntries": 256, "RfRam": 1,
           "L1ISets": 16, "L1DSets": 16, "L2Sets": 16, "L2Ways": 4,
           "PmuSpecBlocks": 2, "PmuProbeStage": 1, "IssueStage": 1, "LsqStage": 1},
          "FPGA top: 1-wide, ROB 16, small caches, issue and LSQ stages"),
]

DEFAULTS = {p.name: p.default for p in PARAMS}


def resolve(overrides: dict) -> dict[str, int]:
    """The full parameter set of a configuration given by the values that differ from the
    defaults. PmuSpecBlocks follows RobEntries (RobEntries / 2) unless given. Raises KeyError
    naming an unknown parameter."""
    unknown = sorted(set(overrides) - set(DEFAULTS))
    if unknown:
        raise KeyError(unknown[0])
    p = dict(DEFAULTS)
    p.update({k: int(v) for k, v in overrides.items()})
    if "PmuSpecBlocks" not in overrides:
        p["PmuSpecBlocks"] = p["RobEntries"] // 2
    return p


def params_of(b: Build) -> dict[str, int]:
    return resolve(b.params)


def by_name(name: str) -> Build:
    for b in BUILDS:
        if b.name == name:
            return b
    raise KeyError(name)


def check() -> list[str]:
    """The table's static checks: one line a problem."""
    errs = []
    names = [b.name for b in BUILDS]
    if "default" not in names or BUILDS[0].name != "default":
        errs.append("the first build must be `default`")
    for n in sorted({n for n in names if names.count(n) > 1}):
        errs.append(f"build {n} is named twice")
    if [b.name for b in BUILDS if b.top == "soc_fpga_top"] != ["fpga"]:
        errs.append("soc_fpga_top elaborates core_cfg_pkg::CfgFpga: its one build is `fpga`")
    if DEFAULTS["PmuSpecBlocks"] != DEFAULTS["RobEntries"] // 2:
        errs.append("PmuSpecBlocks' default must be RobEntries' / 2")
    for b in BUILDS:
        if not b.name.replace("_", "").isalnum() or not b.name[:1].isalpha() \
                or b.name != b.name.lower():
            errs.append(f"build {b.name}: a name is lower-case letters, digits and _")
        if b.top not in ("soc_top", "soc_fpga_top"):
            errs.append(f"build {b.name}: top {b.top} is neither soc_top nor soc_fpga_top")
        for k, v in b.params.items():
            if k not in DEFAULTS:
                errs.append(f"build {b.name}: no parameter {k}")
            elif not isinstance(v, int) or v < 0:
                errs.append(f"build {b.name}: {k} = {v!r} is not a non-negative integer")
        if not b.label:
            errs.append(f"build {b.name}: no label")
    return errs
