"""The run-time options family: every file that names an option of stackscope.spec.options.

  tb/report/run_options_gen.h   C++ fields, CLI flags, config keys, limits, report fields, the
                                SoC control struct and the harness copy (options_cpp)
  rtl/top/soc_pkg.sv            its generated region: soc_ctrl_t (soc_top's ctrl_i)
  docs/report.schema.json       the report's "config" object
  docs/report.md                its generated region OPTIONS: the table of options
"""
from stackscope.gen import options_cpp, options_text
from stackscope.spec import options as spec

NAME = "options"


def check():
    return spec.check()


def outputs(root):
    outs = {}
    if (root / "tb/report").is_dir():
        outs[root / options_cpp.HEADER] = options_cpp.gen_header()
    edits = {
        "rtl/top/soc_pkg.sv": options_text.gen_soc_pkg,
        "docs/report.schema.json": options_text.gen_schema,
        "docs/report.md": options_text.gen_report_md,
    }
    for rel, fn in edits.items():
        path = root / rel
        if path.exists():
            outs[path] = fn(path.read_text(), path)
    return outs
