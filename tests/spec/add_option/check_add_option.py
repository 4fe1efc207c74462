#!/usr/bin/env python3
"""Proves docs/dev/conventions.md's "Adding a run-time option" in a scratch copy of the tree.

1. Copies the tooling (scripts/), the RTL, the report and CLI sources and the files the options
   emitters rewrite into a scratch directory.
2. Makes the only two edits the recipe asks for: ONE entry in stackscope.spec.options (a new
   idealisation-like switch, `--no-meip`, with a SoC port) and its behaviour (soc_top masks the
   external interrupt with ctrl_i.no_meip).
3. Runs scripts/gen.py; checks that `--check` then passes and that the new names reach the C++
   bindings, soc_pkg's soc_ctrl_t, the report schema and docs/report.md.
4. Lints the copy's soc_top (Verilator -Wall: the new bit is read, every port connected).
5. Verilates a probe of soc_ctrl_t alone and compiles the copy's cli_options.cpp, config.cpp and
   report_json.cpp against the build's libraries; checks that the flag is in `run --help`, that
   `--no-meip` and a config file's "ideal": {"no_meip": true} each set it, that the report's
   config says so and validates against the copy's schema, and that the RunConfig -> SocConfig
   copy puts it on ctrl_i's bit that the SystemVerilog struct reads as no_meip (and no other).
6. The copy's sweep spec takes `no-meip` as a `[run]` key and passes `--no-meip` to the runs,
   and the copy's validation lists it among the idealisations.
Usage: check_add_option.py REPO_ROOT BUILD_DIR [SCRATCH_DIR]
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
COPY = ["scripts/gen.py", "scripts/stackscope", "rtl", "tb/report", "tb/app/cli_options.h",
        "tb/app/cli_options.cpp", "tb/app/size_arg.h", "docs/report.schema.json",
        "docs/report.md"]
ENTRY = '''    _o("no-meip", "no_meip", "bool", False, "ideal", "no_meip",
       help="mask the external interrupt (add-an-option test)", flag_value=True,
       cli_group="ideal", soc_port="no_meip", ideal=Ideal("no MEIP", ("base",)), sweep=True),
'''
BEHAVIOUR = ("assign irq = '{meip: h_meip,", "assign irq = '{meip: h_meip && !h_ctrl.no_meip,")


def fail(msg):
    print(f"check_add_option: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd, what, cwd=None, env=None, ok=(0,)):
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if r.returncode not in ok:
        fail(f"{what} failed (exit {r.returncode}):\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
    return r.stdout


def edit(path, old, new):
    text = path.read_text()
    if text.count(old) != 1:
        fail(f"{path}: expected one {old!r}")
    path.write_text(text.replace(old, new))


def add_entry(path):
    """Appends ENTRY as the last element of `OPTIONS = [ ... ]`."""
    text = path.read_text()
    m = re.search(r"^OPTIONS = \[\n.*?^\]\n", text, re.S | re.M)
    if not m:
        fail("no `OPTIONS = [` list in stackscope/spec/options.py")
    path.write_text(text[:m.end() - 2] + ENTRY + text[m.end() - 2:])


def compile_app(scratch, root, build):
    """The copy's option code with add_option_main.cpp, linked against the build's libraries
    (the copy's objects take the place of the archives' own)."""
    cc = json.loads((build / "compile_commands.json").read_text())
    entry = next((e for e in cc if e["file"].endswith("tb/app/cli_options.cpp")
                  and "SS_FPGA_TOP" not in e["command"]), None)
    if not entry:
        fail("no compile command for tb/app/cli_options.cpp in the build")
    args = shlex.split(entry["command"])
    flags = [a for a in args[1:] if a.startswith(("-D", "-I", "-std"))]
    # The copy's headers first: its generated run_options_gen.h and cli_options.h.
    flags = ["-I" + str(scratch / "tb/report"), "-I" + str(scratch / "tb/app")] + flags
    objs = []
    for src in (scratch / "tb/app/cli_options.cpp", scratch / "tb/report/config.cpp",
                scratch / "tb/report/report_json.cpp", HERE / "add_option_main.cpp"):
        obj = scratch / "obj" / (src.stem + ".o")
        obj.parent.mkdir(exist_ok=True)
        run([args[0], "-O0", "-g0", *flags, "-c", str(src), "-o", str(obj)],
            f"compiling {src.name}", cwd=entry["directory"])
        objs.append(str(obj))
    libs = ["tb/app/libstackscope_cli.a", "tb/report/libstackscope_report.a",
            "tb/harness/libstackscope_harness.a", "tb/harness/check/libstackscope_check.a",
            "sim_model/iss/libstackscope_iss.a", "sim_model/pmu/libstackscope_pmu.a"]
    missing = [lib for lib in libs if not (build / lib).exists()]
    if missing:
        fail(f"build the libraries first: {', '.join(missing)}")
    exe = scratch / "obj/add_option_main"
    run([args[0], "-o", str(exe), *objs, "-Wl,--start-group",
         *[str(build / lib) for lib in libs], "-Wl,--end-group", "-lspdlog", "-lfmt",
         "-lpthread"], "linking add_option_main")
    return exe


def verilate_probe(scratch, field):
    """A module that takes soc_ctrl_t and returns the field `field` and the whole vector."""
    sv = scratch / "ctrl_probe.sv"
    sv.write_text("module ctrl_probe import soc_pkg::*; (\n  input  soc_ctrl_t ctrl_i,\n"
                  "  output logic field_o,\n  output logic [$bits(soc_ctrl_t)-1:0] bits_o\n);\n"
                  f"  assign field_o = ctrl_i.{field};\n  assign bits_o = ctrl_i;\nendmodule\n")
    main = scratch / "ctrl_probe_main.cpp"
    main.write_text('#include <cstdio>\n#include <cstdlib>\n#include "Vctrl_probe.h"\n'
                    "int main(int argc, char** argv) {\n  Vctrl_probe m;\n"
                    "  m.ctrl_i = std::strtoull(argv[1], nullptr, 0);\n  m.eval();\n"
                    '  std::printf("%d %llu\\n", int(m.field_o), (unsigned long long)m.bits_o);\n'
                    "  return 0;\n}\n")
    vroot = os.environ.get("VERILATOR_ROOT")
    if not vroot:
        fail("VERILATOR_ROOT not set (source scripts/env.sh)")
    pkgs = [str(scratch / "rtl/core/core_pkg.sv"), str(scratch / "rtl/top/soc_pkg.sv")]
    run([f"{vroot}/bin/verilator", "--cc", "--exe", "--build", "-j", "2", "-Wall",
         "-Mdir", str(scratch / "obj_probe"), "--top-module", "ctrl_probe",
         "-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include", "-CFLAGS", "-O0",
         "-o", "ctrl_probe", str(scratch / "rtl/lint.vlt"), "-f", str(scratch / "rtl/top/soc.f"),
         str(sv), str(main)], "Verilator build of ctrl_probe", cwd=scratch)
    return scratch / "obj_probe/ctrl_probe"


def main(argv):
    root, build = Path(argv[1]).resolve(), Path(argv[2]).resolve()
    scratch = Path(argv[3]) if len(argv) > 3 else Path(tempfile.mkdtemp(prefix="ss_addopt_"))
    if scratch.exists():
        shutil.rmtree(scratch)
    for rel in COPY:
        src, dst = root / rel, scratch / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, dst)
    py = sys.executable
    env = {**os.environ, "PYTHONPATH": str(scratch / "scripts")}

    # The two edits: one table entry, and its behaviour.
    add_entry(scratch / "scripts/stackscope/spec/options.py")
    edit(scratch / "rtl/top/soc_top.sv", *BEHAVIOUR)
    gen = [py, str(scratch / "scripts/gen.py"), "--only", "options", str(scratch)]
    run(gen, "scripts/gen.py", env=env)
    run(gen[:2] + ["--check"] + gen[2:], "scripts/gen.py --check", env=env)
    expect = {"tb/report/run_options_gen.h": ['"--no-meip"', '"ideal.no_meip"', "bool no_meip",
                                              '"ideal", "no_meip", (c).no_meip',
                                              "X(no_meip, ctrl.no_meip)"],
              "rtl/top/soc_pkg.sv": ["logic no_meip;"],
              "docs/report.md": ["| `--no-meip` | `ideal.no_meip` |"]}
    for rel, needles in expect.items():
        body = (scratch / rel).read_text()
        for n in needles:
            if n not in body:
                fail(f"generated {rel} lacks {n}")
    schema = json.loads((scratch / "docs/report.schema.json").read_text())
    ideal = schema["$defs"]["run"]["properties"]["config"]["properties"]["ideal"]
    if "no_meip" not in ideal["required"] or ideal["properties"].get("no_meip") != {
            "type": "boolean"}:
        fail(f"the schema's config.ideal lacks no_meip: {ideal}")

    # The SoC: the copy's soc_top lints clean with the new bit read (Verilator -Wall).
    vroot = os.environ.get("VERILATOR_ROOT")
    if not vroot:
        fail("VERILATOR_ROOT not set (source scripts/env.sh)")
    run([f"{vroot}/bin/verilator", "--lint-only", "-Wall", "--assert", "rtl/lint.vlt", "-f",
         "rtl/top/soc.f", "--top-module", "soc_top"], "Verilator lint of soc_top", cwd=scratch)
    probe = verilate_probe(scratch, "no_meip")

    # The command line, the config file, the report and the SoC port.
    app = compile_app(scratch, root, build)
    helptext = run([str(app), "help"], "run --help")
    if not re.search(r"--no-meip\s+mask the external interrupt", helptext):
        fail(f"`run --help` lacks --no-meip:\n{helptext}")
    cfg = scratch / "no_meip.json"
    cfg.write_text('{"ideal": {"no_meip": true}}\n')
    import jsonschema
    seen = {}
    for how, args in (("flag", ["--no-meip"]), ("config file", ["--config", str(cfg)]),
                      ("default", [])):
        out = run([str(app), "run", "x.elf", *args], f"run {' '.join(args)}")
        first, doc = out.split("\n", 1)
        bits = int(first.split()[1])
        doc = json.loads(doc)
        jsonschema.validate(doc, schema)
        rep = doc["runs"][0]["config"]["ideal"]
        field, vbits = run([str(probe), str(bits)], "ctrl_probe").split()
        if int(vbits) != bits:
            fail(f"ctrl_probe: ctrl_i {bits} read back as {vbits}")
        want = how != "default"
        if rep.get("no_meip") is not want or (field == "1") is not want:
            fail(f"{how}: report ideal {rep}, ctrl_i {bits:#x} (no_meip bit {field})")
        if any(v for k, v in rep.items() if k != "no_meip"):
            fail(f"{how}: another idealisation is on: {rep}")
        seen[how] = bits
    if seen["flag"] != seen["config file"] or seen["default"] != 0:
        fail(f"ctrl_i differs: {seen}")
    # No other field of soc_ctrl_t reads the bit: the struct's other fields are 0 in it.
    if bin(seen["flag"]).count("1") != 1:
        fail(f"--no-meip sets more than one bit of ctrl_i: {seen['flag']:#x}")
    r = subprocess.run([str(app), "run", "x.elf", "--no-such-flag"], capture_output=True)
    if r.returncode == 0:
        fail("an unknown flag was accepted (the C++ check cannot fail)")

    # The sweep and the validation read the table.
    code = (
        "import tempfile, pathlib\n"
        "from stackscope.sweep import spec\n"
        "from stackscope.validate import eyerman\n"
        "assert spec.RUN_OPTIONS.get('no-meip') is bool, spec.RUN_OPTIONS\n"
        "d = pathlib.Path(tempfile.mkdtemp())\n"
        "p = d / 's.toml'\n"
        "p.write_text('workloads = [\"x.elf\"]\\n[run]\\nno-meip = [false, true]\\n')\n"
        "(d / 'x.elf').write_bytes(b'')\n"
        "sp = spec.parse(p, {}, {})\n"
        "pts = spec.points(sp)\n"
        "argv = [spec.run_argv(q, list(sp.run)) for q in pts]\n"
        "assert argv == [[], ['--no-meip']], argv\n"
        "names = [i[0] for i in eyerman.IDEALS]\n"
        "assert 'no-meip' in names, names\n"
        "print('sweep and validate: ok')\n")
    print(run([py, "-c", code], "the sweep's spec and the validation's table", env=env).strip())
    if len(argv) <= 3:
        shutil.rmtree(scratch)
    print("check_add_option: PASS")


if __name__ == "__main__":
    main(sys.argv)
