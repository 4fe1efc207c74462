#!/usr/bin/env python3
"""Proves docs/dev/conventions.md's "Adding a named build" in a scratch copy of the tree.

1. Copies the tree (the files git tracks or would track, as they are in the working tree).
2. Appends ONE entry to BUILDS in scripts/stackscope/spec/builds.py -- the only edit: a build
   `t3` of soc_top, 3-wide (a width no other build has) with a 64-entry ROB.
3. Runs scripts/gen.py, then `scripts/gen.py --check`; the SystemVerilog package, the CMake
   lists, fusesoc.core and docs/dev/core.md name the new build.
4. Configures the copy with CMake (no build): the model soc_model_t3 (its step
   soc_model_t3_build) and the binary stackscope_t3 are targets.
5. The sweep's build table (stackscope.sweep.models.named_models, imported from the copy) has
   `t3` with exactly the entry's values, and a spec with `model = "t3"` parses.
6. Verilator elaborates the copy's soc_top with STACKSCOPE_BUILD_T3 (--lint-only -Wall), and a
   small probe module Verilated with the same define prints core_cfg_pkg::CfgBuild's fields:
   every one equals the entry's value, or the default where the entry gives none; without the
   define the probe prints the default build's.
Usage: check_add_build.py REPO_ROOT [SCRATCH_DIR]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

NEW = {"FetchWidth": 3, "DispatchWidth": 3, "IssueWidth": 3, "NumAlu": 3, "CommitWidth": 3,
       "RobEntries": 64}
ENTRY = (f'    Build("t3", "soc_top", {NEW!r},\n'
         f'          "3-wide, ROB 64 (the add-a-build test)"),\n')
# Some of the default build's values, written here rather than read from the spec under test
# (docs/dev/core.md's table).
DEFAULTS = {"FetchWidth": 2, "DispatchWidth": 2, "IssueWidth": 3, "NumAlu": 2, "CommitWidth": 2,
            "RobEntries": 32, "RsEntries": 8, "LqEntries": 8, "PhysRegs": 64, "FpUnits": 2,
            "GshareEntries": 1024, "L2Sets": 256, "PmuSpecBlocks": 16, "PmuProbeStage": 0}
PROBE_SV = """module build_probe;
  initial begin
{lines}
    $finish;
  end
endmodule
"""


def fail(msg):
    print(f"check_add_build: {msg}", file=sys.stderr)
    sys.exit(1)


def run(cmd, cwd, what, env=None):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env)
    if r.returncode != 0:
        fail(f"{what} failed (exit {r.returncode}):\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
    return r.stdout + r.stderr


def copy_tree(root, scratch):
    files = subprocess.run(["git", "ls-files", "-z", "-co", "--exclude-standard"], cwd=root,
                           capture_output=True, check=True).stdout.decode().split("\0")
    for rel in files:
        src = root / rel
        if not rel or rel.startswith("build/") or not src.is_file():
            continue
        dst = scratch / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)


def add_entry(spec):
    text = spec.read_text()
    start = text.index("\nBUILDS = [\n")
    end = text.index("\n]\n", start) + 1
    spec.write_text(text[:end] + ENTRY + text[end:])


def probe_values(scratch, vroot, obj, define):
    """core_cfg_pkg::CfgBuild's fields as a Verilated probe prints them, with `define` set."""
    names = sorted(DEFAULTS)
    lines = "\n".join(f'    $display("{n}=%0d", core_cfg_pkg::CfgBuild.{n});' for n in names)
    sv = scratch / "build_probe.sv"
    sv.write_text(PROBE_SV.format(lines=lines))
    cmd = [f"{vroot}/bin/verilator", "--binary", "-j", "2", "-Mdir", str(obj), "-Wno-fatal",
           "-MAKEFLAGS", "CFG_CXXFLAGS_PCH_I=-include", "--top-module", "build_probe",
           "rtl/core/fpu_pkg.sv", "rtl/core/core_pkg.sv", "rtl/core/core_cfg_pkg.sv", str(sv)]
    if define:
        cmd.append(f"-D{define}")
    run(cmd, scratch, f"Verilator build of the probe ({define or 'no define'})")
    out = run([str(obj / "Vbuild_probe")], scratch, "the probe")
    vals = {}
    for line in out.splitlines():
        k, _, v = line.partition("=")
        if k in DEFAULTS and v.strip().isdigit():
            vals[k] = int(v)
    return vals


