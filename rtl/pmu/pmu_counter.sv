// Counter primitive for every PMU counter (after Ibex ibex_counter / PULP delta_counter):
// adds an n-bit increment per cycle, writable, overflow taken from one extra sum bit.
`default_nettype none

module pmu_counter #(
  parameter int unsigned Width = 48,  // counter bits
  parameter int unsigned IncW  = 3    // increment bits
) (
  input  wire logic             clk_i,
  input  wire logic             rst_ni,
  input  wire logic [IncW-1:0]  inc_i,       // added every cycle (0 = hold)
  input  wire logic             we_i,        // write wins over this cycle's increment
  input  wire logic [Width-1:0] wdata_i,
  output logic      [Width-1:0] value_o,
  output logic                  overflow_o   // this cycle's increment wrapped past 2^Width-1
);

  logic [Width-1:0] count_d, count_q;
  logic [Width:0]   sum;

  assign sum = {1'b0, count_q} + {{(Width + 1 - IncW){1'b0}}, inc_i};

  always_comb begin : next_count
    count_d = sum[Width-1:0];
    if (we_i) begin
      count_d = wdata_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : count_reg
    if (!rst_ni) begin
      count_q <= '0;
    end else begin
      count_q <= count_d;
    end
  end

  assign value_o    = count_q;
  assign overflow_o = sum[Width] & ~we_i;

`ifndef SYNTHESIS
  initial begin : param_check
    assert (IncW >= 1 && IncW <= Width) else $fatal(1, "pmu_counter: bad IncW %0d", IncW);
  end
`endif

endmodule : pmu_counter

`default_nettype wire
