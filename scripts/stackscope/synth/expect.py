"""The analytic flip-flop count of every PMU unit, written from the RTL's register declarations
(docs/cost.md): a synthesis result that differs fails the run (that is how a mis-read of
SystemVerilog shows). Also the per-core storage that is not a plain event counter."""
from __future__ import annotations

# pmu_pkg constants the expected counts use, from the PMU's facts the package is generated from;
# the units' parameter defaults as slang elaborates them (unit_params).
from ..spec.builds import DEFAULTS as BUILD_DEFAULTS
from ..spec.pmu import PKG, drain_pend_w
from .unit_params import unit_defaults, with_defaults


# ------------------------------------------------------------------ expected flip-flops
# One function per unit, written from the RTL's register declarations (docs/cost.md).

def clog2(n: int) -> int:
    return max(0, (n - 1).bit_length())


def ff_bank(num: int, width: int, inc_w: int, store: int, ovf: int = 0) -> int:
    """pmu_counter_bank: Num x Width flip-flops (Store 0), or with RAM storage (Store 1) the
    pending registers (spec.pmu.drain_pend_w bits each), the round-robin pointer, one
    written-since-reset bit per word and, for each of the `ovf` counters in OvfMask, a gap
    register of drain_pend_w + 1 bits; the Num x Width counter bits are RAM, not flip-flops."""
    if not store:
        return num * width
    pend = drain_pend_w(num, inc_w)
    return num * pend + max(1, clog2(num)) + num + ovf * (pend + 1)


def ram_bits_bank(num: int, width: int, store: int) -> int:
    return num * width if store else 0


def ff_pmu_counter(p):
    return with_defaults("pmu_counter", p)["Width"]


def ff_cpi_spec(p):
    # cpi_spec (0 when SpecBlocks = 0), with cpi_stack's parameters: per block 2 stages x
    # NumCpiComps saturating counters and a branch count; a block tag per ROB entry; FIFO head
    # and live count (1..N); 2 x NumCpiComps + 1 global counters (merges last). Entry index bits
    # EW = clog2(N), N >= 2.
    p = with_defaults("cpi_stack", p)
    n = p["SpecBlocks"]
    if n == 0:
        return 0
    # With the drain queue (cpi_stack SpecDrain 1) each entry adds a leaving bit and a to-bpred
    # bit, and a global adds at most one block's row per cycle.
    ew, cw = max(1, (n - 1).bit_length()), n.bit_length()
    queue = p["SpecDrain"]
    blocks = n * (2 * PKG["NumCpiComps"] * p["SpecCntW"] + p["SpecNbrW"] + (2 if queue else 0))
    ginc_w = p["SpecCntW"] + clog2(PKG["NumCpiComps"] * (1 if queue else n))  # GIncW
    return (blocks + p["RobEntries"] * ew + ew + cw
            + ff_bank(2 * PKG["NumCpiComps"] + 1, p["CntW"], ginc_w, p["Store"]))


def ff_cpi_stack(p):
    # per stage: NumCpiComps counters of CntW bits + one saturating carry register
    nw = clog2(PKG["MaxWidth"] + 1)  # pmu_pkg NW: a stage's increment bits
    p = with_defaults("cpi_stack", p)
    return (PKG["NumCpiStages"] * (ff_bank(PKG["NumCpiComps"], p["CntW"], nw, p["Store"])
                                   + p["CarryW"])
            + ff_cpi_spec(p))


def ff_topdown(p):
    p = with_defaults("topdown", p)
    return ff_bank(PKG["NumTdCounters"], p["CntW"], PKG["TdIncW"], p["Store"])


def ff_flops_stack(p):
    p = with_defaults("flops_stack", p)
    inc_w = (2 * p["NumUnits"] * p["VecLen"]).bit_length()  # clog2(Full + 1)
    return ff_bank(PKG["NumFlopsComps"], p["CntW"], inc_w, p["Store"])


