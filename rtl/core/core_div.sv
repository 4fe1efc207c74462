// Iterative radix-2 divider (not pipelined): DIV/DIVU/REM/REMU in 34 cycles (one setup
// cycle, 32 quotient bits, one result cycle). Division by zero and signed overflow give the
// RISC-V results (spec table 7.1) without trapping. fast_i answers in the start cycle.
`default_nettype none

module core_div (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        fast_i,
  input  logic        start_i,
  input  logic [1:0]  funct_i,   // funct3[1:0]: 0 div, 1 divu, 2 rem, 3 remu
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  output logic        busy_o,
  output logic        valid_o,
  output logic [31:0] result_o
);

  logic        is_signed, want_rem;
  logic        neg_q_now, neg_r_now;
  logic [31:0] abs_a, abs_b;

  assign is_signed = ~funct_i[0];
  assign want_rem  = funct_i[1];
  assign abs_a     = (is_signed & a_i[31]) ? -a_i : a_i;
  assign abs_b     = (is_signed & b_i[31]) ? -b_i : b_i;
  assign neg_q_now = is_signed & (a_i[31] ^ b_i[31]) & (b_i != '0);
  assign neg_r_now = is_signed & a_i[31];

  // Single-cycle reference path for the fast-ALU idealisation.
  logic [31:0] fast_q, fast_r, fast_result;
  always_comb begin : fast_path
    fast_q = abs_b == '0 ? '1 : abs_a / abs_b;
    fast_r = abs_b == '0 ? abs_a : abs_a % abs_b;
    if (neg_q_now) fast_q = -fast_q;
    if (neg_r_now) fast_r = -fast_r;
    fast_result = want_rem ? fast_r : fast_q;
  end

  // Restoring division: rem/quo shift left one bit per cycle.
  logic [5:0]  count_q, count_d;
  logic        busy_q, busy_d, done_q, done_d;
  logic [31:0] quo_q, quo_d, rem_q, rem_d, div_q, div_d;
  logic        neg_q_q, neg_q_d, neg_r_q, neg_r_d, want_rem_q, want_rem_d;
  logic [32:0] trial;

  assign trial = {rem_q, quo_q[31]} - {1'b0, div_q};

  always_comb begin : iterate
    count_d    = count_q;
    busy_d     = busy_q;
    done_d     = 1'b0;
    quo_d      = quo_q;
    rem_d      = rem_q;
    div_d      = div_q;
    neg_q_d    = neg_q_q;
    neg_r_d    = neg_r_q;
    want_rem_d = want_rem_q;
    if (start_i && !fast_i) begin
      busy_d     = 1'b1;
      count_d    = 6'd32;
      quo_d      = abs_a;
      rem_d      = '0;
      div_d      = abs_b;
      neg_q_d    = neg_q_now;
      neg_r_d    = neg_r_now;
      want_rem_d = want_rem;
    end else if (busy_q) begin
      if (trial[32]) begin
        rem_d = {rem_q[30:0], quo_q[31]};
        quo_d = {quo_q[30:0], 1'b0};
      end else begin
        rem_d = trial[31:0];
        quo_d = {quo_q[30:0], 1'b1};
      end
      count_d = count_q - 6'd1;
      if (count_q == 6'd1) begin
        busy_d = 1'b0;
        done_d = 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      count_q    <= '0;
      busy_q     <= 1'b0;
      done_q     <= 1'b0;
      quo_q      <= '0;
      rem_q      <= '0;
      div_q      <= '0;
      neg_q_q    <= 1'b0;
      neg_r_q    <= 1'b0;
      want_rem_q <= 1'b0;
    end else begin
      count_q    <= count_d;
      busy_q     <= busy_d;
      done_q     <= done_d;
      quo_q      <= quo_d;
      rem_q      <= rem_d;
      div_q      <= div_d;
      neg_q_q    <= neg_q_d;
      neg_r_q    <= neg_r_d;
      want_rem_q <= want_rem_d;
    end
  end

  // Divide by zero: the loop yields quotient all-ones and remainder = dividend, as required;
  // signed overflow (-2^31 / -1) yields 2^31 / 1 negated = -2^31 and remainder 0, as required.
  logic [31:0] slow_result;
  assign slow_result = want_rem_q ? (neg_r_q ? -rem_q : rem_q) : (neg_q_q ? -quo_q : quo_q);

  assign busy_o   = busy_q | done_q;
  assign valid_o  = fast_i ? start_i : done_q;
  assign result_o = fast_i ? fast_result : slow_result;

endmodule : core_div
