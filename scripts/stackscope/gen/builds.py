"""The builds family: every file that names a named build of stackscope.spec.builds.

  rtl/core/core_cfg_pkg.sv   one core_pkg::core_cfg_t localparam a build (CfgDefault, CfgW1, ...)
                             and CfgBuild, the one a top elaborates: chosen by the define
                             STACKSCOPE_BUILD_<NAME>, or given field by field in STACKSCOPE_CFG
  cmake/builds_gen.cmake     the builds as CMake lists: tb/harness/verilated.cmake Verilates a
                             model a build and tb/CMakeLists.txt links its binary
  fusesoc.core               its generated region: one vlogdefine parameter a build
  docs/dev/core.md           its generated region: the parameter table with every build's values
"""
from stackscope.gen import builds_text
from stackscope.spec import builds as spec

NAME = "builds"


def check():
    return spec.check()


def outputs(root):
    outs = {root / "rtl/core/core_cfg_pkg.sv": builds_text.gen_sv_pkg(),
            root / "cmake/builds_gen.cmake": builds_text.gen_cmake()}
    edits = {"fusesoc.core": builds_text.gen_fusesoc,
             "docs/dev/core.md": builds_text.gen_core_md}
    for rel, fn in edits.items():
        path = root / rel
        if path.exists():
            outs[path] = fn(path.read_text())
    return outs
