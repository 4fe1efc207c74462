#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora (fuzz/corpus/{elf,config,cli}/): small hand-made inputs,
good and broken, each a case the loader, the config parser or the CLI must handle. The files
are committed; rerun this after changing it (`python3 fuzz/make_seeds.py`). Inputs the fuzzers
found interesting later go in the same directories under their hash names."""
import json
import pathlib
import struct
import sys

ROOT = pathlib.Path(__file__).resolve().parent / "corpus"
RAM = 0x80000000

# ELF constants (elf.h)
ET_EXEC, ET_DYN, EM_RISCV, EM_X86_64 = 2, 3, 243, 62
PT_LOAD, SHT_SYMTAB, SHT_STRTAB, SHT_PROGBITS = 1, 2, 3, 1
SHF_ALLOC, SHF_EXECINSTR = 2, 4
STT_FUNC, STT_OBJECT, STB_GLOBAL = 2, 1, 1


def program():
    """li a0,1; lui t0,%hi(tohost); sw a0,%lo(tohost)(t0); j . -- exits 0 (HTIF 1 = exit 0)."""
    tohost = RAM + 0x40
    lui = (tohost + 0x800) >> 12
    lo = tohost - (lui << 12)
    li_a0 = (1 << 20) | (0 << 15) | (0 << 12) | (10 << 7) | 0x13          # addi a0, x0, 1
    lui_t0 = (lui << 12) | (5 << 7) | 0x37                                  # lui t0, hi
    imm = lo & 0xFFF
    sw = ((imm >> 5) << 25) | (10 << 20) | (5 << 15) | (2 << 12) | ((imm & 0x1F) << 7) | 0x23
    j_self = 0x0000006F                                                     # jal x0, 0
    code = struct.pack("<4I", li_a0 & 0xFFFFFFFF, lui_t0 & 0xFFFFFFFF, sw, j_self)
    return code.ljust(0x40, b"\0") + b"\0" * 16  # .text then tohost/fromhost (8-byte words)


def elf(*, machine=EM_RISCV, etype=ET_EXEC, cls=1, data=1, entry=RAM, paddr=RAM, memsz=None,
        filesz=None, symbols=(("_start", 0, STT_FUNC), ("tohost", 0x40, STT_OBJECT),
                              ("fromhost", 0x48, STT_OBJECT)),
        symtab_size=None, phentsize=32, shnum=None, strtab_off=None):
    body = program()
    strtab = b"\0"
    syms = [b"\0" * 16]
    for name, off, typ in symbols:
        syms.append(struct.pack("<IIIBBH", len(strtab), RAM + off, 4 if typ == STT_FUNC else 8,
                                (STB_GLOBAL << 4) | typ, 0, 1))
        strtab += name.encode() + b"\0"
    symtab = b"".join(syms)
    shstr = b"\0.text\0.symtab\0.strtab\0.shstrtab\0"
    ehsize, phoff = 52, 52
    text_off = 0x80
    sym_off = text_off + len(body)
    str_off = sym_off + len(symtab)
    shstr_off = str_off + len(strtab)
    sh_off = (shstr_off + len(shstr) + 3) & ~3
    filesz = len(body) if filesz is None else filesz
    memsz = len(body) if memsz is None else memsz
    sh = [b"\0" * 40,
          struct.pack("<10I", 1, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, RAM, text_off, len(body), 0, 0, 4, 0),
          struct.pack("<10I", 7, SHT_SYMTAB, 0, 0, sym_off,
                      len(symtab) if symtab_size is None else symtab_size, 3, 1, 4, 16),
          struct.pack("<10I", 15, SHT_STRTAB, 0, 0, str_off if strtab_off is None else strtab_off,
                      len(strtab), 0, 0, 1, 0),
          struct.pack("<10I", 23, SHT_STRTAB, 0, 0, shstr_off, len(shstr), 0, 0, 1, 0)]
    ident = b"\x7fELF" + bytes([cls, data, 1, 0]) + b"\0" * 8
    eh = ident + struct.pack("<HHIIIIIHHHHHH", etype, machine, 1, entry, phoff, sh_off, 0, ehsize,
                             phentsize, 1, 40, len(sh) if shnum is None else shnum, 4)
    ph = struct.pack("<8I", PT_LOAD, text_off, paddr, paddr, filesz, memsz, 7, 4)
    out = bytearray(eh + ph)
    out += b"\0" * (text_off - len(out))
    out += body + symtab + strtab + shstr
    out += b"\0" * (sh_off - len(out))
    out += b"".join(sh)
    return bytes(out)


def elf_seeds():
    good = elf()
    return {
        "good.elf": good,
        "bss.elf": elf(memsz=0x1000),
        "no_fromhost.elf": elf(symbols=(("_start", 0, STT_FUNC), ("tohost", 0x40, STT_OBJECT))),
        "truncated.elf": good[:100],
        "header_only.elf": good[:52],
        "not_elf.elf": b"#!/bin/sh\necho not an ELF\n",
        "x86_64.elf": elf(machine=EM_X86_64),
        "elf64.elf": elf(cls=2),
        "big_endian.elf": elf(data=2),
        "dyn.elf": elf(etype=ET_DYN),
        "no_tohost.elf": elf(symbols=(("_start", 0, STT_FUNC),)),
        "entry_unaligned.elf": elf(entry=RAM + 2),
        "entry_outside.elf": elf(entry=0x1000),
        "segment_outside.elf": elf(paddr=0x1000),
        "segment_past_ram.elf": elf(paddr=0xFFFFFFC0),
        "filesz_gt_memsz.elf": elf(filesz=0x60, memsz=0x10),
        "symtab_wrap.elf": elf(symtab_size=0xFFFFFFF0),
        "shnum_huge.elf": elf(shnum=0xFFFF),
        "strtab_outside.elf": elf(strtab_off=0xFFFFFF00),
        "bad_phentsize.elf": elf(phentsize=56),
    }


def config_seeds():
    j = lambda o: json.dumps(o).encode()
    return {
        "good.json": j({"memory": {"latency": 5, "bandwidth": 16},
                        "pmu": {"tip_period": 31, "mux_counters": 3, "mux_slice": 500}}),
        "all_sections.json": j({"core": {"dispatch_width": 1, "issue_width": 1, "commit_width": 1,
                                         "rob_entries": 1, "fp_units": 1, "vec_len": 1},
                                "caches": {"l1i_sets": 64, "l1i_ways": 2, "l1d_sets": 64,
                                           "l1d_ways": 2, "line_bytes": 32},
                                "memory": {"latency": 20, "bandwidth": 8, "outstanding": 4},
                                "ideal": {"perfect_l1i": True, "perfect_l1d": False,
                                          "perfect_bp": True, "fast_alu": False},
                                "pmu": {"exec_few": 1, "mem_bw_threshold": 4, "tip_mode": "random",
                                        "tip_period": 255, "mux_counters": 4, "mux_slice": 1000},
                                "freq_hz": 1.5e9, "max_cycles": 1000000, "lockstep": False}),
        "latency_big.json": b'{"memory": {"latency": 4294967316}}',
        "dup_key.json": b'{"memory": {"latency": 5, "latency": 6}}',
        "trailing.json": b'{"memory": {"latency": 5}} x',
        "nul.json": b'{"memory": {"latency": 5}}\0{"x": 1}',
        "unknown_key.json": b'{"memory": {"latncy": 5}}',
        "wrong_type.json": b'{"ideal": {"fast_alu": 1}, "memory": {"latency": true}}',
        "negative.json": b'{"memory": {"latency": -1}, "freq_hz": -5}',
        "float.json": b'{"memory": {"latency": 1.5}, "freq_hz": 1e300}',
        "not_object.json": b'[1, 2, 3]',
        "deep.json": b'{"a": {"b": {"c": {"d": {"e": 1}}}}}',
        "malformed.json": b'{"memory": {"latency": ',
        "tip_mode.json": b'{"pmu": {"tip_mode": "sometimes"}}',
        "slice_small.json": b'{"pmu": {"mux_counters": 29, "mux_slice": 100}}',
        "unicode.json": '{"pmu": {"tip_mode": "p\u00e9riodic\\u0000"}}'.encode(),
    }


def cli_seeds():
    a = lambda *args: "\n".join(args).encode()
    return {
        "iss_prog": a("iss", "prog.elf"),
        "iss_suite": a("iss", "--suite", "--max-insns", "1000", "--ram-size", "64K"),
        "iss_ram_hex": a("iss", "x.elf", "--ram-size", "0x100000"),
        "iss_ram_bad": a("iss", "x.elf", "--ram-size", "16Q"),
        "iss_ram_huge": a("iss", "x.elf", "--ram-size", "99999999999999999999G"),
        "iss_none": a("iss"),
        "run_full": a("run", "hello", "--mem-latency", "40", "--mem-bandwidth", "8",
                      "--mem-outstanding", "2", "--tip-period", "63", "--tip-mode", "random",
                      "--mux-counters", "4", "--mux-slice", "2000", "--freq", "1e9",
                      "--max-cycles", "100000", "--perfect-l1i", "--perfect-l1d", "--perfect-bp",
                      "--fast-alu", "--no-lockstep", "--tree", "all", "--top", "5"),
        "run_outputs": a("run", "suite", "--json", "-", "--csv", "r.csv", "--plots", "p",
                         "--text-dir", "t", "--fst", "w.fst", "--pipeview", "k.log"),
        "run_latency_wrap": a("run", "--mem-latency", "4294967316"),
        "run_width": a("run", "--dispatch-width", "3", "--rob", "0"),
        "run_mutate": a("run", "--mutate", "cpi.commit.base@100"),
        "run_mutate_neg": a("run", "--mutate", "cpi.commit.base@-1"),
        "run_mutate_nocheck": a("run", "--no-check", "--mutate", "x@1"),
        "run_tree_bad": a("run", "--tree", "some"),
        "run_csv_stdout": a("run", "--csv", "-"),
        "run_freq_nan": a("run", "--freq", "nan"),
        "run_config": a("run", "--config", "c.json", "--ram-size", "16M"),
        "help": a("run", "--help"),
        "log_level": a("--log-level", "debug", "iss", "--suite"),
        "two_sub": a("iss", "run"),
    }


def main():
    for kind, seeds in (("elf", elf_seeds()), ("config", config_seeds()), ("cli", cli_seeds())):
        d = ROOT / kind
        d.mkdir(parents=True, exist_ok=True)
        for name, data in seeds.items():
            (d / name).write_bytes(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
