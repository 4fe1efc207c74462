rtl/pmu/pmu_pkg.sv
rtl/pmu/pmu_counter.sv
rtl/pmu/cpi_stage_acct.sv
rtl/pmu/cpi_stack.sv
rtl/pmu/topdown.sv
rtl/pmu/flops_stack.sv
rtl/pmu/tip_sampler.sv
rtl/pmu/pmu_top.sv
