// Return address stack: circular, Depth entries, speculative push/pop at fetch. A redirect
// restores the pointer and the top entry saved in the redirecting instruction's bp_meta (the
// state after that instruction's own push/pop): the usual pointer+top repair.
`default_nettype none

module fe_ras #(
  parameter int unsigned Depth = 8,
  localparam int unsigned PtrW = Depth > 1 ? $clog2(Depth) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  output logic [PtrW-1:0] ptr_o,
  output logic [31:0]     top_o,
  output logic [31:0]     second_o,   // entry below the top (the top after a pop)
  input  logic            restore_i,  // restore, else push or pop (never both)
  input  logic [PtrW-1:0] restore_ptr_i,
  input  logic [31:0]     restore_top_i,
  input  logic            push_i,
  input  logic [31:0]     push_addr_i,
  input  logic            pop_i
);

  logic [31:0]     stack_q [Depth];
  logic [PtrW-1:0] ptr_q, ptr_d;

  assign ptr_o    = ptr_q;
  assign top_o    = stack_q[ptr_q];
  assign second_o = stack_q[dec(ptr_q)];

  // Depth need not be a power of two: wrap explicitly.
  function automatic logic [PtrW-1:0] inc(logic [PtrW-1:0] p);
    return 32'(p) == Depth - 1 ? '0 : p + 1'b1;
  endfunction
  function automatic logic [PtrW-1:0] dec(logic [PtrW-1:0] p);
    return p == '0 ? PtrW'(Depth - 1) : p - 1'b1;
  endfunction

  always_comb begin : next_ptr
    ptr_d = ptr_q;
    if (restore_i) ptr_d = restore_ptr_i;
    else if (push_i) ptr_d = inc(ptr_q);
    else if (pop_i) ptr_d = dec(ptr_q);
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : update
    if (!rst_ni) begin
      ptr_q <= '0;
      for (int unsigned i = 0; i < Depth; i++) stack_q[i] <= '0;
    end else begin
      ptr_q <= ptr_d;
      if (restore_i) stack_q[restore_ptr_i] <= restore_top_i;
      else if (push_i) stack_q[ptr_d] <= push_addr_i;
    end
  end

`ifndef SYNTHESIS
  initial begin : params
    assert (Depth >= 1 && Depth <= 2 ** core_pkg::MaxRasPtrW)
      else $fatal(1, "Depth: 1..2**MaxRasPtrW");
  end
`endif

endmodule : fe_ras
