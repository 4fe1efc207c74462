"""The PMU family: every file that names a PMU fact of stackscope.spec.pmu.

  rtl/pmu/probe_pkg.sv        the core->PMU contract only: probe_t, instr_cls_e, bus limits and
                              the CSR addresses the core forwards to the PMU
  rtl/pmu/pmu_pkg.sv          the PMU's own types, the event increment functions (event_inc,
                              td_increments) and the address map
  sim_model/pmu/pmu_gen.h     the C++ names, ids and widths: Probe with pack/unpack, enums and
                              name tables, the cross-check register table (no counting rule: the
                              model's are hand-written, pmu_events.h and topdown.cpp)
  sim_model/pmu/pmu_csr_map.h the address map alone (dependency-free; the ISS includes it)
  tb/harness/pmu_port.h       the C++ read of soc_top's pmu_o
  tb/harness/commit_layout.h, tb/harness/bus_layout.h   C++ views of the SoC's port structs,
                              from the elaborated SystemVerilog packages (pmu_bus)
  sw/lib/pmu.h                its generated region (addresses, banks, enums, event ids)
  docs/dev/probe.md, docs/dev/pmu.md, docs/report.schema.json   their generated regions / lists
"""
from stackscope.gen import pmu_bus, pmu_cpp, pmu_docs, pmu_sv
from stackscope.spec import pmu as spec


def check():
    return spec.check()


def outputs(root):
    probe_pkg = pmu_sv.gen_probe_pkg()
    outs = {root / "rtl/pmu/probe_pkg.sv": probe_pkg,
            root / "rtl/pmu/pmu_pkg.sv": pmu_sv.gen_pmu_pkg(),
            root / "sim_model/pmu/pmu_gen.h": pmu_cpp.gen_cpp(),
            root / "sim_model/pmu/pmu_csr_map.h": pmu_cpp.gen_csr_map_h()}
    outs.update(pmu_bus.outputs(root, {"rtl/pmu/probe_pkg.sv": probe_pkg}))
    if (root / "tb/harness").is_dir():
        outs[root / "tb/harness/pmu_port.h"] = pmu_cpp.gen_pmu_port_h()
    edits = {
        "docs/dev/probe.md": pmu_docs.gen_probe_md,
        "sw/lib/pmu.h": pmu_docs.gen_sw_h,
        "docs/dev/pmu.md": pmu_docs.gen_pmu_md,
        "docs/report.schema.json": lambda t, p: pmu_docs.gen_schema(t),
    }
    for rel, fn in edits.items():
        path = root / rel
        if path.exists():
            outs[path] = fn(path.read_text(), path)
    return outs
