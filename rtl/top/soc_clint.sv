// CLINT: msip, mtimecmp and mtime (counting cycles) as 32-bit words; mtip = mtime >= mtimecmp.
// Answers one cycle after the request.
`default_nettype none

module soc_clint (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        req_i,
  input  logic [31:0] addr_i,
  input  logic        we_i,
  input  logic [31:0] wdata_i,
  output logic        rvalid_o,
  output logic [31:0] rdata_o,
  output logic        mtip_o,
  output logic        msip_o,
  output logic [63:0] mtime_o
);

  localparam logic [31:0] AddrMsip = 32'h0200_0000;
  localparam logic [31:0] AddrMtimecmp = 32'h0200_4000;
  localparam logic [31:0] AddrMtime = 32'h0200_bff8;

  logic [63:0] mtime_q, mtime_d, mtimecmp_q, mtimecmp_d;
  logic        msip_q, msip_d, rvalid_q;
  logic [31:0] rdata_q, rdata_d;

  always_comb begin : access
    mtime_d    = mtime_q + 64'd1;
    mtimecmp_d = mtimecmp_q;
    msip_d     = msip_q;
    rdata_d    = '0;
    unique case (addr_i)
      AddrMsip:         rdata_d = {31'b0, msip_q};
      AddrMtimecmp:     rdata_d = mtimecmp_q[31:0];
      AddrMtimecmp + 4: rdata_d = mtimecmp_q[63:32];
      AddrMtime:        rdata_d = mtime_q[31:0];
      AddrMtime + 4:    rdata_d = mtime_q[63:32];
      default: ;
    endcase
    if (req_i && we_i) begin
      unique case (addr_i)
        AddrMsip:         msip_d = wdata_i[0];
        AddrMtimecmp:     mtimecmp_d[31:0] = wdata_i;
        AddrMtimecmp + 4: mtimecmp_d[63:32] = wdata_i;
        AddrMtime:        mtime_d[31:0] = wdata_i;
        AddrMtime + 4:    mtime_d[63:32] = wdata_i;
        default: ;
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      mtime_q    <= '0;
      mtimecmp_q <= '1;
      msip_q     <= 1'b0;
      rvalid_q   <= 1'b0;
      rdata_q    <= '0;
    end else begin
      mtime_q    <= mtime_d;
      mtimecmp_q <= mtimecmp_d;
      msip_q     <= msip_d;
      rvalid_q   <= req_i;
      rdata_q    <= rdata_d;
    end
  end

  assign rvalid_o = rvalid_q;
  assign rdata_o  = rdata_q;
  assign mtip_o   = mtime_q >= mtimecmp_q;
  assign msip_o   = msip_q;
  assign mtime_o  = mtime_q;

endmodule : soc_clint
