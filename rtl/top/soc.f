// The SoC: the contract, the core, the PMU, then the SoC's own files
-f rtl/pmu/probe.f
-f rtl/core/core.f
-f rtl/pmu/pmu.f
rtl/top/soc_pkg.sv
rtl/top/soc_clint.sv
rtl/top/soc_cache_hit.sv
rtl/top/soc_cache_victim.sv
rtl/top/soc_flush_walk.sv
rtl/top/soc_l1i.sv
rtl/top/soc_l1d.sv
rtl/top/soc_l2.sv
rtl/top/soc_mem.sv
rtl/top/soc_top.sv
