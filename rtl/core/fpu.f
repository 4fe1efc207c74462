rtl/core/fpu_pkg.sv
rtl/core/fpu_pipe.sv
rtl/core/fpu_divsqrt.sv
