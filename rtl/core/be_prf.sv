// Physical register files of the back end (be_issue), x (file 0) and f (file 1), with NumWr
// write ports and NumRd asynchronous reads: flip-flops (RfRam 0) or, for an FPGA, RAM banks
// with a live-value table (RfRam 1; docs/dev/core.md "Register files in RAM"). Write port p
// writes only the files WrFiles[p] names (bit 0: x, bit 1: f). A register has one producer
// in flight, so at most one port writes it in a cycle (asserted below), which is what lets
// the simulator's description of the writes differ from synthesis' (PortWrites).
`default_nettype none

module be_prf
  import core_pkg::*;
#(
  parameter core_cfg_t Cfg = core_cfg_pkg::CfgDefault,
  parameter int unsigned NumWr = 2,
  parameter int unsigned NumRd = 2,
  parameter logic [NumWr-1:0][1:0] WrFiles = '1,
  // The writes' description: per port (the simulator's) or per register (synthesis'); below
  parameter bit PortWrites = core_pkg::SimForm,
  localparam int unsigned RegW = Cfg.PW - 1  // register index within one file
) (
  input  logic                          clk_i,
  input  logic                          rst_ni,
  input  logic [NumWr-1:0]              wr_valid_i,
  input  logic [NumWr-1:0][Cfg.PW-1:0]  wr_tag_i,   // MSB: the f file
  input  logic [NumWr-1:0][31:0]        wr_data_i,
  input  logic [NumRd-1:0][RegW-1:0]    rd_idx_i,
  input  logic [NumRd-1:0]              rd_f_i,     // the read is of the f file
  output logic [NumRd-1:0][31:0]        rd_val_o
);

  function automatic logic in_files(logic [1:0] files, logic is_f);
    return files[is_f];
  endfunction

  // Port p writes a register this cycle, and which (its file, its index within the file).
  logic [NumWr-1:0] wr_en;
  for (genvar p = 0; p < NumWr; p++) begin : gen_wr_en
    assign wr_en[p] = wr_valid_i[p] && in_files(WrFiles[p], wr_tag_i[p][RegW]);
  end

  // How the next state is described. Synthesis sees it per register: a register's enable is
  // the OR of the ports that name it and its data their AND-OR (rf_hit, a one-hot select per
  // bit, not a priority chain of the ports). Under Verilator each port writes the register it
  // names (PortWrites): the same next state, as at most one port writes a register in a cycle
  // (one_writer below), at a per-cycle cost that follows the ports instead of ports x
  // registers (docs/dev/speed.md).

  if (Cfg.RfRam == 0) begin : gen_rf_ff
    // Flip-flops: a register's write data is the AND-OR of the ports that name it and its
    // enable their OR (a one-hot select per bit and the flip-flops' enable, not a priority
    // chain of the ports); a read is a multiplexer over the registers.
    logic [31:0] rf_q [2][Cfg.PhysRegs];
    logic [1:0][Cfg.PhysRegs-1:0][NumWr-1:0] rf_hit;  // [file][register][write port]
    logic [1:0][Cfg.PhysRegs-1:0][31:0]      rf_wd;
    if (!PortWrites) begin : gen_reg_writes
      always_comb begin : prf_write
        rf_wd = '0;
        for (int unsigned fl = 0; fl < 2; fl++) begin
          for (int unsigned i = 0; i < Cfg.PhysRegs; i++) begin
            for (int unsigned p = 0; p < NumWr; p++) begin
              rf_hit[fl][i][p] = wr_valid_i[p] && wr_tag_i[p] == {1'(fl), RegW'(i)}
                              && in_files(WrFiles[p], 1'(fl));
              rf_wd[fl][i] |= {32{rf_hit[fl][i][p]}} & wr_data_i[p];
            end
          end
        end
      end
    end else begin : gen_port_writes
      assign rf_hit = '0;  // the ports write directly (prf below)
      assign rf_wd  = '0;
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin : prf
      if (!rst_ni) begin
        for (int unsigned fl = 0; fl < 2; fl++) begin
          for (int unsigned i = 0; i < Cfg.PhysRegs; i++) rf_q[fl][i] <= '0;
        end
      end else if (PortWrites) begin
        for (int unsigned p = 0; p < NumWr; p++) begin
          if (wr_en[p]) rf_q[wr_tag_i[p][RegW]][wr_tag_i[p][RegW-1:0]] <= wr_data_i[p];
        end
      end else begin
        for (int unsigned fl = 0; fl < 2; fl++) begin
          for (int unsigned i = 0; i < Cfg.PhysRegs; i++) begin
            if (|rf_hit[fl][i]) rf_q[fl][i] <= rf_wd[fl][i];
          end
        end
      end
    end
    for (genvar k = 0; k < NumRd; k++) begin : gen_rd
      assign rd_val_o[k] = rf_q[rd_f_i[k]][rd_idx_i[k]];
    end
  end else begin : gen_rf_ram
    // RAM (RfRam, the FPGA top): per file, one bank of PhysRegs words per write port that can
    // write the file, written by that port alone (a RAM with one write port and asynchronous
    // reads, distributed RAM on an FPGA, copied once per reader), and a live-value table of
    // the port that wrote each register last; a read takes that port's bank. The banks have
    // no reset: they start at zero (Verilator's --x-initial fast, the FPGA's configuration),
    // as the flip-flop files leave reset, and the table's reset points every register at
    // port 0's bank, the first ALU's: zero for x, and for f a bank that does not exist (zero).
    // A reset after power-on leaves the registers' old values, which RISC-V leaves
    // unspecified (x0's p0 is never written).
    localparam int unsigned WrW = $clog2(NumWr);
    logic [1:0][Cfg.PhysRegs-1:0][WrW-1:0]  lvt_q;
    logic [1:0][NumRd-1:0][NumWr-1:0][31:0] bank_rd;  // [file][read][port]: each bank's word
    for (genvar fl = 0; fl < 2; fl++) begin : gen_file
      for (genvar p = 0; p < NumWr; p++) begin : gen_port
        if (in_files(WrFiles[p], 1'(fl))) begin : gen_bank
          logic [31:0] mem_q [Cfg.PhysRegs];
          always_ff @(posedge clk_i) begin : write
            if (wr_valid_i[p] && wr_tag_i[p][RegW] == 1'(fl)) mem_q[wr_tag_i[p][RegW-1:0]] <= wr_data_i[p];
          end
          for (genvar k = 0; k < NumRd; k++) begin : gen_rd
            assign bank_rd[fl][k][p] = mem_q[rd_idx_i[k]];
          end
        end else begin : gen_none
          for (genvar k = 0; k < NumRd; k++) begin : gen_rd
            assign bank_rd[fl][k][p] = '0;
          end
        end
      end
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin : lvt
      if (!rst_ni) begin
        lvt_q <= '0;
      end else if (PortWrites) begin
        for (int unsigned p = 0; p < NumWr; p++) begin
          if (wr_en[p]) lvt_q[wr_tag_i[p][RegW]][wr_tag_i[p][RegW-1:0]] <= WrW'(p);
        end
      end else begin
        for (int unsigned fl = 0; fl < 2; fl++) begin
          for (int unsigned i = 0; i < Cfg.PhysRegs; i++) begin
            for (int unsigned p = 0; p < NumWr; p++) begin
              if (wr_valid_i[p] && wr_tag_i[p] == {1'(fl), RegW'(i)}
                  && in_files(WrFiles[p], 1'(fl))) lvt_q[fl][i] <= WrW'(p);
            end
          end
        end
      end
    end
    for (genvar k = 0; k < NumRd; k++) begin : gen_rd
      assign rd_val_o[k] = bank_rd[rd_f_i[k]][k][lvt_q[rd_f_i[k]][rd_idx_i[k]]];
    end
  end

`ifndef SYNTHESIS
  // No two ports write one register in a cycle (pairwise: ports x ports, not registers).
  always_ff @(posedge clk_i) begin : one_writer
    if (rst_ni) begin
      for (int unsigned p = 0; p < NumWr; p++) begin
        for (int unsigned q = p + 1; q < NumWr; q++) begin
          assert (!(wr_en[p] && wr_en[q] && wr_tag_i[p] == wr_tag_i[q]))
            else $error("be_prf: write ports %0d and %0d both write register %0d of the %s file",
                        p, q, wr_tag_i[p][RegW-1:0], wr_tag_i[p][RegW] ? "f" : "x");
        end
      end
    end
  end
`endif

endmodule : be_prf
