#!/usr/bin/env python3
"""Checks a Kanata trace written by `stackscope run --pipeview` (tb/harness/pipeview.h).

pipeview_check.py TRACE INSTRUCTIONS BOUND [--need-wrong-path] [--need-full]

- header, cycles, and every id started once (I) and ended at most once (R), with no record for an
  id before its I or after its R;
- every committed instruction went through F, Ib, D, Rn, Ds, (Is, X, Wb), Cm, in that order, with
  the core's fixed gaps: the I-port answers at least a cycle after the request, an entry written to
  the fetch buffer is decoded at the earliest the next cycle, rename and dispatch share a cycle, the
  RS entry is written at the edge so issue comes at least a cycle after dispatch, select and execute
  share a cycle, a result is seen by commit a cycle after its write, and commit is the
  instruction's end; only uops completed at dispatch (SYSTEM with
  funct3 0: ecall, ebreak, mret, wfi; MISC-MEM: fence, fence.i; a fetch fault) skip issue;
- flushed instructions never reach Cm and keep the same order for the stages they reached;
- commits come in fetch order (ids increase) with retire numbers 0, 1, 2, ...;
- at least INSTRUCTIONS commits (the run's count; trap records commit too);
- at no cycle more than BOUND instructions in flight (started, not ended);
- with --need-wrong-path: some instructions dropped in the front end and some flushed from the ROB;
- with --need-full: some cycle has exactly BOUND in flight (the bound is reached, not loose).
"""
import sys

ORDER = ["F", "Ib", "D", "Rn", "Ds", "Is", "X", "Wb", "Cm"]


def fail(msg):
    print(f"pipeview_check: {msg}")
    sys.exit(1)


def completes_at_dispatch(insn):
    opcode, funct3 = insn & 0x7F, (insn >> 12) & 7
    known = {0x03, 0x0F, 0x13, 0x17, 0x23, 0x33, 0x37, 0x63, 0x67, 0x6F, 0x73}
    return (opcode == 0x73 and funct3 == 0) or opcode == 0x0F or opcode not in known


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    need_wrong_path = "--need-wrong-path" in sys.argv
    need_full = "--need-full" in sys.argv
    if len(args) != 3:
        fail("usage: pipeview_check.py TRACE INSTRUCTIONS BOUND [--need-wrong-path] [--need-full]")
    path, n_insns, bound = args[0], int(args[1]), int(args[2])
    with open(path) as f:
        lines = f.read().splitlines()
    if not lines or lines[0] != "Kanata\t0004":
        fail("no Kanata 0004 header")
    cycle = 0
    recs = {}  # id -> {"start", "stages": {name: cycle}, "end": (cycle, type) or None, "insn"}
    live = max_live = 0
    max_live_cycle = 0
    commits = []  # (retire number, id)
    for no, line in enumerate(lines[1:], 2):
        f = line.split("\t")
        where = f"line {no}"
        if f[0] == "C=":
            cycle = int(f[1])
        elif f[0] == "C":
            if int(f[1]) <= 0:
                fail(f"{where}: cycle step {f[1]}")
            cycle += int(f[1])
        elif f[0] == "I":
            i = int(f[1])
            if i in recs:
                fail(f"{where}: id {i} started twice")
            recs[i] = {"start": cycle, "stages": {}, "end": None, "insn": None}
            live += 1
            if live > max_live:
                max_live, max_live_cycle = live, cycle
        elif f[0] in ("L", "S", "R"):
            i = int(f[1])
            r = recs.get(i)
            if r is None or r["end"] is not None:
                fail(f"{where}: record for id {i} outside its life")
            if f[0] == "L":
                if f[3].startswith(": "):
                    r["insn"] = int(f[3][2:10], 16)
            elif f[0] == "S":
                if f[3] not in ORDER:
                    fail(f"{where}: unknown stage {f[3]}")
                if f[3] in r["stages"]:
                    fail(f"{where}: id {i} enters {f[3]} twice")
                r["stages"][f[3]] = cycle
            else:
                r["end"] = (cycle, int(f[3]))
                live -= 1
                if f[3] == "0":
                    commits.append((int(f[2]), i))
        else:
            fail(f"{where}: unknown record {f[0]!r}")

    front_drops = rob_flushes = 0
    for i, r in recs.items():
        st = r["stages"]
        if st.get("F") != r["start"]:
            fail(f"id {i}: F not in its start cycle")
        seq = [(s, st[s]) for s in ORDER if s in st]
        for (a, ca), (b, cb) in zip(seq, seq[1:]):
            if ca > cb:
                fail(f"id {i}: {b} (cycle {cb}) before {a} (cycle {ca})")
        if ("Is" in st) != ("X" in st):
            fail(f"id {i}: issue without execute or the reverse")
        gaps = [("F", "Ib", 1), ("Ib", "D", 1), ("Ds", "Is", 1), ("Wb", "Cm", 1)]
        for a, b, g in gaps:
            if a in st and b in st and st[b] - st[a] < g:
                fail(f"id {i}: {b} only {st[b] - st[a]} cycles after {a}")
        for a, b in (("Rn", "Ds"), ("Is", "X")):
            if (a in st) != (b in st) or (a in st and st[a] != st[b]):
                fail(f"id {i}: {a} and {b} not in the same cycle")
        if r["end"] is None:
            continue
        end_cycle, kind = r["end"]
        if kind == 0:
            for s in ("F", "Ib", "D", "Rn", "Ds", "Cm"):
                if s not in st:
                    fail(f"id {i}: committed without {s}")
            if st["Cm"] != end_cycle:
                fail(f"id {i}: Cm is not its last cycle")
            if "Is" not in st and not completes_at_dispatch(r["insn"]):
                fail(f"id {i}: committed {r['insn']:08x} without issue")
            if "Wb" not in st and not completes_at_dispatch(r["insn"]):
                fail(f"id {i}: committed {r['insn']:08x} without a result")
        else:
            if "Cm" in st:
                fail(f"id {i}: flushed after commit")
            if "Ds" in st:
                rob_flushes += 1
            else:
                front_drops += 1

    commits.sort()
    if [c[0] for c in commits] != list(range(len(commits))):
        fail("retire numbers are not 0, 1, 2, ...")
    ids = [c[1] for c in commits]
    if any(a >= b for a, b in zip(ids, ids[1:])):
        fail("commits out of fetch order")
    print(f"ids {len(recs)}, committed {len(commits)} (run: {n_insns} instructions), "
          f"dropped in the front end {front_drops}, flushed from the ROB {rob_flushes}, "
          f"still in flight {live}, max in flight {max_live} (cycle {max_live_cycle}, bound {bound})")
    if len(commits) < n_insns:
        fail(f"{len(commits)} commits for {n_insns} instructions")
    if max_live > bound:
        fail(f"{max_live} instructions in flight at cycle {max_live_cycle}, bound {bound}")
    if need_wrong_path and (front_drops == 0 or rob_flushes == 0):
        fail("no wrong-path instructions dropped in the front end or flushed from the ROB")
    if need_full and max_live != bound:
        fail(f"at most {max_live} instructions in flight, expected the bound {bound} to be reached")


if __name__ == "__main__":
    main()
