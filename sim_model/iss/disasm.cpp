#include "disasm.h"

#include <fmt/format.h>

#include <array>

#include "decode.h"

namespace stackscope::iss {

const char* abi_reg(unsigned r) {
  static constexpr std::array<const char*, 32> kNames = {
      "zero", "ra", "sp", "gp", "tp",  "t0",  "t1", "t2", "s0", "s1", "a0",
      "a1",   "a2", "a3", "a4", "a5",  "a6",  "a7", "s2", "s3", "s4", "s5",
      "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
  return kNames[r & 31];
}

const char* abi_freg(unsigned r) {
  static constexpr std::array<const char*, 32> kNames = {
      "ft0", "ft1", "ft2",  "ft3",  "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0",
      "fa1", "fa2", "fa3",  "fa4",  "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5",
      "fs6", "fs7", "fs8",  "fs9",  "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};
  return kNames[r & 31];
}

namespace {

// Rounding-mode suffix as objdump prints it: nothing for dyn.
std::string rm_suffix(unsigned rm) {
  static constexpr std::array<const char*, 8> kRm = {"rne", "rtz", "rdn", "rup",
                                                     "rmm", "0x5", "0x6", ""};
  return rm == 7 ? "" : fmt::format(", {}", kRm[rm & 7]);
}

std::string disasm_fp(const decoded_t& d) {
  const char* m = op_name(d.op);
  const char *fd = abi_freg(d.rd), *f1 = abi_freg(d.rs1), *f2 = abi_freg(d.rs2),
             *f3 = abi_freg(d.rs3);
  const char *xd = abi_reg(d.rd), *x1 = abi_reg(d.rs1);
  const std::string rm = rm_suffix(d.rm);
  switch (d.op) {
    case Op::kFlw:
      return fmt::format("flw {}, {}({})", fd, d.imm, x1);
    case Op::kFsw:
      return fmt::format("fsw {}, {}({})", f2, d.imm, x1);
    case Op::kFmadd: case Op::kFmsub: case Op::kFnmsub: case Op::kFnmadd:
      return fmt::format("{} {}, {}, {}, {}{}", m, fd, f1, f2, f3, rm);
    case Op::kFadd: case Op::kFsub: case Op::kFmul: case Op::kFdiv:
      return fmt::format("{} {}, {}, {}{}", m, fd, f1, f2, rm);
    case Op::kFsqrt:
      return fmt::format("{} {}, {}{}", m, fd, f1, rm);
    case Op::kFsgnj: case Op::kFsgnjn: case Op::kFsgnjx:
      if (d.rs1 == d.rs2)  // objdump's aliases
        return fmt::format("{} {}, {}", d.op == Op::kFsgnj ? "fmv.s" : d.op == Op::kFsgnjn ? "fneg.s" : "fabs.s", fd, f1);
      return fmt::format("{} {}, {}, {}", m, fd, f1, f2);
    case Op::kFmin: case Op::kFmax:
      return fmt::format("{} {}, {}, {}", m, fd, f1, f2);
    case Op::kFeq: case Op::kFlt: case Op::kFle:
      return fmt::format("{} {}, {}, {}", m, xd, f1, f2);
    case Op::kFcvtWS: case Op::kFcvtWuS:
      return fmt::format("{} {}, {}{}", m, xd, f1, rm);
    case Op::kFcvtSW: case Op::kFcvtSWu:
      return fmt::format("{} {}, {}{}", m, fd, x1, rm);
    case Op::kFmvXW: case Op::kFclass:
      return fmt::format("{} {}, {}", m, xd, f1);
    case Op::kFmvWX:
      return fmt::format("{} {}, {}", m, fd, x1);
    default:
      return m;
  }
}

std::string csr_name(unsigned a) {
  switch (a) {
    case 0x001: return "fflags";
    case 0x002: return "frm";
    case 0x003: return "fcsr";
    case 0x300: return "mstatus";
    case 0x304: return "mie";
    case 0x305: return "mtvec";
    case 0x306: return "mcounteren";
    case 0x320: return "mcountinhibit";
    case 0x340: return "mscratch";
    case 0x341: return "mepc";
    case 0x342: return "mcause";
    case 0x343: return "mtval";
    case 0x344: return "mip";
    case 0xb00: return "mcycle";
    case 0xb02: return "minstret";
    case 0xb80: return "mcycleh";
    case 0xb82: return "minstreth";
    case 0xc00: return "cycle";
    case 0xc01: return "time";
    case 0xc02: return "instret";
    case 0xc80: return "cycleh";
    case 0xc81: return "timeh";
    case 0xc82: return "instreth";
    case 0xf14: return "mhartid";
    default: break;
  }
  if (a >= 0xb03 && a <= 0xb1f) return fmt::format("mhpmcounter{}", a - 0xb00);
  if (a >= 0x323 && a <= 0x33f) return fmt::format("mhpmevent{}", a - 0x320);
  return fmt::format("0x{:03x}", a);
}

// A 16-bit instruction in its compressed form, as Spike and objdump -M no-aliases print it
// ("c.addi a0, 1", "c.lw a0, 4(a1)", "c.j 0x80000010"): the mnemonic comes from the
// quadrant and funct3, the operands from the expansion.
std::string disasm_compressed(uint16_t bits, uint32_t pc) {
  const decoded_t d = decode_compressed(bits);
  const unsigned quadrant = bits & 3, f3 = bits >> 13;
  const bool bit12 = (bits >> 12) & 1;
  const char *rd = abi_reg(d.rd), *rs1 = abi_reg(d.rs1), *rs2 = abi_reg(d.rs2);
  const uint32_t target = pc + static_cast<uint32_t>(d.imm);
  const bool sp_form = quadrant == 2;  // c.lwsp, c.swsp, c.flwsp, c.fswsp
  switch (d.op) {
    case Op::kAddi:
      if (quadrant == 0) return fmt::format("c.addi4spn {}, sp, {}", rd, d.imm);
      if (f3 == 2) return fmt::format("c.li {}, {}", rd, d.imm);
      if (f3 == 3) return fmt::format("c.addi16sp sp, {}", d.imm);
      if (d.rd == 0) return d.imm == 0 ? "c.nop" : fmt::format("c.nop {}", d.imm);
      return fmt::format("c.addi {}, {}", rd, d.imm);
    case Op::kLui:
      return fmt::format("c.lui {}, 0x{:x}", rd, (static_cast<uint32_t>(d.imm) >> 12) & 0xfffff);
    case Op::kLw:
      return sp_form ? fmt::format("c.lwsp {}, {}(sp)", rd, d.imm)
                     : fmt::format("c.lw {}, {}({})", rd, d.imm, rs1);
    case Op::kSw:
      return sp_form ? fmt::format("c.swsp {}, {}(sp)", rs2, d.imm)
                     : fmt::format("c.sw {}, {}({})", rs2, d.imm, rs1);
    case Op::kFlw:
      return sp_form ? fmt::format("c.flwsp {}, {}(sp)", abi_freg(d.rd), d.imm)
                     : fmt::format("c.flw {}, {}({})", abi_freg(d.rd), d.imm, rs1);
    case Op::kFsw:
      return sp_form ? fmt::format("c.fswsp {}, {}(sp)", abi_freg(d.rs2), d.imm)
                     : fmt::format("c.fsw {}, {}({})", abi_freg(d.rs2), d.imm, rs1);
    case Op::kJal:
      return fmt::format("{} 0x{:08x}", d.rd == 0 ? "c.j" : "c.jal", target);
    case Op::kJalr:
      return fmt::format("{} {}", d.rd == 0 ? "c.jr" : "c.jalr", rs1);
    case Op::kBeq:
    case Op::kBne:
      return fmt::format("{} {}, 0x{:08x}", d.op == Op::kBeq ? "c.beqz" : "c.bnez", rs1, target);
    case Op::kSlli:
    case Op::kSrli:
    case Op::kSrai:  // objdump prints compressed shift amounts in hex
      return fmt::format("c.{} {}, 0x{:x}", op_name(d.op), rd, d.imm);
    case Op::kAndi:
      return fmt::format("c.andi {}, {}", rd, d.imm);
    case Op::kSub:
    case Op::kXor:
    case Op::kOr:
    case Op::kAnd:
      return fmt::format("c.{} {}, {}", op_name(d.op), rd, rs2);
    case Op::kAdd:
      return fmt::format("{} {}, {}", bit12 ? "c.add" : "c.mv", rd, rs2);
    case Op::kEbreak:
      return "c.ebreak";
    default:  // reserved, or RV64/D only
      return fmt::format(".2byte 0x{:04x}", bits);
  }
}

}  // namespace

std::string disasm(uint32_t bits, uint32_t pc, bool c) {
  if (is_compressed(bits)) {
    return c ? disasm_compressed(static_cast<uint16_t>(bits), pc)
             : fmt::format(".word 0x{:08x}", bits);
  }
  const decoded_t d = decode(bits);
  const char* m = op_name(d.op);
  const char *rd = abi_reg(d.rd), *rs1 = abi_reg(d.rs1), *rs2 = abi_reg(d.rs2);
  const uint32_t target = pc + static_cast<uint32_t>(d.imm);
  if (is_fp(d.op)) return disasm_fp(d);
  switch (d.op) {
    case Op::kIllegal:
      return fmt::format(".word 0x{:08x}", bits);
    case Op::kLui:
    case Op::kAuipc:
      return fmt::format("{} {}, 0x{:x}", m, rd, static_cast<uint32_t>(d.imm) >> 12);
    case Op::kJal:
      return d.rd == 0 ? fmt::format("j 0x{:08x}", target)
                       : fmt::format("jal {}, 0x{:08x}", rd, target);
    case Op::kJalr:
      if (d.rd == 0 && d.rs1 == 1 && d.imm == 0) return "ret";
      return fmt::format("jalr {}, {}({})", rd, d.imm, rs1);
    case Op::kBeq: case Op::kBne: case Op::kBlt: case Op::kBge: case Op::kBltu: case Op::kBgeu:
      return fmt::format("{} {}, {}, 0x{:08x}", m, rs1, rs2, target);
    case Op::kLb: case Op::kLh: case Op::kLw: case Op::kLbu: case Op::kLhu:
      return fmt::format("{} {}, {}({})", m, rd, d.imm, rs1);
    case Op::kSb: case Op::kSh: case Op::kSw:
      return fmt::format("{} {}, {}({})", m, rs2, d.imm, rs1);
    case Op::kAddi:
      if (bits == 0x00000013) return "nop";
      if (d.imm == 0) return fmt::format("mv {}, {}", rd, rs1);
      if (d.rs1 == 0) return fmt::format("li {}, {}", rd, d.imm);
      return fmt::format("addi {}, {}, {}", rd, rs1, d.imm);
    case Op::kSlti: case Op::kSltiu: case Op::kXori: case Op::kOri: case Op::kAndi:
      return fmt::format("{} {}, {}, {}", m, rd, rs1, d.imm);
    case Op::kSlli: case Op::kSrli: case Op::kSrai:
      return fmt::format("{} {}, {}, {}", m, rd, rs1, insn_t(bits).shamt());
    case Op::kFence: case Op::kFenceI: case Op::kEcall: case Op::kEbreak: case Op::kMret:
    case Op::kWfi:
      return m;
    case Op::kCsrrw: case Op::kCsrrs: case Op::kCsrrc:
      return fmt::format("{} {}, {}, {}", m, rd, csr_name(insn_t(bits).csr()), rs1);
    case Op::kCsrrwi: case Op::kCsrrsi: case Op::kCsrrci:
      return fmt::format("{} {}, {}, {}", m, rd, csr_name(insn_t(bits).csr()), d.rs1);
    default:  // register-register ALU and M extension
      return fmt::format("{} {}, {}, {}", m, rd, rs1, rs2);
  }
}

}  // namespace stackscope::iss
