// Unit bench top of the back end's simulator forms (core_pkg::SimForm): be_prf with per-port
// writes (PortWrites, the simulator's form) against per-register writes (synthesis'), in
// flip-flops and in RAM banks with a live-value table, and be_rs with a decoded wake-up vector
// (WakeVector) against tag compares. Each pair takes the same inputs; mismatch_o has a bit per
// pair whose outputs differ this cycle (tb/units/be_unit/be_unit_main.cpp drives it).
`default_nettype none

module be_unit_top
  import core_pkg::*;
#(
  localparam core_cfg_t   Cfg     = core_cfg_pkg::CfgBuild,
  localparam int unsigned NumWr   = 4,
  localparam int unsigned NumRd   = 3,
  localparam int unsigned RegW    = Cfg.PW - 1,
  localparam int unsigned Entries = 8,
  localparam int unsigned AllocW  = 2,
  localparam int unsigned NumWb   = 7
) (
  input  wire logic                          clk_i,
  input  wire logic                          rst_ni,
  // be_prf (both storage forms)
  input  wire logic [NumWr-1:0]              wr_valid_i,
  input  wire logic [NumWr-1:0][Cfg.PW-1:0]  wr_tag_i,
  input  wire logic [NumWr-1:0][31:0]        wr_data_i,
  input  wire logic [NumRd-1:0][RegW-1:0]    rd_idx_i,
  input  wire logic [NumRd-1:0]              rd_f_i,
  // be_rs
  input  wire logic                          flush_i,
  input  wire logic [AllocW-1:0]             alloc_i,
  input  wire logic [AllocW-1:0][15:0]       alloc_payload_i,
  input  wire logic [AllocW-1:0][Cfg.PW-1:0] alloc_src1_i,
  input  wire logic [AllocW-1:0][Cfg.PW-1:0] alloc_src2_i,
  input  wire logic [AllocW-1:0][Cfg.PW-1:0] alloc_src3_i,
  input  wire logic [AllocW-1:0]             alloc_rdy1_i,
  input  wire logic [AllocW-1:0]             alloc_rdy2_i,
  input  wire logic [AllocW-1:0]             alloc_rdy3_i,
  input  wire logic [NumWb-1:0]              wb_valid_i,
  input  wire logic [NumWb-1:0][Cfg.PW-1:0]  wb_tag_i,
  input  wire logic [Entries-1:0]            issue_i,
  output logic [Entries-1:0]                 ready_o,   // the compare form's
  output logic [$clog2(Entries+1)-1:0]       free_cnt_o,
  output logic [NumRd-1:0][31:0]             rd_val_o,  // the per-register flip-flop form's
  output logic [2:0]                         mismatch_o, // prf flip-flops, prf RAM, rs
  output logic [7:0]                         pw_o,       // physical register tag bits
  output logic [NumWr-1:0][1:0]              wr_files_o  // the files each write port writes
);
  assign pw_o       = 8'(Cfg.PW);
  assign wr_files_o = WrFiles;

  function automatic core_cfg_t with_ram(core_cfg_t c);
    c.RfRam = 1;
    return c;
  endfunction
  // Port 0: x only (an ALU's), 1: both files, 2: f only (an FP unit's), 3: x only (the CSR's).
  localparam logic [NumWr-1:0][1:0] WrFiles = {2'b01, 2'b10, 2'b11, 2'b01};

  logic [3:0][NumRd-1:0][31:0] rd;  // [flip-flop per register, per port, RAM per register, per port]
  for (genvar k = 0; k < 4; k++) begin : gen_prf
    be_prf #(
      .Cfg        (k < 2 ? Cfg : with_ram(Cfg)),
      .NumWr      (NumWr),
      .NumRd      (NumRd),
      .WrFiles    (WrFiles),
      .PortWrites (k % 2 == 1)
    ) u_prf (
      .clk_i,
      .rst_ni,
      .wr_valid_i,
      .wr_tag_i,
      .wr_data_i,
      .rd_idx_i,
      .rd_f_i,
      .rd_val_o (rd[k])
    );
  end
  assign rd_val_o = rd[0];

  typedef logic [15:0] payload_t;
  logic [1:0][Entries-1:0]             valid, ready;
  logic [1:0][Entries-1:0][Cfg.PW-1:0] src1, src2, src3;
  payload_t [1:0][Entries-1:0]         payload;
  logic [1:0][$clog2(Entries+1)-1:0]   free_cnt;
  for (genvar k = 0; k < 2; k++) begin : gen_rs
    be_rs #(
      .Entries    (Entries),
      .AllocW     (AllocW),
      .NumWb      (NumWb),
      .PW         (Cfg.PW),
      .HasSrc3    (1'b1),
      .payload_t  (payload_t),
      .WakeVector (k == 1)
    ) u_rs (
      .clk_i,
      .rst_ni,
      .flush_i,
      .alloc_i,
      .alloc_payload_i,
      .alloc_src1_i,
      .alloc_src2_i,
      .alloc_rdy1_i,
      .alloc_rdy2_i,
      .alloc_src3_i,
      .alloc_rdy3_i,
      .wb_valid_i,
      .wb_tag_i,
      .issue_i,
      .valid_o    (valid[k]),
      .ready_o    (ready[k]),
      .src1_o     (src1[k]),
      .src2_o     (src2[k]),
      .src3_o     (src3[k]),
      .payload_o  (payload[k]),
      .free_cnt_o (free_cnt[k])
    );
  end
  assign ready_o    = ready[0];
  assign free_cnt_o = free_cnt[0];

  assign mismatch_o[0] = rd[0] != rd[1];
  assign mismatch_o[1] = rd[2] != rd[3] || rd[2] != rd[0];
  assign mismatch_o[2] = valid[0] != valid[1] || ready[0] != ready[1] || src1[0] != src1[1]
                      || src2[0] != src2[1] || src3[0] != src3[1] || payload[0] != payload[1]
                      || free_cnt[0] != free_cnt[1];

endmodule : be_unit_top
