#!/usr/bin/env python3
"""check_report.py REPORT.json [--text FILE] [--suite-text FILE] [--expect-incomplete]

Checks a `stackscope run --json` report:
  1. it validates against docs/report.schema.json;
  2. every derived number equals what the raw counters give (formulas of docs/report.md,
     re-implemented here independently of the C++);
  3. the invariants hold: Top-Down Level 1 partitions TotalSlots, each CPI stack sums to
     W * cycles, the FLOPS stack to 2kv * cycles, each profile to 12 * cycles (oracle);
  4. TIP at function level: each pc is mapped to its function from the ELF's symbol table as
     binutils' readelf prints it (independently of the C++ ELF reader), and the
     function-level profile errors and the top-functions shares are recomputed;
  5. with --text, every Top-Down percentage printed in the text report is the JSON value
     rounded to one decimal, and no TIP table row prints 0.0 % in every column;
  6. with --suite-text (the summary `stackscope run` prints for a suite), one row per run whose
     cycles, instructions, IPC, Level 1 percentages and TIP / NCI errors are the JSON's.
Exit 0 when all hold, else 1 with one line per failure.
"""
import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys

import jsonschema

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = os.path.join(HERE, "..", "..", "docs", "report.schema.json")
fails = []


def check(cond, msg):
    if not cond:
        fails.append(msg)


def close(a, b, what, tol=1e-9):
    check(a is not None and b is not None and abs(a - b) <= tol * max(1.0, abs(b)),
          f"{what}: report {a} != recomputed {b}")


def topdown_expected(c, cfg):
    clk, slots = c["clocks"], c["total_slots"]
    fe = c["fetch_bubbles"]
    bs = c["slots_issued"] - c["slots_retired"] + c["recovery_bubbles"]
    ret = c["slots_retired"]
    be = slots - fe - bs - ret
    br, mc = c["br_mispred_retired"], c["machine_clears"]
    few = sum(c[f"ops_executed_{k}"] for k in range(0, min(cfg["exec_few"], 4) + 1))
    mem = (c["mem_stalls_any_load"] + c["mem_stalls_stores"]) / clk
    v = {
        "frontend_bound": fe / slots, "bad_speculation": bs / slots, "retiring": ret / slots,
        "backend_bound": be / slots,
        "fetch_latency": c["fetch_bubbles_ge_w"] / clk,
        "microcode_sequencer": c["ms_slots_retired"] / slots,
        "memory_bound": mem, "core_bound": few / clk - mem,
        "l1_bound": (c["mem_stalls_any_load"] - c["mem_stalls_l1_miss"]) / clk,
        "l2_bound": (c["mem_stalls_l1_miss"] - c["mem_stalls_l2_miss"]) / clk,
        "ext_memory_bound": c["mem_stalls_l2_miss"] / clk,
        "stores_bound": c["mem_stalls_stores"] / clk,
        "mem_bandwidth": c["ext_mem_outstanding_ge_thr"] / clk,
        "mem_latency": (c["ext_mem_outstanding_ge_1"] - c["ext_mem_outstanding_ge_thr"]) / clk,
    }
    v["fetch_bandwidth"] = v["frontend_bound"] - v["fetch_latency"]
    v["branch_mispredicts"] = (br / (br + mc) if br + mc else 0.0) * v["bad_speculation"]
    v["machine_clears"] = v["bad_speculation"] - v["branch_mispredicts"]
    v["base"] = v["retiring"] - v["microcode_sequencer"]
    return v, {"total": slots, "frontend_bound": fe, "bad_speculation": bs, "retiring": ret,
               "backend_bound": be}


def normalized_expected(values, parents):
    """toplev's view: Level 1 as is; below, each set of siblings shares its parent's normalised
    value in proportion to their Table 2 values (negative ones count as 0)."""
    norm = {}

    def of(k):
        if k not in norm:
            p = parents[k]
            if p == "":
                norm[k] = values[k]
            else:
                sib = [s for s, q in parents.items() if q == p]
                tot = sum(max(values[s], 0.0) for s in sib)
                norm[k] = of(p) * max(values[k], 0.0) / tot if tot > 0 else 0.0
        return norm[k]

    for k in parents:
        of(k)
    return norm


