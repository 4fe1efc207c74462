// The PMU; it needs the probe contract first: -f rtl/pmu/probe.f -f rtl/pmu/pmu.f
rtl/pmu/pmu_pkg.sv
rtl/pmu/pmu_counter.sv
rtl/pmu/pmu_counter_bank.sv
rtl/pmu/cpi_stage_acct.sv
rtl/pmu/cpi_spec.sv
rtl/pmu/cpi_stack.sv
rtl/pmu/topdown.sv
rtl/pmu/flops_stack.sv
rtl/pmu/tip_sampler.sv
rtl/pmu/pmu_csr.sv
rtl/pmu/pmu_top.sv
