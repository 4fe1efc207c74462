// The core; it needs the probe contract first: -f rtl/pmu/probe.f -f rtl/core/core.f
// the FP datapath (fpu_pkg, fpu_pipe, fpu_divsqrt; also the fpu unit bench's list)
-f rtl/core/fpu.f
rtl/core/core_pkg.sv
rtl/core/core_cfg_pkg.sv
rtl/core/core_decode.sv
rtl/core/fe_predecode.sv
rtl/core/fe_btb.sv
rtl/core/fe_gshare.sv
rtl/core/fe_ras.sv
rtl/core/fe_fetch_buffer.sv
rtl/core/core_frontend.sv
rtl/core/core_alu.sv
rtl/core/core_mul.sv
rtl/core/core_div.sv
rtl/core/core_csr.sv
rtl/core/be_ring_ptr.sv
rtl/core/be_rs.sv
rtl/core/be_rename.sv
rtl/core/be_branch.sv
rtl/core/be_prf.sv
rtl/core/be_issue.sv
rtl/core/be_lsq.sv
rtl/core/be_rob_commit.sv
rtl/core/be_probe.sv
rtl/core/be_tracer.sv
rtl/core/core_backend.sv
rtl/core/core_top.sv
