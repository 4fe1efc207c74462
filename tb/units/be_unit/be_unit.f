rtl/core/fpu_pkg.sv
rtl/core/core_pkg.sv
rtl/core/core_cfg_pkg.sv
rtl/core/be_prf.sv
rtl/core/be_rs.sv
tb/units/be_unit/be_unit_top.sv
