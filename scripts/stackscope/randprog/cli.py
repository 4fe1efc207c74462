"""Random RV32IM + Zicsr program generator for lockstep testing (RTL vs ISS, PMU vs model).

Every program is valid and terminates; the same seed always yields the same program (the seed
and every choice drawn from it are in the header, so a failure replays with
`randprog.py --seed N`). What a program exercises (docs/robustness.md "Random programs"):

* control flow: forward branches, counted loops (backward branches, nested two deep, trip
  counts up to --max-trips), direct and indirect calls nested through a call graph of
  functions that save ra on the stack, jump tables (indirect jumps), self-modifying code
  (an instruction slot patched with a random ALU instruction, fence.i, then called);
* data: loads and stores of every width over a footprint (4 KiB .. 4 MiB, the L2 is 64 KiB)
  through a masked address, strided streams that walk it, and at the end a checksum loop
  that reads every word of it back, so a wrong memory image shows up in lockstep;
* traps with a handler that counts each cause and skips the faulting instruction (mepc += 4):
  illegal instruction, misaligned fetch / load / store, load access fault, fetch access fault
  (through `jalr ra`: the handler returns to ra), ecall, ebreak;
* interrupts: the CLINT timer (the handler re-arms mtimecmp = mtime + delta), software
  interrupts (msip), and LCOFI: counter overflow (Sscofpmf OF, mip.LCOFIP), software-set
  mip.LCOFIP and, on some seeds, the TIP sample interrupt (tipctrl.IRQ, acknowledged through
  tipack); mstatus.MIE and mie toggle at random;
* the PMU's CSRs: mhpmevent with random event ids (also undefined ones), threshold, invert,
  edge and MINH; mhpmcounters preset just below 2^64 so they overflow; mcountinhibit,
  mcounteren, mcycle/minstret writes; counter, event and read-window reads; pmubank and tipctrl;
* with --fp (feature `fp`, off by default so the RV32IM programs of a seed stay the same):
  every RV32F instruction -- arithmetic, FMAs, div/sqrt, min/max, sign injection, compares,
  fclass, conversions both ways, moves, flw/fsw -- on f registers loaded with special values
  (signed zeros, subnormals, the normal and integer boundaries, infinities, quiet and
  signalling NaNs) and random bits, in every static rounding mode and the dynamic one with frm
  set at random (also to the reserved 5..7, which makes dynamic-rounding ops illegal), fflags
  read, set and cleared, and mstatus.FS switched Off (every F instruction traps) and back on;
  the checksum folds in the f registers and fcsr.

The program ends by disabling interrupts, folding the registers, the trap counters and the
whole footprint into a checksum, printing it with the per-cause trap and interrupt counts
(`randprog: seed S checksum ...` / `randprog: traps ...`) and exiting 0 through HTIF.

The PMU's CSR addresses and event ids come from scripts/stackscope/spec/pmu.py (the one
source); the mhpmevent field layout and the OF / MINH / LCOFIP bits from sw/lib/pmu.h; CLINT
and console addresses from sw/common/htif_regs.h (the .S includes it).

Register use: x4..x20 and x26 are the random registers (and f0..f31 with --fp). x1 ra, x2 sp,
x3 gp; x21..x24 belong to the trap handler only (it may interrupt anything, so it touches
nothing else); x25 and x30 loop counters (inner, outer), x27 and x29 temporaries, x28 the
footprint mask, x31 its base.
"""
import argparse
import random
import sys

from ..common.errors import StackScopeError, run_cli
from .generator import Generator


ALL_FEATURES = {"csr", "trap", "irq", "pmu", "tip", "call", "smc"}


def run_args(seed: int) -> list[str]:
    """The seed's `stackscope run` options: memory timing, TIP sampling and, now and then, an
    idealisation (a stream of its own, so the program does not change with them)."""
    rng = random.Random(seed * 7919 + 17)
    args = ["--mem-latency", str(rng.choice([1, 4, 20, 20, 20, 60, 200])),
            "--mem-bandwidth", str(rng.choice([1, 2, 8, 8, 32])),
            "--mem-outstanding", str(rng.choice([1, 2, 4, 4, 8]))]
    if rng.random() < 0.3:
        args += ["--tip-mode", "random", "--tip-period", str((1 << rng.randint(2, 10)) - 1)]
    elif rng.random() < 0.3:
        args += ["--tip-period", str(rng.randint(1, 500))]
    for flag, p in (("--fast-alu", 0.15), ("--perfect-l1i", 0.08), ("--perfect-l1d", 0.08),
                    ("--perfect-bp", 0.08)):
        if rng.random() < p:
            args.append(flag)
    return args


def main(argv=None) -> int:
    return run_cli("randprog", generate, argv)


def generate(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--blocks", type=int, default=200, help="blocks per round (default 200)")
    ap.add_argument("--block-len", type=int, default=8, help="instructions per block, at most")
    ap.add_argument("--rounds", type=int, default=1,
                    help="times the whole block sequence runs (long programs for the soak)")
    ap.add_argument("--max-trips", type=int, default=12, help="largest loop trip count")
    ap.add_argument("--footprint", type=int, default=None,
                    help="data footprint in bytes (power of two >= 4096; default: from the seed)")
    ap.add_argument("--no", action="append", default=[], metavar="FEATURE",
                    help=f"leave a feature out (repeatable): {', '.join(sorted(ALL_FEATURES))}")
    ap.add_argument("--no-csr", action="store_true", help="no plain CSR accesses (= --no csr)")
    ap.add_argument("--fp", action="store_true",
                    help="RV32F instructions too (feature fp; off by default: a seed's RV32IM "
                         "program stays the same)")
    ap.add_argument("--run-args", action="store_true",
                    help="print the seed's `stackscope run` options (one a line) instead")
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args(argv)
    if args.run_args:
        print("\n".join(run_args(args.seed)))
        return 0
    if args.blocks < 1 or args.block_len < 1 or args.rounds < 1 or args.max_trips < 1:
        raise StackScopeError("--blocks, --block-len, --rounds and --max-trips must be >= 1")
    fp = args.footprint
    if fp is not None and (fp < 4096 or fp & (fp - 1) or fp > 8 << 20):
        raise StackScopeError(f"--footprint {fp}: must be a power of two in 4096..8388608")
    bad = [f for f in args.no if f not in ALL_FEATURES | {"fp"}]
    if bad:
        raise StackScopeError(f"unknown feature '{bad[0]}' (known: {', '.join(sorted(ALL_FEATURES))})")
    features = ALL_FEATURES - set(args.no) - ({"csr"} if args.no_csr else set())
    if args.fp and "fp" not in args.no:
        features.add("fp")
    text = Generator(args.seed, args.blocks, args.block_len, args.rounds, args.max_trips,
                     fp, features).program()
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    return 0
