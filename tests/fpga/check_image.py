#!/usr/bin/env python3
"""ctest fpga_image: `stackscope fpga-image ELF -o IMG` against objcopy's binary of the same
ELF (a separate reader of the program): IMG has one 64-digit row per 32-byte line of the
128 KiB RAM, row k holds bytes 32k..32k+31 highest first, those equal the objcopy binary
(zero beyond it), and stdout names the ELF's entry and tohost as nm reports them."""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

RAM = 128 * 1024


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--stackscope", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--cross", default="riscv64-unknown-elf-")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        img, binf = Path(d) / "img.hex", Path(d) / "img.bin"
        r = subprocess.run([a.stackscope, "fpga-image", a.elf, "-o", img], capture_output=True,
                           text=True)
        if r.returncode != 0:
            print(f"FAIL: fpga-image exit {r.returncode}: {r.stderr.strip()}")
            return 1
        subprocess.run([a.cross + "objcopy", "-O", "binary", a.elf, binf], check=True)
        want = binf.read_bytes()
        rows = img.read_text().split("\n")
        if rows[-1] != "" or len(rows) - 1 != RAM // 32:
            print(f"FAIL: {len(rows) - 1} rows, expected {RAM // 32}")
            return 1
        got = bytearray()
        for k, row in enumerate(rows[:-1]):
            if not re.fullmatch(r"[0-9a-f]{64}", row):
                print(f"FAIL: row {k} is not 64 hex digits: {row!r}")
                return 1
            got += bytes.fromhex(row)[::-1]
        want = want + bytes(RAM - len(want))
        if got != want:
            k = next(i for i in range(RAM) if got[i] != want[i])
            print(f"FAIL: byte 0x{k:x}: image {got[k]:02x}, objcopy {want[k]:02x}")
            return 1
        nm = subprocess.run([a.cross + "nm", a.elf], capture_output=True, text=True,
                            check=True).stdout
        tohost = int(re.search(r"^([0-9a-f]+) \w tohost$", nm, re.M).group(1), 16)
        entry = int(re.search(r"^([0-9a-f]+) \w _start$", nm, re.M).group(1), 16)
        line = f"entry 0x{entry:08x} tohost 0x{tohost:08x}"
        if r.stdout.strip() != line:
            print(f"FAIL: stdout {r.stdout.strip()!r}, expected {line!r}")
            return 1
    print(f"ok: {RAM // 32} rows equal objcopy's {len(binf.name) and len(want)} bytes; {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
