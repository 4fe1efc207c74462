// Single-precision (RV32F) FP datapath package: op and rounding-mode encodings, the fflags
// layout, and the shared pieces of arithmetic (unpack, leading-zero count, round-and-pack).
// The bit-exact reference is sim_model/iss/softfloat32.cpp; docs/dev/fpu.md describes the units.
`default_nettype none

package fpu_pkg;

  // The ops of fpu_pipe (all but FpuDiv/FpuSqrt) and fpu_divsqrt (FpuDiv/FpuSqrt). The values
  // are mirrored in tb/units/fpu_unit/fpu_unit_main.cpp (kOps): keep the two in sync.
  typedef enum logic [4:0] {
    FpuAdd    = 5'd0,   // a + b
    FpuSub    = 5'd1,   // a - b
    FpuMul    = 5'd2,   // a * b
    FpuMadd   = 5'd3,   // a * b + c
    FpuMsub   = 5'd4,   // a * b - c
    FpuNmsub  = 5'd5,   // -(a * b) + c
    FpuNmadd  = 5'd6,   // -(a * b) - c
    FpuMin    = 5'd7,   // minimumNumber(a, b)
    FpuMax    = 5'd8,   // maximumNumber(a, b)
    FpuEq     = 5'd9,   // a == b (quiet), integer 0/1
    FpuLt     = 5'd10,  // a < b (signalling), integer 0/1
    FpuLe     = 5'd11,  // a <= b (signalling), integer 0/1
    FpuClass  = 5'd12,  // fclass.s mask of a
    FpuSgnj   = 5'd13,  // |a| with b's sign
    FpuSgnjn  = 5'd14,  // |a| with b's sign inverted
    FpuSgnjx  = 5'd15,  // a with sign a ^ b
    FpuCvtWS  = 5'd16,  // int32(a)
    FpuCvtWuS = 5'd17,  // uint32(a)
    FpuCvtSW  = 5'd18,  // float(int32 a)
    FpuCvtSWu = 5'd19,  // float(uint32 a)
    FpuMvXW   = 5'd20,  // a's bits to an integer register
    FpuMvWX   = 5'd21,  // an integer register's bits to a
    FpuDiv    = 5'd22,  // a / b (fpu_divsqrt)
    FpuSqrt   = 5'd23   // sqrt(a) (fpu_divsqrt)
  } fpu_op_e /*verilator public*/;  // public: the unit bench takes its values from here

  // Rounding modes in the RISC-V frm encoding. Units see only resolved modes (never RmDyn).
  typedef enum logic [2:0] {
    RmRne = 3'd0,  // to nearest, ties to even
    RmRtz = 3'd1,  // toward zero
    RmRdn = 3'd2,  // down
    RmRup = 3'd3,  // up
    RmRmm = 3'd4,  // to nearest, ties to max magnitude
    RmDyn = 3'd7   // frm (instruction field only)
  } fpu_rm_e;

  // fflags, packed in the CSR's bit order (nv is bit 4, nx bit 0).
  typedef struct packed {
    logic nv;  // invalid operation
    logic dz;  // divide by zero
    logic of;  // overflow
    logic uf;  // underflow
    logic nx;  // inexact
  } fpu_flags_t;

  // FP arithmetic (the FLOPS stack's "FP op", docs/dev/probe.md): the ops that produce flops.
  // Min/max, compares, fclass, sign injection, conversions and moves are not arithmetic: on an
  // FMA pipe they take a slot that does no flop (the stack's non_vfp).
  function automatic logic is_arith(fpu_op_e op);
    return op inside {FpuAdd, FpuSub, FpuMul, FpuMadd, FpuMsub, FpuNmsub, FpuNmadd, FpuDiv,
                      FpuSqrt};
  endfunction

  // Fused multiply-adds: two flops per element (the FLOPS stack's a = 2).
  function automatic logic is_fma(fpu_op_e op);
    return op inside {FpuMadd, FpuMsub, FpuNmsub, FpuNmadd};
  endfunction

  // Ops that read operand b (rs2); the rest read a (rs1) only, c (rs3) is the FMAs'.
  function automatic logic has_b(fpu_op_e op);
    return !(op inside {FpuSqrt, FpuClass, FpuCvtWS, FpuCvtWuS, FpuCvtSW, FpuCvtSWu, FpuMvXW,
                        FpuMvWX});
  endfunction

  // Ops of fpu_divsqrt (the others run on fpu_pipe).
  function automatic logic is_divsqrt(fpu_op_e op);
    return op == FpuDiv || op == FpuSqrt;
  endfunction

  localparam logic [31:0] CanonicalNan = 32'h7fc0_0000;
  localparam logic [30:0] InfMag       = 31'h7f80_0000;
  localparam logic [30:0] MaxFiniteMag = 31'h7f7f_ffff;

  // Unbiased exponents with room for products, alignments and normalisation shifts.
  typedef logic signed [11:0] fexp_t;

  // What an operand is, and its value as sig * 2^(exp - 23) with sig normalised to
  // [2^23, 2^24) (subnormals are normalised here, so exp goes down to -149).
  typedef struct packed {
    logic        sign;
    logic        zero;
    logic        subnormal;
    logic        inf;
    logic        nan;
    logic        snan;
    fexp_t       exp;
    logic [23:0] sig;
  } fpu_operand_t;

  // Leading zeros of a 24-bit value (24 for 0).
  function automatic logic [4:0] lzc24(logic [23:0] v);
    logic [4:0] n;
    logic       found;
    n     = 5'd24;
    found = 1'b0;
    for (int i = 23; i >= 0; i--) begin
      if (v[i] && !found) begin
        n     = 5'(23 - i);
        found = 1'b1;
      end
    end
    return n;
  endfunction

  function automatic fpu_operand_t unpack(logic [31:0] a);
    fpu_operand_t o;
    logic [4:0]   lz;
    o.sign      = a[31];
    o.zero      = a[30:0] == '0;
    o.subnormal = a[30:23] == '0 && !o.zero;
    o.inf       = a[30:0] == InfMag;
    o.nan       = a[30:23] == '1 && a[22:0] != '0;
    o.snan      = o.nan && !a[22];
    if (a[30:23] == '0) begin
      lz    = lzc24({1'b0, a[22:0]});
      o.sig = {1'b0, a[22:0]} << lz;
      o.exp = fexp_t'(-126) - fexp_t'(lz);
    end else begin
      o.sig = {1'b1, a[22:0]};
      o.exp = fexp_t'({4'b0, a[30:23]}) - fexp_t'(127);
    end
    return o;
  endfunction

  // Whether rounding a value of sign `sign` whose kept LSB is `lsb`, guard bit `g` and
  // sticky `s` increments the kept part.
  function automatic logic round_up(fpu_rm_e rm, logic sign, logic lsb, logic g, logic s);
    unique case (rm)
      RmRne:   return g && (s || lsb);
      RmRtz:   return 1'b0;
      RmRdn:   return sign && (g || s);
      RmRup:   return !sign && (g || s);
      RmRmm:   return g;
      default: return 1'b0;
    endcase
  endfunction

  typedef struct packed {
    logic [31:0] value;
    fpu_flags_t  flags;
  } fpu_result_t;

  // The binary32 nearest (by rm) to m * 2^(e - 25), m normalised (m[25] = 1), m[0] a sticky
  // bit: m[25:2] are the 24 significant bits, m[1] the guard bit. Overflow gives inf or the
  // largest finite number by rm; below 2^-126 the value is rounded at 2^-149, and tininess is
  // detected after rounding (RISC-V): tiny unless rounding to 24 bits with an unbounded
  // exponent reaches 2^-126.
  function automatic fpu_result_t round_pack(logic sign, fexp_t e, logic [25:0] m, fpu_rm_e rm);
    fpu_result_t r;
    logic [25:0] ms;    // m shifted to the subnormal rounding position
    logic [24:0] q;     // rounded significand
    logic        sub, tiny, to_inf, carry24;
    logic [4:0]  sh;    // subnormal shift, saturated at 25 (then all of m is sticky)
    fexp_t       under;
    sub   = e < fexp_t'(-126);
    under = fexp_t'(-126) - e;
    sh    = !sub ? 5'd0 : (under > fexp_t'(25) ? 5'd25 : under[4:0]);
    ms    = (m >> sh) | 26'(|(m & ~(26'h3ff_ffff << sh)));
    q       = {1'b0, ms[25:2]} + 25'(round_up(rm, sign, ms[2], ms[1], ms[0]));
    r.flags = '0;
    r.flags.nx = ms[1] | ms[0];
    // Tininess: the carry out of rounding the unshifted m to 24 bits reaches 2^-126 only from
    // e = -127.
    carry24 = (&m[25:2]) && round_up(rm, sign, m[2], m[1], m[0]);
    tiny    = e < fexp_t'(-127) || (e == fexp_t'(-127) && !carry24);
    if (sub) begin
      r.flags.uf = tiny && r.flags.nx;
      r.value    = {sign, 8'b0, q[22:0]} + {8'b0, q[23], 23'b0};  // q = 2^23: the min normal
    end else if (e + fexp_t'(q[24]) >= fexp_t'(128)) begin
      to_inf     = rm == RmRne || rm == RmRmm || (rm == RmRdn && sign) || (rm == RmRup && !sign);
      r.flags.of = 1'b1;
      r.flags.nx = 1'b1;
      r.value    = {sign, to_inf ? InfMag : MaxFiniteMag};
    end else begin
      // q in [2^23, 2^24]: its leading one adds 1 to (e + 126), a carry to 2^24 adds 2.
      r.value = {sign, 31'(unsigned'(e + fexp_t'(126))) << 23} + {7'b0, q};
    end
    return r;
  endfunction

endpackage : fpu_pkg
