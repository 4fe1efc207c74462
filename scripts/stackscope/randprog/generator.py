"""The random-program generator: one seed, one program (stackscope.randprog; the program's
shape is described in cli.py's docstring)."""
import random

from .facts import (ALU_RI, ALU_RR, BASE, BRANCHES, COUNT_NAMES, EXPECTED_EXC, FOOTPRINTS, FOOTPRINT_WEIGHTS, FP_CMP, FP_FMA, FP_RM, FP_RR, FP_RR_NORM, FP_SPECIAL, FREE_REGS, H0, H1, H2, H3, ILLEGAL, INTERESTING, IRQ_LCOF, IRQ_MSI, IRQ_MTI, LOADS, LOOP_REGS, MARGIN, MASK, MULDIV, NO_DEVICE, SHIFT_I, STORES, T1, T2, pmu_facts)


class Generator:
    def __init__(self, seed: int, blocks: int, block_len: int, rounds: int, max_trips: int,
                 footprint: int | None, features: set[str]):
        self.rng = random.Random(seed)
        self.seed, self.blocks, self.block_len = seed, blocks, block_len
        self.rounds, self.max_trips, self.features = rounds, max_trips, features
        self.pmu = pmu_facts()
        rng = self.rng
        self.footprint = footprint or rng.choices(FOOTPRINTS, FOOTPRINT_WEIGHTS)[0]
        # Per-program choices: which interrupts, how often the timer fires, TIP IRQ.
        self.timer = "irq" in features and rng.random() < 0.8
        # At least ~5 handler lengths apart even with 200-cycle memory, so the program moves.
        self.timer_delta = rng.choice([600, 1000, 1500, 4000, 12000])
        self.lcofie = "pmu" in features and rng.random() < 0.8
        self.msie = "irq" in features and rng.random() < 0.6
        self.tip_irq = self.lcofie and rng.random() < 0.3
        self.n_funcs = rng.randint(3, 8) if "call" in features else 0
        self.n_slots = rng.randint(1, 3) if "smc" in features else 0
        self.label = 0
        self.lines: list[str] = []
        self.call_depth_fn = None  # index of the function being generated (calls go lower)

    # ------------------------------------------------------------------ helpers
    def reg(self) -> str:
        return f"x{self.rng.choice(FREE_REGS)}"

    def freg(self) -> str:
        return f"f{self.rng.randrange(32)}"

    def rm(self) -> str:
        return self.rng.choice(FP_RM)

    def dest(self) -> str:
        return "x0" if self.rng.random() < 0.02 else self.reg()

    def new_label(self) -> str:
        self.label += 1
        return f".Lr{self.label}"

    def emit(self, text: str) -> None:
        self.lines.append(f"    {text}")

    def put_label(self, name: str) -> None:
        self.lines.append(f"{name}:")

    def imm12(self) -> int:
        if self.rng.random() < 0.3:
            return self.rng.choice([0, 1, -1, 2047, -2048])
        return self.rng.randint(-2048, 2047)

    def address(self, size: int, misaligned: bool = False) -> str:
        """T1 = a random register masked into the footprint (word aligned) + its base; the
        offset keeps the access naturally aligned unless a misaligned trap is wanted."""
        self.emit(f"and {T1}, {self.reg()}, {MASK}")
        self.emit(f"add {T1}, {T1}, {BASE}")
        if misaligned:
            off = self.rng.choice([o for o in range(1, 8) if o % size])
        else:
            off = size * self.rng.randint(0, (MARGIN - 4) // size)
        return f"{off}({T1})"

    def csr_write(self, addr: int, value: int) -> None:
        self.emit(f"li {T2}, {value & 0xFFFFFFFF:#x}")
        self.emit(f"csrw {addr:#x}, {T2}")

    # ------------------------------------------------------------------ instructions
    def instruction(self, simple: bool = False) -> None:
        """One random instruction (or a short idiom). simple: ALU and memory only (stream
        bodies, where T2 holds the walking pointer)."""
        f = self.features
        kinds = ["rr", "ri", "shift", "lui", "muldiv", "load", "store"]
        weights = [30, 20, 8, 4, 10, 12, 10]
        if not simple:
            kinds += ["csr", "trap", "pmu", "sys", "fence"]
            weights += [3 if "csr" in f else 0, 3 if "trap" in f else 0,
                        4 if "pmu" in f else 0, 2 if "irq" in f else 0, 1]
        # Last, and weight 0 without the feature: the choices above keep their draws.
        kinds.append("fp")
        weights.append(40 if "fp" in f else 0)
        kind = self.rng.choices(kinds, weights)[0]
        if kind == "fp":
            self.fp_instruction(simple)
            return
        if kind == "rr":
            self.emit(f"{self.rng.choice(ALU_RR)} {self.dest()}, {self.reg()}, {self.reg()}")
        elif kind == "ri":
            self.emit(f"{self.rng.choice(ALU_RI)} {self.dest()}, {self.reg()}, {self.imm12()}")
        elif kind == "shift":
            self.emit(f"{self.rng.choice(SHIFT_I)} {self.dest()}, {self.reg()}, "
                      f"{self.rng.randint(0, 31)}")
        elif kind == "lui":
            op = self.rng.choice(["lui", "auipc"])
            self.emit(f"{op} {self.dest()}, {self.rng.randint(0, 0xFFFFF)}")
        elif kind == "muldiv":
            self.emit(f"{self.rng.choice(MULDIV)} {self.dest()}, {self.reg()}, {self.reg()}")
        elif kind == "load":
            op, size = self.rng.choice(LOADS)
            self.emit(f"{op} {self.dest()}, {self.address(size)}")
        elif kind == "store":
            op, size = self.rng.choice(STORES)
            self.emit(f"{op} {self.reg()}, {self.address(size)}")
        elif kind == "csr":
            self.plain_csr()
        elif kind == "trap":
            self.trap()
        elif kind == "pmu":
            self.pmu_op()
        elif kind == "sys":
            self.irq_op()
        else:
            self.emit(self.rng.choice(["fence", "fence rw, rw", "fence.i"]))

    def fp_instruction(self, simple: bool) -> None:
        """One random RV32F instruction (or a short idiom). Without `simple` also the F state:
        frm, fflags, mstatus.FS."""
        rng = self.rng
        kinds = ["rr", "norm", "fma", "sqrt", "cmp", "class", "cvt_to_x", "cvt_from_x", "mv",
                 "load", "store", "special", "fcsr", "fs"]
        weights = [14, 8, 12, 3, 6, 2, 5, 4, 4, 6, 5, 8, 0 if simple else 4, 0 if simple else 1]
        kind = rng.choices(kinds, weights)[0]
        fd, fa, fb, fc = self.freg(), self.freg(), self.freg(), self.freg()
        if kind == "rr":
            self.emit(f"{rng.choice(FP_RR)} {fd}, {fa}, {fb}, {self.rm()}")
        elif kind == "norm":
            self.emit(f"{rng.choice(FP_RR_NORM)} {fd}, {fa}, {fb}")
        elif kind == "fma":
            self.emit(f"{rng.choice(FP_FMA)} {fd}, {fa}, {fb}, {fc}, {self.rm()}")
        elif kind == "sqrt":
            self.emit(f"fsqrt.s {fd}, {fa}, {self.rm()}")
        elif kind == "cmp":
            self.emit(f"{rng.choice(FP_CMP)} {self.dest()}, {fa}, {fb}")
        elif kind == "class":
            self.emit(f"fclass.s {self.dest()}, {fa}")
        elif kind == "cvt_to_x":
            op = rng.choice(["fcvt.w.s", "fcvt.wu.s"])
            self.emit(f"{op} {self.dest()}, {fa}, {self.rm()}")
        elif kind == "cvt_from_x":
            op = rng.choice(["fcvt.s.w", "fcvt.s.wu"])
            self.emit(f"{op} {fd}, {self.reg()}, {self.rm()}")
        elif kind == "mv":
            if rng.random() < 0.5:
                self.emit(f"fmv.x.w {self.dest()}, {fa}")
            else:
                self.emit(f"fmv.w.x {fd}, {self.reg()}")
        elif kind == "load":
            self.emit(f"flw {fd}, {self.address(4)}")
        elif kind == "store":
            self.emit(f"fsw {fa}, {self.address(4)}")
        elif kind == "special":  # a special value from the constant table
            self.emit(f"la {T1}, rand_fconst")
            self.emit(f"flw {fd}, {4 * rng.randrange(len(FP_SPECIAL))}({T1})")
        elif kind == "fcsr":
            r = rng.random()
            if r < 0.3:  # mostly a valid rounding mode; 5..7 make dynamic ops illegal
                self.emit(f"csrwi frm, {rng.choice([0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 5, 6, 7])}")
            elif r < 0.55:
                self.emit(f"frflags {self.dest()}")
            elif r < 0.7:
                self.emit(f"fsflags {self.dest()}, {self.reg()}")
            elif r < 0.8:
                self.emit(f"csrci fflags, {rng.randint(0, 31)}")
            elif r < 0.9:
                self.emit(f"frcsr {self.dest()}")
            else:
                self.emit(f"frrm {self.dest()}")
        else:  # mstatus.FS: Off (F traps until it is back on), or Initial / Clean / Dirty
            self.emit(f"li {T2}, 0x6000")
            self.emit(f"csrc mstatus, {T2}")
            if rng.random() < 0.7:
                self.emit(f"li {T2}, {rng.choice([0x2000, 0x4000, 0x6000]):#x}")
                self.emit(f"csrs mstatus, {T2}")

    def plain_csr(self) -> None:
        r = self.rng.random()
        if r < 0.4:
            csr = self.rng.choice(["mcycle", "minstret", "cycle", "instret", "time",
                                   "mcycleh", "cycleh", "timeh", "instreth"])
            self.emit(f"csrr {self.dest()}, {csr}")
        elif r < 0.7:
            op = self.rng.choice(["csrrw", "csrrs", "csrrc"])
            self.emit(f"{op} {self.dest()}, mscratch, {self.reg()}")
        elif r < 0.85:
            op = self.rng.choice(["csrrwi", "csrrsi", "csrrci"])
            self.emit(f"{op} {self.dest()}, mscratch, {self.rng.randint(0, 31)}")
        else:
            csr = self.rng.choice(["misa", "mstatus", "mtvec", "mie", "mip", "mhartid",
                                   "mvendorid", "marchid", "mimpid", "mepc", "mcause", "mtval"])
            self.emit(f"csrr {self.dest()}, {csr}")

    def trap(self) -> None:
        """An instruction that traps; the handler counts it and goes on after it."""
        kind = self.rng.choice(["illegal", "ecall", "ebreak", "ld_mis", "st_mis", "ld_fault",
                                "fetch_mis", "fetch_fault"])
        if kind == "illegal":
            self.emit(self.rng.choice(ILLEGAL))
        elif kind in ("ecall", "ebreak"):
            self.emit(kind)
        elif kind == "ld_mis":
            op, size = self.rng.choice([("lh", 2), ("lhu", 2), ("lw", 4)])
            self.emit(f"{op} {self.dest()}, {self.address(size, misaligned=True)}")
        elif kind == "st_mis":
            op, size = self.rng.choice([("sh", 2), ("sw", 4)])
            self.emit(f"{op} {self.reg()}, {self.address(size, misaligned=True)}")
        elif kind == "ld_fault":
            op = self.rng.choice(["lb", "lh", "lw", "lbu", "lhu"])
            self.emit(f"li {T1}, {self.rng.choice(NO_DEVICE):#x}")
            self.emit(f"{op} {self.dest()}, 0({T1})")
        elif kind == "fetch_mis":
            # A jump whose target is 2 bytes off traps on the jump itself (no C extension).
            target = self.new_label()
            self.emit(f"la {T1}, {target}")
            self.emit(f"jalr {self.rng.choice(['x0', 'x1'])}, 2({T1})")
            self.put_label(target)
        else:
            # Fetch from where nothing answers: mepc is that address, so the handler returns
            # to ra, which the jalr has just written.
            self.emit(f"li {T1}, {self.rng.choice(NO_DEVICE):#x}")
            self.emit(f"jalr x1, 0({T1})")

    def pmu_op(self) -> None:
        p, rng = self.pmu, self.rng
        a = p["addr"]
        n = rng.randrange(p["num_hpm"]) if rng.random() < 0.9 else rng.randrange(p["num_hpm"], 29)
        kind = rng.choices(["event", "preset", "inhibit", "read", "window", "bank", "tip",
                            "setlcof", "counter_write", "counteren"],
                           [6, 5, 3, 6, 4, 2, 2 if "tip" in self.features else 0,
                            1 if self.lcofie else 0, 1, 1])[0]
        if kind == "event":
            ev = rng.randrange(p["num_events"]) if rng.random() < 0.9 else rng.randrange(256)
            thr = rng.randrange(16) if rng.random() < 0.5 else 0
            inv = int(rng.random() < 0.25)
            edge = int(rng.random() < 0.25)
            s = p["ev_shift"]
            value = (ev << s["id"]) | (thr << s["threshold"]) | (inv << s["invert"]) \
                | (edge << s["edge"])
            self.csr_write(a["Mhpmevent3"] + n, value)
            if rng.random() < 0.3:
                high = rng.choice([0, 0, p["minh"], p["of"]])
                self.csr_write(a["Mhpmevent3h"] + n, high)
        elif kind == "preset":
            # Just below 2^64: the counter wraps after `delta` increments, sets OF and LCOFIP.
            delta = rng.choice([1, 2, 5, 20, 100, 500, 3000])
            self.csr_write(a["Mhpmcounter3"] + n | p["high"], 0xFFFFFFFF)
            self.csr_write(a["Mhpmcounter3"] + n, -delta)
        elif kind == "inhibit":
            value = 0 if rng.random() < 0.4 else rng.getrandbits(7) & ~0b10
            if rng.random() < 0.1:
                value = 0xFFFFFFFF
            self.csr_write(a["Mcountinhibit"], value)
        elif kind == "read":
            addr = rng.choice([a["Mhpmcounter3"] + n, a["Mhpmcounter3"] + n | p["high"],
                               a["Mhpmevent3"] + n, a["Mhpmevent3h"] + n, a["Mcountinhibit"],
                               a["Mcounteren"], a["Mcycle"], a["Minstret"], a["TipCtrl"],
                               a["PmuBank"],
                               a["Mhpmcounter3"] + n - a["Mcycle"] + 0xC00])  # user alias hpmcounterN
            self.emit(f"csrr {self.dest()}, {addr:#x}")
        elif kind == "window":
            self.emit(f"csrr {self.dest()}, {p['window'] + rng.randrange(p['window_words']):#x}")
        elif kind == "bank":
            bank = rng.randrange(p["num_banks"]) if rng.random() < 0.9 else rng.randrange(32)
            self.emit(f"csrwi {a['PmuBank']:#x}, {bank}")
        elif kind == "tip":
            mode = rng.choice([0, 1, 2, 2, 1, 3])
            irq = self.tip_irq and rng.random() < 0.5
            # With the IRQ, samples at least ~1000 cycles apart on average (random: the
            # interval is the LFSR under the mask) so the program moves between interrupts.
            if mode == 2:
                period = (1 << rng.randint(11 if irq else 2, 13)) - 1
            else:
                period = rng.randint(1000 if irq else 1, 5000)
            value = mode | (p["tip_irq"] if irq else 0) | (period << p["tip_period_shift"])
            self.csr_write(a["TipCtrl"], value)
            if rng.random() < 0.2:
                self.emit(f"csrw {a['TipAck']:#x}, x0")
        elif kind == "setlcof":
            self.emit(f"li {T2}, {p['lcof']:#x}")
            self.emit(f"csrs {a['Mip']:#x}, {T2}")
        elif kind == "counter_write":
            addr = rng.choice([a["Mcycle"], a["Minstret"], a["Mcycle"] | p["high"],
                               a["Minstret"] | p["high"], a["Mhpmcounter3"] + n])
            self.csr_write(addr, rng.getrandbits(32))
        else:
            self.csr_write(a["Mcounteren"], rng.getrandbits(32))

    def irq_op(self) -> None:
        r = self.rng.random()
        if r < 0.3:
            self.emit(self.rng.choice(["csrci mstatus, 8", "csrsi mstatus, 8", "csrsi mstatus, 8"]))
        elif r < 0.6:
            self.emit(f"li {T2}, {self.mie_value(partial=True):#x}")
            self.emit(f"csrw mie, {T2}")
        elif r < 0.8 and self.msie:
            self.emit(f"li {T1}, SS_CLINT_MSIP")
            self.emit(f"li {T2}, 1")
            self.emit(f"sw {T2}, 0({T1})")
        else:
            self.emit(f"li {T1}, SS_CLINT_MTIME")
            self.emit(f"lw {self.dest()}, {self.rng.choice([0, 4])}({T1})")

    def mie_value(self, partial: bool = False) -> int:
        bits = [(self.timer, IRQ_MTI), (self.lcofie, IRQ_LCOF), (self.msie, IRQ_MSI)]
        return sum(1 << b for on, b in bits if on and not (partial and self.rng.random() < 0.3))

    # ------------------------------------------------------------------ blocks
    def block(self, depth: int = 0) -> None:
        f = self.features
        shapes = ["straight", "branch", "loop", "stream", "call", "icall", "table", "smc"]
        weights = [3, 4, 3 if depth < 2 else 0, 1 if depth < 2 else 0,
                   2 if self.callable() else 0, 1 if self.callable() else 0,
                   1, 1 if self.n_slots and "smc" in f else 0]
        shape = self.rng.choices(shapes, weights)[0]
        n = self.rng.randint(1, self.block_len)
        if shape == "straight":
            for _ in range(self.block_len):
                self.instruction()
        elif shape == "branch":
            skip = self.new_label()
            self.emit(f"{self.rng.choice(BRANCHES)} {self.reg()}, {self.reg()}, {skip}")
            for _ in range(n):
                self.instruction()
            self.put_label(skip)
        elif shape == "loop":
            counter = LOOP_REGS[depth]
            top = self.new_label()
            self.emit(f"li {counter}, {self.rng.randint(1, self.max_trips)}")
            self.put_label(top)
            for _ in range(n):
                if depth == 0 and self.rng.random() < 0.25:
                    self.block(depth + 1)
                else:
                    self.instruction()
            # Early exit: a data-dependent forward branch out of the loop.
            if self.rng.random() < 0.2:
                out = self.new_label()
                self.emit(f"{self.rng.choice(BRANCHES)} {self.reg()}, {self.reg()}, {out}")
                self.emit(f"addi {counter}, {counter}, -1")
                self.emit(f"bnez {counter}, {top}")
                self.put_label(out)
            else:
                self.emit(f"addi {counter}, {counter}, -1")
                self.emit(self.rng.choice([f"bnez {counter}, {top}",
                                           f"blt x0, {counter}, {top}",
                                           f"bltu x0, {counter}, {top}"]))
        elif shape == "stream":
            # Walk the footprint with a stride (T2 the pointer, wrapped by the mask).
            counter = LOOP_REGS[depth]
            top = self.new_label()
            stride = self.rng.choice([4, 8, 32, 64, 256, 4096, 4100])
            self.emit(f"and {T2}, {self.reg()}, {MASK}")
            self.emit(f"li {counter}, {self.rng.randint(1, 8 * self.max_trips)}")
            self.put_label(top)
            self.emit(f"add {T1}, {T2}, {BASE}")
            for _ in range(self.rng.randint(1, 3)):
                if self.rng.random() < 0.6:
                    op, size = self.rng.choice(LOADS)
                    self.emit(f"{op} {self.dest()}, {size * self.rng.randint(0, 3)}({T1})")
                else:
                    op, size = self.rng.choice(STORES)
                    self.emit(f"{op} {self.reg()}, {size * self.rng.randint(0, 3)}({T1})")
                if self.rng.random() < 0.5:
                    self.instruction(simple=True)
            self.emit(f"addi {T2}, {T2}, {stride}" if stride < 2048 else f"li {T1}, {stride}")
            if stride >= 2048:
                self.emit(f"add {T2}, {T2}, {T1}")
            self.emit(f"and {T2}, {T2}, {MASK}")
            self.emit(f"addi {counter}, {counter}, -1")
            self.emit(f"bnez {counter}, {top}")
        elif shape == "call":
            self.emit(f"jal x1, rand_fn{self.callee()}")
        elif shape == "icall":
            self.emit(f"la {T1}, rand_fn{self.callee()}")
            self.emit(f"jalr x1, 0({T1})")
        elif shape == "table":
            # switch (reg & 3): an indirect jump through a table of jumps.
            tab, done = self.new_label(), self.new_label()
            cases = [self.new_label() for _ in range(4)]
            self.emit(f"andi {T2}, {self.reg()}, 12")
            self.emit(f"la {T1}, {tab}")
            self.emit(f"add {T1}, {T1}, {T2}")
            self.emit(f"jalr x0, 0({T1})")
            self.put_label(tab)
            for c in cases:
                self.emit(f"j {c}")
            for c in cases:
                self.put_label(c)
                for _ in range(self.rng.randint(1, 3)):
                    self.instruction(simple=True)
                self.emit(f"j {done}")
            self.put_label(done)
        else:
            # Self-modifying code: write a random ALU instruction into a slot, fence.i, call it.
            slot = self.rng.randrange(self.n_slots)
            self.emit(f"la {T1}, rand_slot{slot}")
            self.emit(f"li {T2}, {self.alu_encoding():#010x}")
            self.emit(f"sw {T2}, 0({T1})")
            self.emit("fence.i")
            self.emit(f"jal x1, rand_slot{slot}")

    def alu_encoding(self) -> int:
        """A random R-type (RV32I or M) or I-type ALU instruction on the random registers."""
        rd, rs1, rs2 = (self.rng.choice(FREE_REGS) for _ in range(3))
        if self.rng.random() < 0.6:
            funct7, funct3 = self.rng.choice(
                [(0, f3) for f3 in range(8)] + [(0x20, 0), (0x20, 5)] + [(1, f3) for f3 in range(8)])
            return funct7 << 25 | rs2 << 20 | rs1 << 15 | funct3 << 12 | rd << 7 | 0x33
        funct3 = self.rng.choice([0, 2, 3, 4, 6, 7])
        return (self.rng.getrandbits(12) << 20) | rs1 << 15 | funct3 << 12 | rd << 7 | 0x13

    def callable(self) -> bool:
        return self.n_funcs > 0 and (self.call_depth_fn is None or self.call_depth_fn > 0)

    def callee(self) -> int:
        top = self.n_funcs if self.call_depth_fn is None else self.call_depth_fn
        return self.rng.randrange(top)

    # ------------------------------------------------------------------ the program
    def handler(self) -> list[str]:
        p = self.pmu
        a = p["addr"]
        L = ["    .balign 4", "rand_trap_handler:",
             f"    csrr {H0}, mcause",
             f"    la {H1}, rand_counts",
             f"    bltz {H0}, .Lh_irq",
             # An exception: is it one we provoke? Otherwise crt0 reports it (exit 64 + cause).
             f"    li {H2}, 31",
             f"    bgtu {H0}, {H2}, ss_unexpected_trap",
             f"    li {H2}, {EXPECTED_EXC:#x}",
             f"    srl {H2}, {H2}, {H0}",
             f"    andi {H2}, {H2}, 1",
             f"    beqz {H2}, ss_unexpected_trap",
             f"    slli {H2}, {H0}, 2",
             f"    add {H1}, {H1}, {H2}",
             f"    lw {H2}, 0({H1})",
             f"    addi {H2}, {H2}, 1",
             f"    sw {H2}, 0({H1})",
             f"    li {H2}, 1",
             f"    beq {H0}, {H2}, .Lh_fetch_fault",
             f"    csrr {H2}, mepc",
             f"    addi {H2}, {H2}, 4",
             f"    csrw mepc, {H2}",
             "    mret",
             ".Lh_fetch_fault:",
             "    csrw mepc, x1",
             "    mret",
             ".Lh_irq:",
             f"    slli {H2}, {H0}, 1",
             f"    srli {H2}, {H2}, 1",
             f"    li {H3}, 16",
             f"    bgeu {H2}, {H3}, ss_unexpected_trap",
             f"    addi {H2}, {H2}, 16",
             f"    slli {H2}, {H2}, 2",
             f"    add {H2}, {H1}, {H2}",
             f"    lw {H3}, 0({H2})",
             f"    addi {H3}, {H3}, 1",
             f"    sw {H3}, 0({H2})",
             f"    andi {H2}, {H0}, 31",
             f"    li {H3}, {IRQ_MTI}",
             f"    beq {H2}, {H3}, .Lh_timer",
             f"    li {H3}, {IRQ_LCOF}",
             f"    beq {H2}, {H3}, .Lh_lcof",
             f"    li {H3}, {IRQ_MSI}",
             f"    bne {H2}, {H3}, ss_unexpected_trap",
             f"    li {H2}, SS_CLINT_MSIP",
             f"    sw x0, 0({H2})",
             "    mret",
             # Timer: mtimecmp = mtime + delta (high word -1 first so no early match).
             ".Lh_timer:",
             f"    li {H0}, SS_CLINT_MTIMECMP",
             f"    li {H2}, -1",
             f"    sw {H2}, 4({H0})",
             f"    li {H1}, SS_CLINT_MTIME",
             f"    lw {H2}, 0({H1})",
             f"    lw {H3}, 4({H1})",
             f"    li {H1}, {self.timer_delta}",
             f"    add {H1}, {H2}, {H1}",
             f"    sltu {H2}, {H1}, {H2}",
             f"    add {H3}, {H3}, {H2}",
             f"    sw {H1}, 0({H0})",
             f"    sw {H3}, 4({H0})",
             "    mret",
             # LCOFI has three sources and one entry serves them all (serving only one would
             # livelock: with a short TIP period a sample is always waiting, and an OF bit
             # left set raises LCOFIP again at once): a waiting TIP sample (status bit 0) is
             # acknowledged; any OF bit (counted as an overflow), and mip.LCOFIP, are cleared.
             ".Lh_lcof:",
             f"    csrwi {a['PmuBank']:#x}, {p['bank_tip']}",
             f"    csrr {H2}, {p['window'] + p['tip_status']:#x}",
             f"    andi {H2}, {H2}, 1",
             f"    beqz {H2}, .Lh_overflow",
             f"    csrw {a['TipAck']:#x}, x0",
             f"    lw {H2}, {33 * 4}({H1})",
             f"    addi {H2}, {H2}, 1",
             f"    sw {H2}, {33 * 4}({H1})",
             ".Lh_overflow:",
             f"    li {H3}, 0"]
        for i in range(p["num_hpm"]):
            L += [f"    csrr {H2}, {a['Mhpmevent3h'] + i:#x}", f"    or {H3}, {H3}, {H2}"]
        L += [f"    li {H2}, {p['of']:#x}",
              f"    and {H3}, {H3}, {H2}",
              f"    beqz {H3}, .Lh_no_of",
              f"    lw {H3}, {32 * 4}({H1})",
              f"    addi {H3}, {H3}, 1",
              f"    sw {H3}, {32 * 4}({H1})",
              ".Lh_no_of:"]
        L += [f"    csrc {a['Mhpmevent3h'] + i:#x}, {H2}" for i in range(p["num_hpm"])]
        L += [f"    li {H2}, {p['lcof']:#x}",
              f"    csrc {a['Mip']:#x}, {H2}",
              "    mret"]
        return L

    def function(self, i: int) -> None:
        self.call_depth_fn = i
        self.put_label(f"rand_fn{i}")
        self.emit("addi sp, sp, -16")
        self.emit("sw x1, 12(sp)")
        self.emit(f"sw {LOOP_REGS[0]}, 8(sp)")
        self.emit(f"sw {LOOP_REGS[1]}, 4(sp)")
        for _ in range(self.rng.randint(1, 4)):
            self.block()
        self.emit("lw x1, 12(sp)")
        self.emit(f"lw {LOOP_REGS[0]}, 8(sp)")
        self.emit(f"lw {LOOP_REGS[1]}, 4(sp)")
        self.emit("addi sp, sp, 16")
        self.emit("ret")
        self.call_depth_fn = None

    def program(self) -> str:
        region = self.footprint + MARGIN
        feats = ",".join(sorted(self.features))
        self.lines = [
            f"# randprog seed={self.seed} blocks={self.blocks} block_len={self.block_len} "
            f"rounds={self.rounds} max_trips={self.max_trips} footprint={self.footprint}",
            f"# features={feats} timer={int(self.timer)} delta={self.timer_delta} "
            f"msie={int(self.msie)} lcofie={int(self.lcofie)} tip_irq={int(self.tip_irq)} "
            f"functions={self.n_funcs} smc_slots={self.n_slots}",
            '#include "htif_regs.h"',
            "    .section .text",
            "    .globl main",
            "main:",
        ]
        self.emit(f"la {BASE}, rand_data")
        self.emit(f"li {MASK}, {(self.footprint - 1) & ~3:#x}")
        self.emit(f"la {T1}, rand_trap_handler")
        self.emit(f"csrw mtvec, {T1}")
        for r in FREE_REGS:
            value = self.rng.choice(INTERESTING) if self.rng.random() < 0.3 \
                else self.rng.getrandbits(32)
            self.emit(f"li x{r}, {value & 0xFFFFFFFF:#x}")
        if "fp" in self.features:  # f registers: specials and random bits; frm at random
            self.emit(f"la {T1}, rand_fconst")
            for r in range(32):
                if self.rng.random() < 0.6:
                    self.emit(f"flw f{r}, {4 * self.rng.randrange(len(FP_SPECIAL))}({T1})")
                else:
                    self.emit(f"li {T2}, {self.rng.getrandbits(32):#x}")
                    self.emit(f"fmv.w.x f{r}, {T2}")
            self.emit(f"csrwi frm, {self.rng.randint(0, 4)}")
        # Fill the first 64 KiB (at most) of the footprint: x = x * 1664525 + 1013904223.
        fill = self.new_label()
        self.emit(f"li {T2}, {self.rng.getrandbits(32):#x}")
        self.emit(f"li {H0}, 1664525")
        self.emit(f"li {H1}, 1013904223")
        self.emit(f"mv {T1}, {BASE}")
        self.emit(f"li {LOOP_REGS[0]}, {min(self.footprint, 64 << 10) // 4}")
        self.put_label(fill)
        self.emit(f"sw {T2}, 0({T1})")
        self.emit(f"mul {T2}, {T2}, {H0}")
        self.emit(f"add {T2}, {T2}, {H1}")
        self.emit(f"addi {T1}, {T1}, 4")
        self.emit(f"addi {LOOP_REGS[0]}, {LOOP_REGS[0]}, -1")
        self.emit(f"bnez {LOOP_REGS[0]}, {fill}")
        if self.timer:
            self.emit(f"li {T1}, SS_CLINT_MTIMECMP")
            self.emit(f"li {T2}, {self.timer_delta}")
            self.emit(f"sw {T2}, 0({T1})")
            self.emit(f"sw x0, 4({T1})")
        mie = self.mie_value()
        if mie:
            self.emit(f"li {T2}, {mie:#x}")
            self.emit(f"csrw mie, {T2}")
            self.emit("csrsi mstatus, 8")
        # Rounds: the same blocks again on evolved data (counter in memory).
        round_top = ".Lround"
        self.emit(f"la {T1}, rand_round")
        self.emit(f"li {T2}, {self.rounds}")
        self.emit(f"sw {T2}, 0({T1})")
        self.put_label(round_top)
        for _ in range(self.blocks):
            self.block()
        self.emit(f"la {T1}, rand_round")
        self.emit(f"lw {T2}, 0({T1})")
        self.emit(f"addi {T2}, {T2}, -1")
        self.emit(f"sw {T2}, 0({T1})")
        self.emit(f"beqz {T2}, .Lrounds_done")
        self.emit(f"j {round_top}")  # a round can be longer than a branch reaches
        self.put_label(".Lrounds_done")
        self.epilogue()
        # Functions, SMC slots, the handler.
        for i in range(self.n_funcs):
            self.function(i)
        for s in range(self.n_slots):
            self.put_label(f"rand_slot{s}")
            self.emit("nop")
            self.emit("ret")
        self.lines += self.handler()
        self.lines += [
            "    .section .rodata",
            *(["    .balign 4", "rand_fconst: .word " + ", ".join(f"{v:#010x}" for v in FP_SPECIAL)]
              if "fp" in self.features else []),
            '.Lfmt_sum: .string "randprog: seed %d checksum %08x rounds %d\\n"',
            '.Lfmt_traps: .string "randprog: traps ' +
            " ".join(f"{n}=%d" for _, n in COUNT_NAMES[:7]) + '\\n"',
            '.Lfmt_irqs: .string "randprog: more ' +
            " ".join(f"{n}=%d" for _, n in COUNT_NAMES[7:]) + '\\n"',
            "    .section .data",
            "    .balign 64",
            "rand_counts: .space 256",
            "rand_round: .word 0",
            "    .section .noinit, \"aw\", @nobits",
            "    .balign 64",
            f"rand_data: .space {region}",
        ]
        return "\n".join(self.lines) + "\n"

    def epilogue(self) -> None:
        """Interrupts off, checksum over registers, counters and the whole footprint, print,
        exit 0."""
        self.emit("csrci mstatus, 8")
        self.emit("csrw mie, x0")
        acc = H0
        self.emit(f"li {acc}, 0")
        for r in FREE_REGS:
            self.emit(f"slli {H1}, {acc}, 5")
            self.emit(f"srli {acc}, {acc}, 27")
            self.emit(f"or {acc}, {acc}, {H1}")
            self.emit(f"xor {acc}, {acc}, x{r}")
        if "fp" in self.features:  # FS back on, then the f registers and fcsr
            self.emit(f"li {H1}, 0x6000")
            self.emit(f"csrs mstatus, {H1}")
            for r in range(32):
                self.emit(f"fmv.x.w {H2}, f{r}")
                self.emit(f"slli {H1}, {acc}, 5")
                self.emit(f"srli {acc}, {acc}, 27")
                self.emit(f"or {acc}, {acc}, {H1}")
                self.emit(f"xor {acc}, {acc}, {H2}")
            self.emit(f"frcsr {H2}")
            self.emit(f"add {acc}, {acc}, {H2}")
        top = self.new_label()
        self.emit(f"mv {T1}, {BASE}")
        self.emit(f"li {T2}, {self.footprint + MARGIN}")
        self.emit(f"add {T2}, {T2}, {BASE}")
        self.put_label(top)
        self.emit(f"lw {H1}, 0({T1})")
        self.emit(f"slli {H2}, {acc}, 1")
        self.emit(f"srli {acc}, {acc}, 31")
        self.emit(f"or {acc}, {acc}, {H2}")
        self.emit(f"add {acc}, {acc}, {H1}")
        self.emit(f"addi {T1}, {T1}, 4")
        self.emit(f"bltu {T1}, {T2}, {top}")
        self.emit(f"la {H3}, rand_counts")
        for k in range(64):
            self.emit(f"lw {H1}, {4 * k}({H3})")
            self.emit(f"add {acc}, {acc}, {H1}")
        self.emit(f"la {T1}, rand_result")
        self.emit(f"sw {acc}, 0({T1})")
        self.emit("la a0, .Lfmt_sum")
        self.emit(f"li a1, {self.seed}")
        self.emit(f"mv a2, {acc}")
        self.emit(f"li a3, {self.rounds}")
        self.emit("call printf")
        for fmt, names in ((".Lfmt_traps", COUNT_NAMES[:7]), (".Lfmt_irqs", COUNT_NAMES[7:])):
            self.emit(f"la {H3}, rand_counts")
            self.emit(f"la a0, {fmt}")
            for i, (k, _) in enumerate(names):
                self.emit(f"lw a{i + 1}, {4 * k}({H3})")
            self.emit("call printf")
        self.emit("li a0, 0")
        self.emit("call exit")
        self.lines += ["    .section .data", "    .balign 4", "rand_result: .word 0",
                       "    .section .text"]
