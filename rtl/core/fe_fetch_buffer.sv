// Fetch buffer: a FIFO that takes up to Width entries per cycle (an in-order group) and
// offers its oldest Width entries; the consumer takes an oldest-first prefix. Flush empties it.
`default_nettype none

module fe_fetch_buffer #(
  parameter int unsigned Entries = 8,
  parameter int unsigned Width   = 2,
  parameter int unsigned DataW   = 32,
  localparam int unsigned CntW   = $clog2(Entries + 1),
  localparam int unsigned NW     = $clog2(Width + 1)
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic                        flush_i,
  input  logic [NW-1:0]               wr_n_i,    // entries written (caller keeps room)
  input  logic [Width-1:0][DataW-1:0] wr_data_i,
  input  logic [NW-1:0]               rd_n_i,    // entries taken (<= count)
  output logic [Width-1:0]            rd_valid_o,
  output logic [Width-1:0][DataW-1:0] rd_data_o,
  output logic [CntW-1:0]             count_o
);

  localparam int unsigned PtrW = $clog2(Entries);

  logic [DataW-1:0] mem_q [Entries];
  logic [PtrW-1:0]  head_q, tail_q;
  logic [CntW-1:0]  count_q;

  assign count_o = count_q;

  always_comb begin : read
    for (int unsigned w = 0; w < Width; w++) begin
      rd_valid_o[w] = 32'(count_q) > w;
      rd_data_o[w]  = mem_q[head_q + PtrW'(w)];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : update
    if (!rst_ni) begin
      head_q  <= '0;
      tail_q  <= '0;
      count_q <= '0;
    end else if (flush_i) begin
      head_q  <= '0;
      tail_q  <= '0;
      count_q <= '0;
    end else begin
      for (int unsigned w = 0; w < Width; w++) begin
        if (32'(wr_n_i) > w) mem_q[tail_q + PtrW'(w)] <= wr_data_i[w];
      end
      tail_q  <= tail_q + PtrW'(wr_n_i);
      head_q  <= head_q + PtrW'(rd_n_i);
      count_q <= count_q + CntW'(wr_n_i) - CntW'(rd_n_i);
    end
  end

`ifndef SYNTHESIS
  initial begin : params
    assert (Entries >= Width && (Entries & (Entries - 1)) == 0)
      else $fatal(1, "Entries: power of 2, >= Width");
  end
  always_ff @(posedge clk_i) begin : checks
    if (rst_ni && !flush_i) begin
      assert (32'(rd_n_i) <= 32'(count_q)) else $error("fetch buffer: took more than offered");
      assert (32'(count_q) + 32'(wr_n_i) - 32'(rd_n_i) <= Entries)
        else $error("fetch buffer: overflow");
    end
  end
`endif

endmodule : fe_fetch_buffer