def elf_functions(path):
    """(addr, size, name) of every function of the ELF, sorted by address: FUNC symbols, and
    global NOTYPE symbols in executable sections (hand-written asm entry points)."""
    readelf = shutil.which("riscv64-unknown-elf-readelf") or shutil.which("readelf")
    if readelf is None or not os.path.exists(path):
        return None
    sec = subprocess.run([readelf, "-SW", path], capture_output=True, text=True, check=True).stdout
    exec_secs = set()
    for line in sec.splitlines():
        m = re.match(r"\s*\[\s*(\d+)\]\s+(\S+)\s+\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S*X\S*)\s", line)
        if m:
            exec_secs.add(m.group(1))
    out = []
    sym = subprocess.run([readelf, "-sW", path], capture_output=True, text=True, check=True).stdout
    for line in sym.splitlines():
        f = line.split()
        if len(f) < 8 or not f[0].endswith(":") or f[6] == "UND":
            continue
        typ, bind, ndx = f[3], f[4], f[6]
        if typ == "FUNC" or (typ == "NOTYPE" and bind != "LOCAL" and ndx in exec_secs):
            out.append((int(f[1], 16), int(f[2], 0), f[7]))
    return sorted(out, key=lambda t: (t[0], t[2]))  # aliases: as the C++ reader, by name


def function_of(funcs, pc):
    best = None
    for i, (addr, size, name) in enumerate(funcs):
        if addr > pc:
            break
        nxt = funcs[i + 1][0] if i + 1 < len(funcs) else None
        if pc - addr < size or (size == 0 and (nxt is None or pc < nxt)):
            best = name
    return best if best is not None else f"0x{pc:08x}"


def profile_error(sampled, oracle):
    ts, to = sum(sampled.values()), sum(oracle.values())
    keys = set(sampled) | set(oracle)
    return sum(abs(sampled.get(k, 0) / ts - oracle.get(k, 0) / to) for k in keys) / 2


