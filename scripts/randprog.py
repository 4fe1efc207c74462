#!/usr/bin/env python3
"""Random RV32IM program generator for lockstep testing (core vs ISS).

Every program is valid and terminates: branches only jump forward inside their block, loops
are counted with a reserved register, and loads/stores are confined to a data region through
a masked address. The same seed always yields the same program (the seed is printed in the
header so a failure can be replayed with `randprog.py --seed N`).

Reserved registers: x31 data-region middle, x30 loop counter, x29 address temporary,
x2 (sp) and x3 (gp) untouched so the shared start-up code still works.
"""
import argparse
import random
import sys

DATA_BYTES = 4096  # power of two: addresses are masked into it
FREE_REGS = [1] + list(range(4, 29))  # x1, x4..x28
ALU_RR = ["add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and"]
ALU_RI = ["addi", "slti", "sltiu", "xori", "ori", "andi"]
SHIFT_I = ["slli", "srli", "srai"]
MULDIV = ["mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"]
LOADS = [("lb", 1), ("lh", 2), ("lw", 4), ("lbu", 1), ("lhu", 2)]
STORES = [("sb", 1), ("sh", 2), ("sw", 4)]
BRANCHES = ["beq", "bne", "blt", "bge", "bltu", "bgeu"]
COUNTER_CSRS = ["mcycle", "minstret", "cycle", "instret", "mhpmcounter3"]
INTERESTING = [0, 1, -1, 0x7FFFFFFF, -0x80000000, 0x80, 0xFF, 0xFFFF, 31, 32]


class Generator:
    def __init__(self, seed: int, blocks: int, block_len: int, csr_reads: bool):
        self.rng = random.Random(seed)
        self.seed = seed
        self.blocks = blocks
        self.block_len = block_len
        self.csr_reads = csr_reads
        self.label = 0
        self.lines: list[str] = []

    def reg(self) -> str:
        return f"x{self.rng.choice(FREE_REGS)}"

    def new_label(self) -> str:
        self.label += 1
        return f".Lr{self.label}"

    def emit(self, text: str) -> None:
        self.lines.append(f"    {text}")

    def imm12(self) -> int:
        if self.rng.random() < 0.3:
            return self.rng.choice([0, 1, -1, 2047, -2048])
        return self.rng.randint(-2048, 2047)

    def address(self, size: int) -> str:
        """Masks a random register into the data region, naturally aligned (a misaligned
        access would trap, which the start-up code's handler reports as a failure)."""
        self.emit(f"andi x29, {self.reg()}, {0x7FF & ~(size - 1)}")
        self.emit("add x29, x29, x31")
        return f"{self.rng.choice([-2048, -1024, 0])}(x29)"

    def instruction(self) -> None:
        kind = self.rng.choices(
            ["rr", "ri", "shift", "lui", "muldiv", "load", "store", "csr"],
            weights=[30, 20, 8, 4, 10, 12, 10, 2 if self.csr_reads else 0])[0]
        if kind == "rr":
            self.emit(f"{self.rng.choice(ALU_RR)} {self.reg()}, {self.reg()}, {self.reg()}")
        elif kind == "ri":
            self.emit(f"{self.rng.choice(ALU_RI)} {self.reg()}, {self.reg()}, {self.imm12()}")
        elif kind == "shift":
            self.emit(f"{self.rng.choice(SHIFT_I)} {self.reg()}, {self.reg()}, "
                      f"{self.rng.randint(0, 31)}")
        elif kind == "lui":
            op = self.rng.choice(["lui", "auipc"])
            self.emit(f"{op} {self.reg()}, {self.rng.randint(0, 0xFFFFF)}")
        elif kind == "muldiv":
            self.emit(f"{self.rng.choice(MULDIV)} {self.reg()}, {self.reg()}, {self.reg()}")
        elif kind == "load":
            op, size = self.rng.choice(LOADS)
            self.emit(f"{op} {self.reg()}, {self.address(size)}")
        elif kind == "store":
            op, size = self.rng.choice(STORES)
            self.emit(f"{op} {self.reg()}, {self.address(size)}")
        else:
            self.emit(f"csrr {self.reg()}, {self.rng.choice(COUNTER_CSRS)}")

    def block(self) -> None:
        shape = self.rng.choices(["straight", "branch", "loop", "call"], weights=[3, 4, 2, 1])[0]
        if shape == "straight":
            for _ in range(self.block_len):
                self.instruction()
        elif shape == "branch":
            skip = self.new_label()
            self.emit(f"{self.rng.choice(BRANCHES)} {self.reg()}, {self.reg()}, {skip}")
            for _ in range(self.rng.randint(1, self.block_len)):
                self.instruction()
            self.lines.append(f"{skip}:")
        elif shape == "loop":
            top = self.new_label()
            self.emit(f"li x30, {self.rng.randint(1, 12)}")
            self.lines.append(f"{top}:")
            for _ in range(self.rng.randint(1, self.block_len)):
                self.instruction()
            self.emit("addi x30, x30, -1")
            self.emit(f"bnez x30, {top}")
        else:
            # A call and return through ra exercises the RAS; x1 is clobbered by design.
            fn, after = self.new_label(), self.new_label()
            self.emit(f"jal x1, {fn}")
            self.emit(f"j {after}")
            self.lines.append(f"{fn}:")
            for _ in range(self.rng.randint(1, 4)):
                self.emit(f"{self.rng.choice(ALU_RR)} x{self.rng.randint(4, 28)}, "
                          f"{self.reg()}, {self.reg()}")
            self.emit("jalr x0, 0(x1)")
            self.lines.append(f"{after}:")

    def program(self) -> str:
        self.lines = [
            f"# randprog seed={self.seed} blocks={self.blocks} block_len={self.block_len}",
            "    .section .text",
            "    .globl main",
            "main:",
        ]
        self.emit("la x31, rand_data + 2048")  # middle, so offsets reach all of it
        for r in FREE_REGS:
            value = self.rng.choice(INTERESTING) if self.rng.random() < 0.3 \
                else self.rng.getrandbits(32)
            self.emit(f"li x{r}, {value & 0xFFFFFFFF:#x}")
        for _ in range(self.blocks):
            self.block()
        # ra (x1) is a free register here, so main cannot return: exit directly.
        self.emit("li a0, 0")
        self.emit("call exit")
        self.lines += ["    .section .data", "    .balign 64", "rand_data:"]
        words = [self.rng.getrandbits(32) for _ in range(DATA_BYTES // 4)]
        for i in range(0, len(words), 8):
            self.lines.append("    .word " + ", ".join(f"{w:#010x}" for w in words[i:i + 8]))
        return "\n".join(self.lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--blocks", type=int, default=200)
    ap.add_argument("--block-len", type=int, default=8)
    ap.add_argument("--no-csr", action="store_true", help="no counter CSR reads")
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    if args.blocks < 1 or args.block_len < 1:
        print("randprog: --blocks and --block-len must be >= 1", file=sys.stderr)
        return 2
    text = Generator(args.seed, args.blocks, args.block_len, not args.no_csr).program()
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
