rtl/pmu/pmu_pkg.sv
rtl/core/core_pkg.sv
rtl/core/core_decode.sv
rtl/core/core_alu.sv
rtl/core/core_mul.sv
rtl/core/core_div.sv
rtl/core/core_csr.sv
rtl/core/core_top.sv