def main(argv):
    root = Path(argv[1]).resolve()
    keep = len(argv) > 2
    scratch = Path(argv[2]) if keep else Path(tempfile.mkdtemp(prefix="ss_addbuild_"))
    if scratch.exists():
        shutil.rmtree(scratch)
    src = scratch / "src"
    copy_tree(root, src)
    spec = src / "scripts/stackscope/spec/builds.py"
    add_entry(spec)
    py = sys.executable
    env = dict(os.environ, PYTHONPATH=str(src / "scripts"))
    gen = [py, str(src / "scripts/gen.py"), "--only", "builds"]
    run(gen + [str(src)], src, "generator", env)
    run(gen + ["--check", str(src)], src, "generator --check", env)
    expect = {"rtl/core/core_cfg_pkg.sv": ["localparam core_cfg_t CfgT3 = core_cfg('{",
                                           "`elsif STACKSCOPE_BUILD_T3"],
              "cmake/builds_gen.cmake": ["set(SS_BUILDS default w1 w4 fpga t3)",
                                         "set(SS_BUILD_t3_MODEL soc_model_t3)"],
              "fusesoc.core": ["STACKSCOPE_BUILD_T3:"],
              "docs/dev/core.md": ["| `t3`"]}
    for rel, needles in expect.items():
        body = (src / rel).read_text()
        for n in needles:
            if n not in body:
                fail(f"generated {rel} lacks {n!r}")

    # CMake: the build's model and binary are targets of a fresh configure.
    bld = scratch / "bld"
    run(["cmake", "-S", str(src), "-B", str(bld), "-DCMAKE_BUILD_TYPE=Release"], scratch,
        "CMake configure")
    targets = run(["cmake", "--build", str(bld), "--target", "help"], scratch, "target list")
    names = {ln.split()[-1] for ln in targets.splitlines() if ln.startswith("... ")}
    for t in ("soc_model_t3_build", "stackscope_t3"):
        if t not in names:
            fail(f"CMake has no target {t}")
    # The sweep's build table, from the copy's package.
    code = ("import json; from pathlib import Path; from stackscope.sweep import models; "
            "print(json.dumps({k: v['params'] for k, v in models.named_models(Path('b')).items()}))")
    table = json.loads(run([py, "-c", code], src, "the sweep's build table", env))
    if table.get("t3") != NEW:
        fail(f"the sweep's build table has t3 = {table.get('t3')}, not {NEW}")
    spec_toml = scratch / "t3.toml"
    spec_toml.write_text('workloads = ["hello"]\n[build]\nmodel = ["t3", "default"]\n')
    code = ("import sys; from pathlib import Path; from stackscope.sweep import models, spec; "
            "m = models.named_models(Path('b')); "
            "sp = spec.parse(sys.argv[1], {'hello': {}}, m); "
            "print(sorted({p['model'] for p in spec.points(sp)}))")
    got = run([py, "-c", code, str(spec_toml)], src, "a sweep spec with model t3", env).strip()
    if got != "['default', 't3']":
        fail(f"the sweep's points have models {got}")

    # SystemVerilog: soc_top elaborates as t3, and CfgBuild holds t3's values.
    vroot = os.environ.get("VERILATOR_ROOT")
    if not vroot:
        fail("VERILATOR_ROOT not set (source scripts/env.sh)")
    run([f"{vroot}/bin/verilator", "--lint-only", "-Wall", "--assert", "rtl/lint.vlt", "-f",
         "rtl/top/soc.f", "--top-module", "soc_top", "-DSTACKSCOPE_BUILD_T3"], src,
        "Verilator lint of soc_top as t3")
    want = {k: NEW.get(k, v) for k, v in DEFAULTS.items()}
    want["PmuSpecBlocks"] = NEW["RobEntries"] // 2  # follows RobEntries unless given
    got = probe_values(src, vroot, scratch / "obj_t3", "STACKSCOPE_BUILD_T3")
    if got != want:
        fail(f"CfgBuild with STACKSCOPE_BUILD_T3 is {got}, not {want}")
    got = probe_values(src, vroot, scratch / "obj_default", "")
    if got != DEFAULTS:
        fail(f"CfgBuild without a define is {got}, not the default build {DEFAULTS}")
    if not keep:
        shutil.rmtree(scratch)
    print(f"check_add_build: t3 {NEW}: generated, a CMake target, in the sweep's table, "
          "elaborated as soc_top; PASS")


if __name__ == "__main__":
    main(sys.argv)
