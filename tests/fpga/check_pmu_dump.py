#!/usr/bin/env python3
"""ctest fpga_pmu_dump: sw/fpga/pmu_dump.elf on the FPGA top in simulation
(`stackscope_fpga run`, lockstep and the PMU cross-check on). The program prints every PMU
CSR it reads as "pmu ADDR VALUE" over the UART, which the harness decodes to stdout; the run's
--csr-log holds the golden model's value of every PMU CSR read the cross-check verified. The
two lists must be equal, entry for entry, and cover every counter family."""
import argparse
import subprocess
import sys
import tempfile
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--stackscope-fpga", required=True)
    ap.add_argument("--elf", required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        log = Path(d) / "csr.log"
        r = subprocess.run([a.stackscope_fpga, "run", a.elf, "--csr-log", log],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(f"FAIL: exit {r.returncode}: {r.stderr.strip()[-2000:]}")
            return 1
        uart = [tuple(int(x, 16) for x in l.split()[1:3]) for l in r.stdout.splitlines()
                if l.startswith("pmu ")]
        model = [tuple(int(x, 16) for x in l.split()) for l in log.read_text().splitlines()]
    if not uart:
        print(f"FAIL: no 'pmu' lines on the UART; stdout: {r.stdout[:500]!r}")
        return 1
    if uart != model:
        for i, (u, m) in enumerate(zip(uart, model)):
            if u != m:
                print(f"FAIL: read {i}: UART {u[0]:03x} {u[1]:08x}, model {m[0]:03x} {m[1]:08x}")
                return 1
        print(f"FAIL: {len(uart)} reads on the UART, {len(model)} in the model's log")
        return 1
    addrs = {u[0] for u in uart}
    need = {0xB00: "mcycle", 0xB02: "minstret", 0xB03: "mhpmcounter3", 0x323: "mhpmevent3",
            0xFC0: "window"}
    missing = [n for a_, n in need.items() if a_ not in addrs]
    if missing or sum(1 for u in uart if u[0] >= 0xFC0) < 100:
        print(f"FAIL: the dump misses {missing or 'window words'}")
        return 1
    nonzero = sum(1 for u in uart if u[1])
    print(f"ok: {len(uart)} PMU CSR reads printed over the UART equal the golden model's "
          f"values ({nonzero} non-zero)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