def ff_tip_sampler(p):
    p = with_defaults("tip_sampler", p)
    pc, c = PKG["PcW"], p["CommitWidth"]
    regs = (p["PeriodW"]              # countdown
            + 16                      # LFSR
            + 1 + pc                  # flushed, offending pc
            + 1 + 2                   # tip_valid, state
            + 2 * c                   # head valid/commit (bits >= CommitWidth masked to 0)
            + PKG["MaxWidth"] * pc    # head pcs: the whole probe bank is latched
            + pc + pc                 # offending and next pc samples
            + 2 + pc                  # NCI valid/armed/pc
            + 2 + 2 * pc              # LCI valid/seen/pc, last committed pc
            + 2 + pc)                 # dispatch tag valid/armed/pc
    return regs + p["CntW"]           # sample counter


def ff_pmu_csr(p):
    p = with_defaults("pmu_csr", p)
    k = p["NumHpm"]
    # mcycle, minstret, mhpmcounter3.. in one bank of 64-bit counters, EvIncW increments; the
    # k mhpmcounters report overflow
    counters = ff_bank(2 + k, 64, PKG["EvIncW"], p["Store"], ovf=k)
    events = k * (8 + 4 + 1 + 1 + 1 + 1)  # event id, threshold, invert, edge, MINH, OF
    return counters + events + k + 31 + 32 + 1  # edge state, mcountinhibit (bit 1 is 0), mcounteren, LCOFIP


def ff_pmu_top(p):
    p = with_defaults("pmu_top", p)
    w = {"DispatchWidth": p["DispatchWidth"], "CntW": p["StackCntW"],
         "SpecBlocks": p["SpecBlocks"], "RobEntries": p["RobEntries"],
         "Store": p["CntStore"], "SpecDrain": p["SpecDrain"]}
    return (ff_cpi_stack(w) + ff_topdown(w)
            + ff_flops_stack({**w, "NumUnits": p["FpUnits"], "VecLen": p["FpVecLen"]})
            + ff_tip_sampler({"CommitWidth": p["CommitWidth"], "CntW": w["CntW"]})
            + ff_pmu_csr({"NumHpm": p["NumHpm"], "Store": w["Store"]})
            + 2 + 2 + 16 + 1  # custom CSRs: bank select, TIP mode, TIP period, TIP IRQ enable
            + (PKG["ProbeBits"] if p["ProbeStage"] else 0))  # the probe stage


EXPECT = {"pmu_counter": ff_pmu_counter, "cpi_stack": ff_cpi_stack, "topdown": ff_topdown,
          "flops_stack": ff_flops_stack, "tip_sampler": ff_tip_sampler, "pmu_csr": ff_pmu_csr,
          "pmu_top": ff_pmu_top}


TEA_BITS = 249  # TEA (ISCA 2023): sampler state per core


def storage_bits() -> list[tuple[str, int, str]]:
    """Per-core storage of pmu_top (SoC configuration: W 2, C 2, K 4, 48-bit stack counters,
    RAM counters) that is not a plain event counter, from the same formulas the flip-flop check
    holds the netlists to."""
    top, cs = unit_defaults()["pmu_top"], unit_defaults()["cpi_stack"]
    cnt_w, k, c = top["StackCntW"], top["NumHpm"], BUILD_DEFAULTS["CommitWidth"]
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
        ("CPI width-carry registers", PKG["NumCpiStages"] * cs["CarryW"],
         f"{PKG['NumCpiStages']} stages x CarryW {cs['CarryW']}"),
        ("drain state of the RAM counters (main stacks, Top-Down, FLOPS, counter CSRs)", drain,
         "pending registers, round-robin pointers, written-since-reset bits, overflow gaps"),
    ]
    n = top["SpecBlocks"]
    # (pmu_top's default: the drain queue, whose globals add one block's row: GIncW 16 + 4)
    spec = ff_cpi_spec({"SpecBlocks": n, "Store": 1, "SpecDrain": 1}) - ff_bank(
        2 * PKG["NumCpiComps"] + 1, cnt_w, cs["SpecCntW"] + clog2(PKG["NumCpiComps"]), 1)
    rows.append((f"speculative block state, {n} blocks (cpi_spec without its globals)", spec,
                 "per block 2 x 9 saturating 16-bit counters + branch count + leaving / to-bpred "
                 "bits (drain queue); ROB tags; FIFO head / count"))
    return rows
