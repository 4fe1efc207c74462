"""The random programs' vocabulary: registers, instruction lists, interesting values,
footprints, the SoC's addresses and the PMU's facts as the generator uses them."""
import re

from ..common.errors import StackScopeError
from ..common.paths import ROOT
from ..spec import pmu as pmu_gen  # the one source of PMU addresses and events

FREE_REGS = list(range(4, 21)) + [26]
H0, H1, H2, H3 = "x21", "x22", "x23", "x24"  # trap handler only
LOOP_REGS = ["x30", "x25"]  # outer, inner
T1, T2, MASK, BASE = "x29", "x27", "x28", "x31"
ALU_RR = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and"]
ALU_RI = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
SHIFT_I = ["slli", "srli", "srai"]
MULDIV = ["mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"]
LOADS = [("lb", 1), ("lh", 2), ("lw", 4), ("lbu", 1), ("lhu", 2)]
STORES = [("sb", 1), ("sh", 2), ("sw", 4)]
BRANCHES = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]
INTERESTING = [0, 1, -1, 0x7FFFFFFF, -0x80000000, 0x80, 0xFF, 0xFFFF, 31, 32]
FOOTPRINTS = [4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20]
FOOTPRINT_WEIGHTS = [3, 3, 2, 3, 2, 1]
MARGIN = 64  # bytes past the footprint that the largest access offset can reach
RAM_BASE = 0x80000000
# Addresses no device answers: loads there take a load access fault (cause 5).
NO_DEVICE = [0x00000000, 0x00001000, 0x20000000, 0x7FFFFFF0]
# Exception causes the handler expects (any other one fails the run through crt0's
# ss_unexpected_trap, exit 64 + cause): fetch misaligned 0, fetch fault 1, illegal 2,
# breakpoint 3, load misaligned 4, load fault 5, store misaligned 6, ecall 11.
EXPECTED_EXC = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 3) | (1 << 4) | (1 << 5) | (1 << 6) | (1 << 11)
IRQ_MSI, IRQ_MTI, IRQ_LCOF = 3, 7, 13
COUNT_NAMES = [(0, "fetch_misaligned"), (1, "fetch_fault"), (2, "illegal"), (3, "ebreak"),
               (4, "load_misaligned"), (5, "load_fault"), (6, "store_misaligned"),
               (11, "ecall"), (16 + IRQ_MSI, "irq_soft"), (16 + IRQ_MTI, "irq_timer"),
               (16 + IRQ_LCOF, "irq_lcof"), (32, "lcof_overflow"), (33, "lcof_tip")]
# Known-illegal encodings: all zeros, all ones, a write to the read-only cycle CSR.
ILLEGAL = [".word 0x00000000", ".word 0xffffffff", "csrw cycle, x0"]
# RV32F (feature fp). Special single-precision values: +-0, min/max subnormal, min normal,
# 1, -1, 0.5, 1.5 (a tie when converted), 2^23, 2^24 + 2 (integer edges), 2^31, 2^32, -2^31,
# -2^31 - 256, max finite, +-inf, the canonical and another quiet NaN, signalling NaNs.
FP_SPECIAL = [0x00000000, 0x80000000, 0x00000001, 0x807FFFFF, 0x00800000, 0x80800000,
              0x3F800000, 0xBF800000, 0x3F000000, 0x3FC00000, 0x4B000000, 0x4B800001,
              0x4F000000, 0x4F800000, 0xCF000000, 0xCF000001, 0x7F7FFFFF, 0xFF7FFFFF,
              0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00001, 0x7F800001, 0xFFBFFFFF,
              0x3EAAAAAB, 0x40490FDB, 0x0DA24260, 0x72F0AB00]
FP_RM = ["rne", "rtz", "rdn", "rup", "rmm", "dyn"]
FP_RR = ["fadd.s", "fsub.s", "fmul.s", "fdiv.s"]
FP_RR_NORM = ["fmin.s", "fmax.s", "fsgnj.s", "fsgnjn.s", "fsgnjx.s"]
FP_FMA = ["fmadd.s", "fmsub.s", "fnmsub.s", "fnmadd.s"]
FP_CMP = ["feq.s", "flt.s", "fle.s"]


def pmu_facts() -> dict:
    """CSR addresses and event ids from pmu_gen, field layout and flag bits from pmu.h."""
    addr = {name: a for name, a, _ in pmu_gen.STD_CSRS}
    addr.update({name: a for name, a, _, _ in pmu_gen.CUSTOM_CSRS})
    text = (ROOT / "sw" / "lib" / "pmu.h").read_text()
    bits = {m[0]: 1 << int(m[1]) for m in
            re.findall(r"#define (PMU_\w+)\s+\(1u << (\d+)\)", text)}
    macro = re.search(r"#define PMU_EVENT\(([^)]*)\)(.*?)\n\n", text, re.S)
    if not macro:
        raise StackScopeError("PMU_EVENT not found in sw/lib/pmu.h")
    shifts = {m[0]: int(m[1] or 0) for m in
              re.findall(r"\(uint32_t\)\((\w+)\)(?: << (\d+))?", macro[2])}
    return {
        "addr": addr, "high": pmu_gen.HIGH_HALF, "window": pmu_gen.WINDOW_BASE,
        "window_words": pmu_gen.WINDOW_WORDS, "num_events": len(pmu_gen.EVENTS),
        "num_hpm": pmu_gen.CROSSCHECK_HPM, "num_banks": len(pmu_gen.banks()),
        "tip_status": [w for w, _ in pmu_gen.TIP_WORDS].index("Status"),
        "bank_tip": [b[0] for b in pmu_gen.banks()].index("BankTip"),
        "ev_shift": shifts, "of": bits["PMU_EVENTH_OF"], "minh": bits["PMU_EVENTH_MINH"],
        "lcof": bits["PMU_MIP_LCOF"], "tip_irq": 1 << pmu_gen.TIPCTRL_IRQ_BIT,
        "tip_period_shift": pmu_gen.TIPCTRL_PERIOD_SHIFT,
    }
