// Fully pipelined single-precision FP pipe: the fused multiply-add family (fadd/fsub/fmul are
// FMAs with one operand fixed, one rounding) and every other RV32F op but fdiv/fsqrt, all with
// the same latency so every op takes one FMA slot. One op per cycle; results Latency cycles
// later, in order. Stages (docs/dev/fpu.md): an input register (Latency >= 3); A unpacks,
// multiplies and aligns the addend; B adds, normalises and rounds; the rest of the Latency - 2
// registers beyond A and B follow as result registers.
`default_nettype none

module fpu_pipe
  import fpu_pkg::*;
#(
  parameter int unsigned Latency = 4,  // cycles from valid_i to valid_o; >= 2
  parameter int unsigned TagW    = 8   // width of the tag carried alongside each op
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                flush_i,   // kills every op in flight and the one offered now
  input  logic                valid_i,
  input  fpu_op_e             op_i,      // every fpu_op_e but FpuDiv/FpuSqrt
  input  fpu_rm_e             rm_i,      // resolved (never RmDyn)
  input  logic [31:0]         a_i,       // rs1 (an integer for fcvt.s.w[u] and fmv.w.x)
  input  logic [31:0]         b_i,       // rs2
  input  logic [31:0]         c_i,       // rs3
  input  logic [TagW-1:0]     tag_i,
  output logic                valid_o,
  output logic [31:0]         result_o,  // an integer for compares, fclass, fcvt.w[u].s, fmv.x.w
  output fpu_flags_t          flags_o,
  output logic [TagW-1:0]     tag_o
);

  // The operands as stage A reads them: with Latency >= 3 from an input register (the first
  // of the Latency - 2 registers beyond stages A and B), so the issue stage's register read
  // does not run into the multiplier in one cycle; with Latency 2 straight from the ports.
  logic            valid_s;
  fpu_op_e         op_s;
  fpu_rm_e         rm_s;
  logic [31:0]     a_s, b_s, c_s;
  logic [TagW-1:0] tag_s;
  localparam bit InReg = Latency >= 3;
  if (InReg) begin : gen_in_reg
    always_ff @(posedge clk_i or negedge rst_ni) begin : in_valid
      if (!rst_ni) valid_s <= 1'b0;
      else         valid_s <= valid_i && !flush_i;
    end
    always_ff @(posedge clk_i) begin : in_data
      if (valid_i) begin
        op_s  <= op_i;
        rm_s  <= rm_i;
        a_s   <= a_i;
        b_s   <= b_i;
        c_s   <= c_i;
        tag_s <= tag_i;
      end
    end
  end else begin : gen_in_ports
    assign valid_s = valid_i;
    assign op_s    = op_i;
    assign rm_s    = rm_i;
    assign a_s     = a_i;
    assign b_s     = b_i;
    assign c_s     = c_i;
    assign tag_s   = tag_i;
  end

  localparam logic [31:0] One = 32'h3f80_0000;

  // What stage B does with a stage-A result.
  typedef enum logic [1:0] {
    KindDone,  // the result is final (specials, non-arithmetic ops)
    KindSum,   // add the product and the aligned addend, normalise, round (FMA, fcvt.s.w[u])
    KindToInt  // round the shifted operand to an integer and saturate (fcvt.w[u].s)
  } kind_e;

  // Stage A -> B. The FMA sum window is 77 bits: index 0 is a sticky bit (the addend's bits
  // shifted out), the product sits at [50:3], an unshifted addend at [76:53].
  typedef struct packed {
    kind_e       kind;
    fpu_rm_e     rm;
    fpu_result_t done;      // KindDone
    logic        sign_p;    // KindSum: sign of the product term (of the integer for fcvt)
    logic        sign_c;    //          sign of the addend term
    logic [47:0] prod;      //          product of the normalised significands
    logic [76:0] addend;    //          the addend aligned to the window, sticky at bit 0
    fexp_t       base;      //          exponent of window bit 76
    logic        signed_w;  // KindToInt: fcvt.w.s (else fcvt.wu.s)
    logic        neg;       //            the operand is negative
    logic [32:0] int_part;  //            |a| truncated
    logic        guard;     //            the 2^-1 bit
    logic        sticky;    //            anything below
  } stage_a_t;

  // ---------------------------------------------------------------------------------------
  // Stage A: unpack, specials, the non-arithmetic ops, the significand product and the addend
  // alignment (in parallel), the float->int shift.
  // ---------------------------------------------------------------------------------------
  stage_a_t     a_d;
  fpu_operand_t x, y, z, ua, ub;
  logic         neg_p, neg_c, sp, sc, inf_times_zero;
  logic [31:0]  fma_a, fma_b, fma_c;

  // Total order of two non-NaN values; -0 < +0 only when zeros_differ (fmin/fmax).
  function automatic logic less(logic [31:0] p, logic [31:0] q, logic zeros_differ);
    if (p[31] != q[31]) return p[31] && (zeros_differ || p[30:0] != '0 || q[30:0] != '0);
    return p[31] ? p[30:0] > q[30:0] : p[30:0] < q[30:0];
  endfunction

  always_comb begin : fma_operands
    fma_a = a_s;
    fma_b = b_s;
    fma_c = c_s;
    neg_p = 1'b0;
    neg_c = 1'b0;
    unique case (op_s)
      FpuAdd:   begin fma_b = One; fma_c = b_s; end
      FpuSub:   begin fma_b = One; fma_c = b_s; neg_c = 1'b1; end
      // The zero addend carries the product's sign, so an exact zero product keeps its sign.
      FpuMul:   fma_c = {a_s[31] ^ b_s[31], 31'b0};
      FpuMsub:  neg_c = 1'b1;
      FpuNmsub: neg_p = 1'b1;
      FpuNmadd: begin neg_p = 1'b1; neg_c = 1'b1; end
      default:  ;
    endcase
  end

  assign x  = unpack(fma_a);
  assign y  = unpack(fma_b);
  assign z  = unpack(fma_c);
  assign ua = unpack(a_s);
  assign ub = unpack(b_s);
  assign sp = x.sign ^ y.sign ^ neg_p;
  assign sc = z.sign ^ neg_c;
  assign inf_times_zero = (x.inf && y.zero) || (x.zero && y.inf);

  // Addend alignment: shift = (ex + ey) - ez + 27 puts the addend's LSB at the product's
  // weight (docs/dev/fpu.md); below 0 the addend is far above the product (which then only acts
  // as a sticky below the addend's guard bits), above 76 it is all sticky.
  fexp_t       shift_raw, prod_top;
  logic [6:0]  shift;
  logic [76:0] addend_full;
  assign prod_top    = x.exp + y.exp + fexp_t'(27);
  assign shift_raw   = prod_top - z.exp;
  assign shift       = shift_raw < 0 ? 7'd0 : (shift_raw > fexp_t'(77) ? 7'd77 : shift_raw[6:0]);
  assign addend_full = {z.sig, 53'b0};

  // fcvt.w[u].s: |a| = sig * 2^(exp - 23) as a 58-bit {sig, 34'b0} * 2^(exp - 57), shifted
  // right by (55 - exp) with a jam: bits [34:2] the integer part, [1] the half, [0] sticky.
  logic [57:0] cvt_full, cvt_shifted;
  logic [5:0]  cvt_sh;
  assign cvt_full    = {ua.sig, 34'b0};
  assign cvt_sh      = 6'(unsigned'(fexp_t'(55) - ua.exp));  // used for exp in [-1, 31]
  assign cvt_shifted = (cvt_full >> cvt_sh) | 58'(|(cvt_full & ~({58{1'b1}} << cvt_sh)));

  // Unpacked fields some operands never need (b's value, whether x, y, z are subnormal) and
  // the float->int shift's bits above 2^32.
  logic unused_fields;
  assign unused_fields = ^{x.subnormal, y.subnormal, z.subnormal, ub.sign, ub.zero, ub.subnormal,
                           ub.inf, ub.exp, ub.sig, cvt_shifted[57:35]};

  logic [31:0] int_mag;
  assign int_mag = a_s[31] ? -a_s : a_s;

  always_comb begin : stage_a
    a_d          = '0;
    a_d.kind     = KindDone;
    a_d.rm       = rm_s;
    a_d.signed_w = op_s == FpuCvtWS;
    unique case (op_s)
      FpuAdd, FpuSub, FpuMul, FpuMadd, FpuMsub, FpuNmsub, FpuNmadd: begin
        if (x.nan || y.nan || z.nan || inf_times_zero) begin
          // 0 x inf is invalid even with a quiet NaN addend.
          a_d.done.value    = CanonicalNan;
          a_d.done.flags.nv = x.snan || y.snan || z.snan || inf_times_zero;
        end else if (x.inf || y.inf) begin
          a_d.done.value    = (z.inf && sp != sc) ? CanonicalNan : {sp, InfMag};
          a_d.done.flags.nv = z.inf && sp != sc;
        end else if (z.inf) begin
          a_d.done.value = {sc, InfMag};
        end else if (x.zero || y.zero) begin
          if (!z.zero) a_d.done.value = {sc, fma_c[30:0]};
          else a_d.done.value = {sp == sc ? sp : rm_s == RmRdn, 31'b0};
        end else begin
          a_d.kind   = KindSum;
          a_d.sign_p = sp;
          a_d.sign_c = sc;
          a_d.prod   = x.sig * y.sig;
          if (z.zero) begin
            a_d.base = prod_top;
          end else if (shift_raw < 0) begin
            a_d.addend = addend_full;
            a_d.base   = z.exp;
          end else begin
            a_d.addend = (addend_full >> shift) | 77'(|(addend_full & ~({77{1'b1}} << shift)));
            a_d.base   = prod_top;
          end
        end
      end
      FpuCvtSW, FpuCvtSWu: begin
        // |integer| through the sum path as a product: window bit 3 has weight 2^0. Zero is
        // +0 in every rounding mode (stage B's zero sum would give -0 in RDN).
        a_d.kind   = a_s == '0 ? KindDone : KindSum;
        a_d.sign_p = op_s == FpuCvtSW && a_s[31];
        a_d.sign_c = a_d.sign_p;
        a_d.prod   = {16'b0, op_s == FpuCvtSW ? int_mag : a_s};
        a_d.base   = fexp_t'(73);
      end
      FpuCvtWS, FpuCvtWuS: begin
        if (ua.nan) begin
          a_d.done.value    = op_s == FpuCvtWS ? 32'h7fff_ffff : 32'hffff_ffff;
          a_d.done.flags.nv = 1'b1;
        end else if (ua.inf || ua.exp >= fexp_t'(32)) begin  // beyond both ranges
          a_d.done.value    = op_s == FpuCvtWS ? {ua.sign, {31{!ua.sign}}} : {32{!ua.sign}};
          a_d.done.flags.nv = 1'b1;
        end else begin
          a_d.kind = KindToInt;
          a_d.neg  = ua.sign;
          if (ua.zero) begin
            a_d.sticky = 1'b0;
          end else if (ua.exp < fexp_t'(-1)) begin  // |a| < 0.5
            a_d.sticky = 1'b1;
          end else begin
            a_d.int_part = cvt_shifted[34:2];
            a_d.guard    = cvt_shifted[1];
            a_d.sticky   = cvt_shifted[0];
          end
        end
      end
      FpuMin, FpuMax: begin
        a_d.done.flags.nv = ua.snan || ub.snan;
        if (ua.nan && ub.nan) a_d.done.value = CanonicalNan;
        else if (ua.nan) a_d.done.value = b_s;
        else if (ub.nan) a_d.done.value = a_s;
        else a_d.done.value = (less(a_s, b_s, 1'b1) != (op_s == FpuMax)) ? a_s : b_s;
      end
      FpuEq: begin
        a_d.done.flags.nv = ua.snan || ub.snan;
        a_d.done.value    = {31'b0, !ua.nan && !ub.nan && !less(a_s, b_s, 1'b0)
                                    && !less(b_s, a_s, 1'b0)};
      end
      FpuLt, FpuLe: begin
        a_d.done.flags.nv = ua.nan || ub.nan;
        a_d.done.value    = {31'b0, !ua.nan && !ub.nan && (op_s == FpuLt ? less(a_s, b_s, 1'b0)
                                                                       : !less(b_s, a_s, 1'b0))};
      end
      FpuClass: begin
        if (ua.nan) a_d.done.value[ua.snan ? 8 : 9] = 1'b1;
        else if (ua.inf) a_d.done.value[ua.sign ? 0 : 7] = 1'b1;
        else if (ua.zero) a_d.done.value[ua.sign ? 3 : 4] = 1'b1;
        else if (ua.subnormal) a_d.done.value[ua.sign ? 2 : 5] = 1'b1;
        else a_d.done.value[ua.sign ? 1 : 6] = 1'b1;
      end
      FpuSgnj:          a_d.done.value = {b_s[31], a_s[30:0]};
      FpuSgnjn:         a_d.done.value = {!b_s[31], a_s[30:0]};
      FpuSgnjx:         a_d.done.value = {a_s[31] ^ b_s[31], a_s[30:0]};
      FpuMvXW, FpuMvWX: a_d.done.value = a_s;
      default:          ;  // FpuDiv/FpuSqrt belong to fpu_divsqrt (asserted below)
    endcase
  end

  logic            a_valid_q;
  logic [TagW-1:0] a_tag_q;
  stage_a_t        a_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin : stage_a_regs
    if (!rst_ni) begin
      a_valid_q <= 1'b0;
      a_tag_q   <= '0;
      a_q       <= '0;
    end else begin
      a_valid_q <= valid_s && !flush_i;
      if (valid_s) begin
        a_tag_q <= tag_s;
        a_q     <= a_d;
      end
    end
  end

  // ---------------------------------------------------------------------------------------
  // Stage B: the 77-bit add (or subtract and negate), leading-zero count, normalisation and
  // one rounding; the float->int rounding and saturation.
  // ---------------------------------------------------------------------------------------
  fpu_result_t b_d;
  logic [76:0] prod_w, sum, norm;
  logic [77:0] diff;
  logic        sum_sign;
  logic [6:0]  lz;
  logic [32:0] int_rounded;
  logic        int_over;

  function automatic logic [6:0] lzc77(logic [76:0] v);
    logic [6:0] n;
    logic       found;
    n     = 7'd77;
    found = 1'b0;
    for (int i = 76; i >= 0; i--) begin
      if (v[i] && !found) begin
        n     = 7'(76 - i);
        found = 1'b1;
      end
    end
    return n;
  endfunction

  always_comb begin : stage_b_sum
    prod_w   = {26'b0, a_q.prod, 3'b0};
    diff     = {1'b0, a_q.addend} - {1'b0, prod_w};
    sum_sign = a_q.sign_p;
    if (a_q.sign_p == a_q.sign_c) begin
      sum = a_q.addend + prod_w;  // no carry out: the terms overlap only below bit 76
    end else if (diff[77]) begin
      sum = 77'(-diff);
    end else begin
      sum      = diff[76:0];
      sum_sign = a_q.sign_c;
    end
    lz   = lzc77(sum);
    norm = sum << lz;
  end

  always_comb begin : stage_b_int
    int_rounded = a_q.int_part + 33'(round_up(a_q.rm, a_q.neg, a_q.int_part[0], a_q.guard,
                                              a_q.sticky));
    if (a_q.signed_w) int_over = int_rounded > (a_q.neg ? 33'h0_8000_0000 : 33'h0_7fff_ffff);
    else int_over = a_q.neg ? int_rounded != '0 : int_rounded[32];
  end

  always_comb begin : stage_b
    b_d = a_q.done;
    unique case (a_q.kind)
      KindSum: begin
        if (sum == '0) b_d = '{value: {a_q.rm == RmRdn, 31'b0}, flags: '0};  // exact zero
        else b_d = round_pack(sum_sign, a_q.base - fexp_t'(lz), {norm[76:52], |norm[51:0]},
                              a_q.rm);
      end
      KindToInt: begin
        b_d = '0;
        if (int_over) begin
          b_d.flags.nv = 1'b1;
          if (a_q.signed_w) b_d.value = {a_q.neg, {31{!a_q.neg}}};
          else b_d.value = {32{!a_q.neg}};
        end else begin
          b_d.flags.nx = a_q.guard || a_q.sticky;
          b_d.value    = a_q.neg ? -int_rounded[31:0] : int_rounded[31:0];
        end
      end
      default: ;
    endcase
  end

  // ---------------------------------------------------------------------------------------
  // Result registers: res_q[0] is stage B's, res_q[Depth-1] the output.
  // ---------------------------------------------------------------------------------------
  localparam int unsigned Depth = InReg ? Latency - 2 : Latency - 1;
  logic            res_valid_q [Depth];
  logic [TagW-1:0] res_tag_q   [Depth];
  fpu_result_t     res_q       [Depth];

  always_ff @(posedge clk_i or negedge rst_ni) begin : result_regs
    if (!rst_ni) begin
      for (int unsigned i = 0; i < Depth; i++) begin
        res_valid_q[i] <= 1'b0;
        res_tag_q[i]   <= '0;
        res_q[i]       <= '0;
      end
    end else begin
      res_valid_q[0] <= a_valid_q && !flush_i;
      if (a_valid_q) begin
        res_tag_q[0] <= a_tag_q;
        res_q[0]     <= b_d;
      end
      for (int unsigned i = 1; i < Depth; i++) begin
        res_valid_q[i] <= res_valid_q[i-1] && !flush_i;
        if (res_valid_q[i-1]) begin
          res_tag_q[i] <= res_tag_q[i-1];
          res_q[i]     <= res_q[i-1];
        end
      end
    end
  end

  assign valid_o  = res_valid_q[Depth-1];
  assign result_o = res_q[Depth-1].value;
  assign flags_o  = res_q[Depth-1].flags;
  assign tag_o    = res_tag_q[Depth-1];

`ifndef SYNTHESIS
  initial begin : params_ok
    assert (Latency >= 2) else $fatal(1, "fpu_pipe: Latency must be at least 2");
    assert (TagW >= 1) else $fatal(1, "fpu_pipe: TagW must be at least 1");
  end
  always_ff @(posedge clk_i) begin : op_ok
    if (rst_ni && valid_s) begin
      assert (op_s != FpuDiv && op_s != FpuSqrt) else $error("fpu_pipe: fdiv/fsqrt issued");
      assert (rm_s <= RmRmm) else $error("fpu_pipe: unresolved rounding mode %0d", rm_s);
    end
  end
  // The 77-bit window never carries out of an effective addition (docs/dev/fpu.md).
  always_ff @(posedge clk_i) begin : window_fits
    if (rst_ni && a_valid_q && a_q.kind == KindSum && a_q.sign_p == a_q.sign_c) begin
      assert (sum >= a_q.addend) else $error("fpu_pipe: sum window overflow");
    end
  end
`endif

endmodule : fpu_pipe