def check_run(r):
    name = r["workload"]
    cfg = r["config"]
    w = cfg["core"]["slots"]
    check(w == min(cfg["core"][k] for k in ("dispatch_width", "issue_width", "commit_width")),
          f"{name}: slots is not the smallest stage width")
    cyc, ins = r["cycles"], r["instructions"]
    c = r["counters"]["topdown"]
    m = r["metrics"]
    check(c["clocks"] == cyc, f"{name}: clocks {c['clocks']} != cycles {cyc}")
    check(c["total_slots"] == cfg["core"]["dispatch_width"] * cyc, f"{name}: total_slots != W*cycles")
    check(c["slots_retired"] == ins, f"{name}: slots_retired != instructions")
    if cyc:
        close(m["ipc"], ins / cyc, f"{name}: ipc")
    if ins:
        close(m["cpi"], cyc / ins, f"{name}: cpi")
    # Top-Down
    if cyc:
        exp, l1 = topdown_expected(c, cfg["pmu"])
        got = {n["name"]: n["value"] for n in m["topdown"]["nodes"]}
        check(set(got) == set(exp), f"{name}: Top-Down nodes {sorted(got)}")
        for k, v in exp.items():
            close(got.get(k), v, f"{name}: topdown.{k}")
        check(m["topdown"]["level1_slots"] == l1, f"{name}: level1_slots {m['topdown']['level1_slots']} != {l1}")
        check(l1["frontend_bound"] + l1["bad_speculation"] + l1["retiring"] + l1["backend_bound"]
              == l1["total"], f"{name}: Level 1 does not sum to TotalSlots")
        check(min(l1.values()) >= 0, f"{name}: negative Level 1 component")
        close(sum(got[k] for k in ("frontend_bound", "bad_speculation", "retiring", "backend_bound")),
              1.0, f"{name}: Level 1 fractions sum")
        parents = {n["name"]: n["parent"] for n in m["topdown"]["nodes"]}
        for n in m["topdown"]["nodes"]:
            check(n["parent"] == "" or n["parent"] in parents, f"{name}: orphan node {n['name']}")
        # toplev's normalised view: recomputed top-down from the Table 2 values (children
        # weighted by their value clamped at 0), then the properties it exists for.
        norm_got = {n["name"]: n["normalized"] for n in m["topdown"]["nodes"]}
        norm_exp = normalized_expected(exp, parents)
        for k, v in norm_exp.items():
            close(norm_got.get(k), v, f"{name}: topdown.{k} normalized")
        for p in set(parents.values()) - {""}:
            kids = [k for k, q in parents.items() if q == p]
            close(sum(norm_got[k] for k in kids),
                  norm_got[p] if any(exp[k] > 0 for k in kids) else 0.0,
                  f"{name}: normalized children of {p} do not sum to it")
            for k in kids:
                check(-1e-12 <= norm_got[k] <= norm_got[p] + 1e-12,
                      f"{name}: normalized {k} {norm_got[k]} outside [0, parent {norm_got[p]}]")
        close(sum(norm_got[k] for k, q in parents.items() if q == ""), 1.0,
              f"{name}: normalized Level 1 sum")
    # CPI stacks
    cs = m["cpi_stacks"]
    check(cs["slots"] == w, f"{name}: cpi slots")
    for stage in ("dispatch", "issue", "commit"):
        raw = r["counters"]["cpi"][stage]
        check(sum(raw.values()) == w * cyc, f"{name}: {stage} stack sums to {sum(raw.values())}, not W*cycles {w * cyc}")
        if ins:
            for k, v in raw.items():
                close(cs[stage][k], v / (w * ins), f"{name}: cpi.{stage}.{k}")
            close(cs[stage]["total"], sum(raw.values()) / (w * ins), f"{name}: cpi.{stage}.total")
    if ins:
        close(cs["total_cpi"], cyc / ins, f"{name}: total_cpi")
        for stage in ("dispatch", "issue"):
            raw, com = r["counters"]["cpi"][stage], r["counters"]["cpi"]["commit"]
            moved = max(raw["base"] - com["base"], 0)
            close(cs["wrong_path_adjusted"][stage]["base"], (raw["base"] - moved) / (w * ins),
                  f"{name}: wrong-path {stage}.base")
            close(cs["wrong_path_adjusted"][stage]["bpred"], (raw["bpred"] + moved) / (w * ins),
                  f"{name}: wrong-path {stage}.bpred")
            # Method (b) holds the proven blocks only: never more than the stage booked, and
            # its base never above the stage's base (wrong-path uops leave it).
            if "wrong_path_speculative" in cs:
                spec = cs["wrong_path_speculative"][stage]
                check(sum(spec.values()) * w * ins <= sum(raw.values()) * (1 + 1e-9) + 1,
                      f"{name}: method (b) {stage} holds more than the stage booked")
                check(spec["base"] * w * ins <= raw["base"] * (1 + 1e-9) + 1,
                      f"{name}: method (b) {stage} base above the stage's base")
        for stage in ("dispatch", "issue"):
            if f"wrong_path_{stage}" not in cs:
                continue
            wp = cs[f"wrong_path_{stage}"]
            raw, com = r["counters"]["cpi"][stage], r["counters"]["cpi"]["commit"]
            simple = raw["bpred"] + max(raw["base"] - com["base"], 0)
            check(wp["method_a_bpred_slots"] == simple, f"{name}: {stage} method (a) bpred slots")
            close(wp["method_a_error"], abs(simple - wp["oracle_bpred_slots"]) / (w * cyc),
                  f"{name}: {stage} method (a) error")
            # The oracle moves at most the stage's base to bpred: between raw and raw + base.
            check(raw["bpred"] <= wp["oracle_bpred_slots"] <= raw["bpred"] + raw["base"],
                  f"{name}: {stage} oracle bpred outside [bpred, bpred + base]")
            if "method_b_bpred_slots" in wp:
                close(wp["method_b_bpred_slots"] / (w * ins),
                      cs["wrong_path_speculative"][stage]["bpred"],
                      f"{name}: {stage} method (b) bpred")
                close(wp["method_b_error"],
                      abs(wp["method_b_bpred_slots"] - wp["oracle_bpred_slots"]) / (w * cyc),
                      f"{name}: {stage} method (b) error")
    # FLOPS
    fl = m["flops"]
    full = 2 * cfg["core"]["fp_units"] * cfg["core"]["vec_len"]
    raw = r["counters"]["flops"]
    check(sum(raw.values()) == full * cyc, f"{name}: FLOPS stack sum != 2kv*cycles")
    close(fl["peak_per_cycle"], full, f"{name}: flops peak")
    if cyc:
        close(fl["per_cycle"], raw["base"] / cyc, f"{name}: flops per cycle")
        close(fl["flops_per_second"], raw["base"] / cyc * cfg["freq_hz"], f"{name}: FLOP/s")
        for k, v in raw.items():
            close(fl["components"][k], v / (full * cyc), f"{name}: flops.{k}")
    # TIP
    t = r["tip"]
    prof = {k: {int(pc, 16): u for pc, u in v.items()} for k, v in t["profiles"].items()}
    check(sum(prof["oracle"].values()) == 12 * cyc, f"{name}: oracle profile != 12*cycles")
    check(sum(t["oracle_cycles_per_state"].values()) == cyc, f"{name}: oracle states != cycles")
    check(sum(t["samples_per_state"].values()) == t["samples"], f"{name}: TIP samples per state")
    check(sum(prof["tip"].values()) == 12 * t["samples"], f"{name}: TIP profile != 12*samples")
    for p in ("tip", "nci", "lci", "dispatch"):
        if prof[p] and prof["oracle"]:
            close(t["error"]["instruction"][p], profile_error(prof[p], prof["oracle"]),
                  f"{name}: {p} instruction error")
    tot = sum(prof["oracle"].values())
    for row in t["top_instructions"]:
        close(row["oracle"], prof["oracle"].get(int(row["pc"], 16), 0) / tot, f"{name}: top {row['pc']}")
    shares = [row["oracle"] for row in t["top_instructions"]]
    check(shares == sorted(shares, reverse=True), f"{name}: top instructions not sorted")
    # Function level, through an independent symbol table.
    funcs = elf_functions(r["elf"])
    check(funcs is not None, f"{name}: cannot read the symbols of {r['elf']} (readelf)")
    if funcs is not None and prof["oracle"]:
        fold = {}
        for p, pr in prof.items():
            fold[p] = {}
            for pc, u in pr.items():
                fn = function_of(funcs, pc)
                fold[p][fn] = fold[p].get(fn, 0) + u
        for p in ("tip", "nci", "lci", "dispatch"):
            if prof[p]:
                close(t["error"]["function"][p], profile_error(fold[p], fold["oracle"]),
                      f"{name}: {p} function error")
        for row in t["top_functions"]:
            for p in ("oracle", "tip", "nci", "lci", "dispatch"):
                tot_p = sum(fold[p].values())
                close(row[p], fold[p].get(row["function"], 0) / tot_p if tot_p else 0.0,
                      f"{name}: top function {row['function']} {p}")
        fshares = [row["oracle"] for row in t["top_functions"]]
        check(fshares == sorted(fshares, reverse=True), f"{name}: top functions not sorted")
        want = sorted(fold["oracle"].values(), reverse=True)[:len(fshares)]
        # (the C++ sums per-pc shares, so a whole-program function is 1 - 1e-13, not 1)
        check(len(want) == len(fshares) and all(abs(x / tot - y) <= 1e-9 for x, y in zip(want, fshares)),
              f"{name}: top functions are not the oracle's largest")
    # Multiplexing: scaling as perf does, and each metric's error from its two values.
    if "multiplex" in r:
        mx = r["multiplex"]
        for e in mx["events"]:
            check(e["time_running"] <= e["time_enabled"] == cyc, f"{name}: mux times of {e['name']}")
            exp = e["count"] * e["time_enabled"] / e["time_running"] if e["time_running"] else 0
            close(e["scaled"], exp, f"{name}: mux scaled {e['name']}")
            check(e["group"] == mx["events"].index(e) // mx["counters"], f"{name}: mux group of {e['name']}")
        # The multiplexed tree: the same formulas on the scaled counts (rounded to integers as
        # a counter would be), clocks from the fixed mcycle counter, TotalSlots = W * clocks.
        est = {k: 0 for k in c}
        est["clocks"] = cyc
        est["total_slots"] = cfg["core"]["dispatch_width"] * cyc
        for e in mx["events"]:
            key = "ops_executed_0" if e["name"] == "ops_executed_few" else e["name"]
            check(key in est, f"{name}: mux event {e['name']} is no Top-Down counter")
            est[key] = math.floor(e["scaled"] + 0.5)
        mux_exp, _ = topdown_expected(est, cfg["pmu"])
        check(set(mx["metrics"]) == set(mux_exp), f"{name}: mux metrics {sorted(mx['metrics'])}")
        for k, v in mx["metrics"].items():
            close(v["multiplexed"], mux_exp.get(k), f"{name}: mux multiplexed {k}")
        worst = 0
        for k, v in mx["metrics"].items():
            close(v["full"], got[k], f"{name}: mux full {k}")
            close(v["abs_error"], abs(v["full"] - v["multiplexed"]), f"{name}: mux error {k}")
            worst = max(worst, v["abs_error"])
        close(mx["max_abs_error"], worst, f"{name}: mux max error")
    check(r["status"]["complete"] == (r["status"]["reason"] == "complete"), f"{name}: status")
    return {k: (v, norm_got[k]) for k, v in got.items()} if cyc else {}


def check_text(text, runs_values):
    # "BE      Backend_Bound:      68.7 % Slots": the last dotted label names the node.
    pat = re.compile(r"^(FE|BAD|BE|RET|BE/Mem|BE/Core)\s+([A-Za-z_.]+):\s+(-?[0-9.]+) % (Slots|Clocks)"
                     r"\s+(-?[0-9.]+) %")
    labels = {"Frontend_Bound": "frontend_bound", "Bad_Speculation": "bad_speculation",
              "Retiring": "retiring", "Backend_Bound": "backend_bound"}
    seen = 0
    values = runs_values[0]
    for line in text.splitlines():
        mt = pat.match(line)
        if not mt:
            continue
        label = mt.group(2).split(".")[-1]
        key = labels.get(label, label.lower())
        check(key in values, f"text: unknown node {label}")
        if key in values:
            value, norm = values[key]
            check(mt.group(3) == f"{100 * value:.1f}",
                  f"text: {label} printed {mt.group(3)} %, JSON gives {100 * value:.1f}")
            check(mt.group(5) == f"{100 * norm:.1f}",
                  f"text: {label} normalized printed {mt.group(5)} %, JSON gives {100 * norm:.1f}")
        seen += 1
    check(seen >= 4, f"text: only {seen} Top-Down lines found")
    check("norm.: toplev's view" in text, "text: no label for the normalized column")
    # TIP tables: a row of zeros says nothing (five "0.0 %" columns after the name).
    zero_row = re.compile(r"^  \S.*?(\s+0\.0 %){5}\s*$")
    for line in text.splitlines():
        check(not zero_row.match(line), f"text: TIP row with no time anywhere: {line.strip()}")


def check_suite_text(text, doc):
    lines = text.splitlines()
    check(lines and lines[0].split()[:3] == ["workload", "status", "cycles"], "suite: no header")
    rows = {ln.split()[0]: ln for ln in lines[1:] if ln.strip()}
    check(len(rows) == len(doc["runs"]), f"suite: {len(rows)} rows for {len(doc['runs'])} runs")
    for r in doc["runs"]:
        name = r["workload"]
        if name not in rows:
            check(False, f"suite: no row for {name}")
            continue
        # name, status (1 or 2 words), cycles, instrs, IPC, FE, BAD, BE, RET, comp, value, errors
        f = rows[name].split()
        i = 3 if f[1] in ("exit", "BAD") else 2
        check(int(f[i]) == r["cycles"], f"suite {name}: cycles {f[i]}")
        check(int(f[i + 1]) == r["instructions"], f"suite {name}: instructions {f[i + 1]}")
        check(f[i + 2] == f"{r['metrics']['ipc']:.3f}", f"suite {name}: IPC {f[i + 2]}")
        if "topdown" in r["metrics"]:
            v = {n["name"]: n["value"] for n in r["metrics"]["topdown"]["nodes"]}
            for k, col in zip(("frontend_bound", "bad_speculation", "backend_bound", "retiring"),
                              f[i + 3:i + 7]):
                check(col == f"{100 * v[k]:.1f}", f"suite {name}: {k} printed {col}, JSON {100 * v[k]:.1f}")
        e = r["tip"]["error"]
        want = [e["instruction"]["tip"], e["function"]["tip"], e["instruction"]["nci"]]
        got = f[-4:-1]
        for g, w in zip(got, want):
            check(g == ("-" if w is None else f"{100 * w:.1f}%"), f"suite {name}: TIP/NCI error {g}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--text")
    ap.add_argument("--suite-text")
    ap.add_argument("--expect-incomplete", action="store_true")
    a = ap.parse_args()
    with open(a.report) as f:
        doc = json.load(f)
    with open(SCHEMA) as f:
        schema = json.load(f)
    try:
        jsonschema.validate(doc, schema)
    except jsonschema.ValidationError as e:
        fails.append(f"schema: {e.message} at {'/'.join(map(str, e.absolute_path))}")
    values = []
    if not fails:
        for r in doc["runs"]:
            values.append(check_run(r))
            if a.expect_incomplete:
                check(not r["status"]["complete"], f"{r['workload']}: expected incomplete")
    if a.text and values:
        with open(a.text) as f:
            check_text(f.read(), values)
    if a.suite_text and not fails:
        check(doc["kind"] == "suite", "suite text given but the report is not a suite")
        with open(a.suite_text) as f:
            check_suite_text(f.read(), doc)
    for m in fails[:40]:
        print(m)
    if len(fails) > 40:
        print(f"... and {len(fails) - 40} more failures")
    if not fails:
        print(f"ok: {len(doc['runs'])} run(s) consistent with their raw counters")
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
