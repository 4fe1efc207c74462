// Iterative single-precision divide and square root: one op at a time, StepsPerCycle
// restoring quotient (or root) bits a cycle. 28 bits are computed (24 significant, a guard,
// and one spare for a quotient below 1), the remainder gives the sticky bit, and the shared
// round_pack rounds. Fixed latency: the response comes 28 / StepsPerCycle + 2 cycles after
// the request is taken (16 with the default 2), special operands included (docs/dev/fpu.md).
`default_nettype none

module fpu_divsqrt
  import fpu_pkg::*;
#(
  parameter int unsigned StepsPerCycle = 2,  // quotient/root bits a cycle: 1, 2, 4 or 7
  parameter int unsigned TagW          = 8   // width of the tag carried with the op
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic            flush_i,      // aborts the op in flight; no request is taken
  input  logic            req_valid_i,
  output logic            req_ready_o,  // idle (and not flushing)
  input  fpu_op_e         op_i,         // FpuDiv or FpuSqrt
  input  fpu_rm_e         rm_i,         // resolved (never RmDyn)
  input  logic [31:0]     a_i,          // dividend / radicand
  input  logic [31:0]     b_i,          // divisor (unused for FpuSqrt)
  input  logic [TagW-1:0] tag_i,
  output logic            resp_valid_o, // one cycle, with result_o, flags_o, tag_o
  output logic [31:0]     result_o,
  output fpu_flags_t      flags_o,
  output logic [TagW-1:0] tag_o
);

  localparam int unsigned Bits  = 28;
  localparam int unsigned Iters = Bits / StepsPerCycle;

  typedef enum logic [1:0] {
    StIdle,
    StIter,   // StepsPerCycle quotient/root bits a cycle
    StRound   // round, pack, respond
  } state_e;

  state_e          state_q, state_d;
  logic [4:0]      count_q, count_d;     // iterations left
  logic            sqrt_q, sqrt_d;
  fpu_rm_e         rm_q, rm_d;
  logic [TagW-1:0] tag_q, tag_d;
  logic            sign_q, sign_d;
  fexp_t           exp_q, exp_d;         // exponent of the result's 2^0 quotient bit / root bit 27
  logic            special_q, special_d; // the result is special_res_q, not the quotient
  fpu_result_t     special_res_q, special_res_d;
  logic [31:0]     rem_q, rem_d;         // partial remainder
  logic [27:0]     quo_q, quo_d;         // quotient or root bits so far
  logic [55:0]     opnd_q, opnd_d;       // divisor (low 24 bits) or radicand bits still to use
  logic            resp_valid_q, resp_valid_d;
  fpu_result_t     resp_q, resp_d;
  logic [TagW-1:0] resp_tag_q, resp_tag_d;

  fpu_operand_t ua, ub;
  logic         take;
  assign ua          = unpack(a_i);
  assign ub          = unpack(b_i);
  assign req_ready_o = state_q == StIdle && !flush_i;
  assign take        = req_valid_i && req_ready_o;
  logic unused_subnormal;  // divide and root treat subnormals as normalised operands
  assign unused_subnormal = ua.subnormal ^ ub.subnormal;

  // The iteration state: partial remainder, quotient or root bits so far, and the divisor
  // (low 24 bits) or the radicand bits still to use.
  typedef struct packed {
    logic [31:0] rem;
    logic [27:0] quo;
    logic [55:0] opnd;
  } iter_t;

  // One restoring step. Division: the remainder (< 2 * divisor) against the divisor, then
  // doubled. Square root: the next two radicand bits enter the remainder, which is tested
  // against 4 * root + 1.
  function automatic iter_t step(logic is_sqrt, iter_t s);
    iter_t       n;
    logic [31:0] trial, r;
    logic        bit_set;
    n = s;
    if (is_sqrt) begin
      r      = {s.rem[29:0], s.opnd[55:54]};
      trial  = {2'b0, s.quo, 2'b01};
      n.opnd = {s.opnd[53:0], 2'b00};
    end else begin
      r     = s.rem;
      trial = {8'b0, s.opnd[23:0]};
    end
    bit_set = r >= trial;
    if (bit_set) r = r - trial;
    n.rem = is_sqrt ? r : {r[30:0], 1'b0};
    n.quo = {s.quo[26:0], bit_set};
    return n;
  endfunction

  always_comb begin : fsm
    iter_t it;
    logic  even;
    state_d       = state_q;
    count_d       = count_q;
    sqrt_d        = sqrt_q;
    rm_d          = rm_q;
    tag_d         = tag_q;
    sign_d        = sign_q;
    exp_d         = exp_q;
    special_d     = special_q;
    special_res_d = special_res_q;
    rem_d         = rem_q;
    quo_d         = quo_q;
    opnd_d        = opnd_q;
    resp_valid_d  = 1'b0;
    resp_d        = resp_q;
    resp_tag_d    = resp_tag_q;
    it            = '{rem: rem_q, quo: quo_q, opnd: opnd_q};
    even          = 1'b0;
    unique case (state_q)
      StIdle: begin
        if (take) begin
          state_d       = StIter;
          count_d       = 5'(Iters);
          sqrt_d        = op_i == FpuSqrt;
          rm_d          = rm_i;
          tag_d         = tag_i;
          quo_d         = '0;
          special_d     = 1'b1;
          special_res_d = '0;
          if (op_i == FpuSqrt) begin
            sign_d = 1'b0;
            rem_d  = '0;
            // Radicand sig * 2^(exp - 23) with (exp - 23) made even, scaled by 2^30: a root
            // of 27 or 28 bits, root bit 27 of weight 2^(12 + (exp - 23) / 2).
            even   = !ua.exp[0];
            opnd_d = {1'b0, even ? {ua.sig, 1'b0} : {1'b0, ua.sig}, 30'b0};
            exp_d  = fexp_t'(12) + ((ua.exp - fexp_t'(even) - fexp_t'(23)) >>> 1);
            if (ua.nan) begin
              special_res_d = '{value: CanonicalNan, flags: '{nv: ua.snan, default: 1'b0}};
            end else if (ua.zero) begin
              special_res_d.value = a_i;
            end else if (ua.sign) begin
              special_res_d = '{value: CanonicalNan, flags: '{nv: 1'b1, default: 1'b0}};
            end else if (ua.inf) begin
              special_res_d.value = a_i;
            end else begin
              special_d = 1'b0;
            end
          end else begin
            sign_d = ua.sign ^ ub.sign;
            rem_d  = {8'b0, ua.sig};
            opnd_d = {32'b0, ub.sig};
            exp_d  = ua.exp - ub.exp;
            if (ua.nan || ub.nan) begin
              special_res_d.value    = CanonicalNan;
              special_res_d.flags.nv = ua.snan || ub.snan;
            end else if (ua.inf) begin
              special_res_d.value    = ub.inf ? CanonicalNan : {sign_d, InfMag};
              special_res_d.flags.nv = ub.inf;
            end else if (ub.inf) begin
              special_res_d.value = {sign_d, 31'b0};
            end else if (ub.zero) begin
              special_res_d.value    = ua.zero ? CanonicalNan : {sign_d, InfMag};
              special_res_d.flags.nv = ua.zero;
              special_res_d.flags.dz = !ua.zero;
            end else if (ua.zero) begin
              special_res_d.value = {sign_d, 31'b0};
            end else begin
              special_d = 1'b0;
            end
          end
        end
      end
      StIter: begin
        for (int unsigned s = 0; s < StepsPerCycle; s++) it = step(sqrt_q, it);
        rem_d   = it.rem;
        quo_d   = it.quo;
        opnd_d  = it.opnd;
        count_d = count_q - 5'd1;
        if (count_q == 5'd1) state_d = StRound;
      end
      StRound: begin
        state_d      = StIdle;
        resp_valid_d = 1'b1;
        resp_tag_d   = tag_q;
        if (special_q) begin
          resp_d = special_res_q;
        end else if (quo_q[27]) begin
          resp_d = round_pack(sign_q, exp_q, {quo_q[27:3], |{quo_q[2:0], rem_q != '0}}, rm_q);
        end else begin
          resp_d = round_pack(sign_q, exp_q - fexp_t'(1), {quo_q[26:2], |{quo_q[1:0], rem_q != '0}},
                              rm_q);
        end
      end
      default: state_d = StIdle;
    endcase
    if (flush_i) begin
      state_d      = StIdle;
      resp_valid_d = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      state_q       <= StIdle;
      count_q       <= '0;
      sqrt_q        <= 1'b0;
      rm_q          <= RmRne;
      tag_q         <= '0;
      sign_q        <= 1'b0;
      exp_q         <= '0;
      special_q     <= 1'b0;
      special_res_q <= '0;
      rem_q         <= '0;
      quo_q         <= '0;
      opnd_q        <= '0;
      resp_valid_q  <= 1'b0;
      resp_q        <= '0;
      resp_tag_q    <= '0;
    end else begin
      state_q       <= state_d;
      count_q       <= count_d;
      sqrt_q        <= sqrt_d;
      rm_q          <= rm_d;
      tag_q         <= tag_d;
      sign_q        <= sign_d;
      exp_q         <= exp_d;
      special_q     <= special_d;
      special_res_q <= special_res_d;
      rem_q         <= rem_d;
      quo_q         <= quo_d;
      opnd_q        <= opnd_d;
      resp_valid_q  <= resp_valid_d;
      resp_q        <= resp_d;
      resp_tag_q    <= resp_tag_d;
    end
  end

  assign resp_valid_o = resp_valid_q;
  assign result_o     = resp_q.value;
  assign flags_o      = resp_q.flags;
  assign tag_o        = resp_tag_q;

`ifndef SYNTHESIS
  initial begin : params_ok
    assert (StepsPerCycle >= 1 && Bits % StepsPerCycle == 0 && Iters < 32)
      else $fatal(1, "fpu_divsqrt: StepsPerCycle must divide 28");
  end
  always_ff @(posedge clk_i) begin : op_ok
    if (rst_ni && req_valid_i) begin
      assert (op_i == FpuDiv || op_i == FpuSqrt) else $error("fpu_divsqrt: op %0d", op_i);
      assert (rm_i <= RmRmm) else $error("fpu_divsqrt: unresolved rounding mode %0d", rm_i);
    end
  end
`endif

endmodule : fpu_divsqrt
