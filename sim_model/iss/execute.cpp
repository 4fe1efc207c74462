// Instruction semantics, one case per operation (RISC-V unprivileged spec, RV32I + M). A
// 16-bit instruction runs as the 32-bit one it expands to; only its length (d.len) differs.
#include <cstdint>
#include <limits>

#include "hart.h"

namespace stackscope::iss {
namespace {

constexpr int32_t s(uint32_t v) { return static_cast<int32_t>(v); }
constexpr uint32_t u(int64_t v) { return static_cast<uint32_t>(v); }
constexpr int32_t kIntMin = std::numeric_limits<int32_t>::min();

}  // namespace

bool Hart::jump(uint32_t target, CommitRecord& r) {
  // A target off IALIGN (4 bytes, or 2 with C) traps on the jump itself.
  if (target & misaligned_mask_) return raise(cause::kMisalignedFetch, target);
  r.next_pc = target;
  return true;
}

template <class T>
bool Hart::load(uint32_t addr, CommitRecord& r, uint32_t& value) {
  if (addr & (sizeof(T) - 1)) return raise(cause::kMisalignedLoad, addr);
  T v;
  if (!mem_.load<T>(addr, v)) return raise(cause::kLoadAccess, addr);
  value = v;
  r.mem_read = true;
  r.mem_addr = addr;
  r.mem_size = sizeof(T);
  r.csr_counter_read = addr - mmap::kMtime < 8;
  return true;
}

template <class T>
bool Hart::store(uint32_t addr, T value, CommitRecord& r) {
  if (addr & (sizeof(T) - 1)) return raise(cause::kMisalignedStore, addr);
  if (!mem_.store<T>(addr, value)) return raise(cause::kStoreAccess, addr);
  r.mem_write = true;
  r.mem_addr = addr;
  r.mem_size = sizeof(T);
  r.mem_wdata = value;
  return true;
}

bool Hart::csr_op(const decoded_t& d, CommitRecord& r) {
  Csrs& c = s_.csrs;
  const unsigned addr = static_cast<unsigned>(d.imm);
  const bool imm_form = d.op == Op::kCsrrwi || d.op == Op::kCsrrsi || d.op == Op::kCsrrci;
  const uint32_t src = imm_form ? d.rs1 : s_.x[d.rs1];
  const bool is_rw = d.op == Op::kCsrrw || d.op == Op::kCsrrwi;
  // csrrw with rd=x0 does not read; csrrs/csrrc with rs1/uimm = 0 do not write.
  const bool writes = is_rw || d.rs1 != 0;
  // Reads have no side effects here, so reading even for csrrw rd=x0 only serves the
  // unknown-CSR check.
  uint32_t old = 0;
  if (c.read(addr, csr_env_t{mem_.clint().mtime}, old) != Csrs::Status::kOk)
    return raise(cause::kIllegalInsn, d.bits);
  if (writes) {
    uint32_t v = src;
    if (d.op == Op::kCsrrs || d.op == Op::kCsrrsi) v = old | src;
    if (d.op == Op::kCsrrc || d.op == Op::kCsrrci) v = old & ~src;
    if (c.write(addr, v) != Csrs::Status::kOk) return raise(cause::kIllegalInsn, d.bits);
  }
  write_rd(r, d.rd, old);
  r.csr_counter_read =
      d.rd != 0 && (Csrs::is_counter(addr) || addr == csr::kTime || addr == csr::kTimeh);
  return true;
}

bool Hart::execute(const decoded_t& d, CommitRecord& r) {
  const uint32_t pc = s_.pc;
  const uint32_t a = s_.x[d.rs1], b = s_.x[d.rs2];
  const uint32_t imm = static_cast<uint32_t>(d.imm);
  const uint32_t ea = a + imm;
  uint32_t v = 0;
  switch (d.op) {
    case Op::kLui:
      write_rd(r, d.rd, imm);
      break;
    case Op::kAuipc:
      write_rd(r, d.rd, pc + imm);
      break;
    case Op::kJal:
      if (!jump(pc + imm, r)) return false;
      write_rd(r, d.rd, pc + d.len);  // c.jal links pc + 2
      break;
    case Op::kJalr:
      if (!jump(ea & ~1u, r)) return false;
      write_rd(r, d.rd, pc + d.len);
      break;
    case Op::kBeq:
      return a == b ? jump(pc + imm, r) : true;
    case Op::kBne:
      return a != b ? jump(pc + imm, r) : true;
    case Op::kBlt:
      return s(a) < s(b) ? jump(pc + imm, r) : true;
    case Op::kBge:
      return s(a) >= s(b) ? jump(pc + imm, r) : true;
    case Op::kBltu:
      return a < b ? jump(pc + imm, r) : true;
    case Op::kBgeu:
      return a >= b ? jump(pc + imm, r) : true;

    case Op::kLb:
      if (!load<uint8_t>(ea, r, v)) return false;
      write_rd(r, d.rd, u(static_cast<int8_t>(v)));
      break;
    case Op::kLh:
      if (!load<uint16_t>(ea, r, v)) return false;
      write_rd(r, d.rd, u(static_cast<int16_t>(v)));
      break;
    case Op::kLw:
      if (!load<uint32_t>(ea, r, v)) return false;
      write_rd(r, d.rd, v);
      break;
    case Op::kLbu:
      if (!load<uint8_t>(ea, r, v)) return false;
      write_rd(r, d.rd, v);
      break;
    case Op::kLhu:
      if (!load<uint16_t>(ea, r, v)) return false;
      write_rd(r, d.rd, v);
      break;
    case Op::kSb:
      return store<uint8_t>(ea, static_cast<uint8_t>(b), r);
    case Op::kSh:
      return store<uint16_t>(ea, static_cast<uint16_t>(b), r);
    case Op::kSw:
      return store<uint32_t>(ea, b, r);

    case Op::kAddi:
      write_rd(r, d.rd, a + imm);
      break;
    case Op::kSlti:
      write_rd(r, d.rd, s(a) < d.imm);
      break;
    case Op::kSltiu:
      write_rd(r, d.rd, a < imm);
      break;
    case Op::kXori:
      write_rd(r, d.rd, a ^ imm);
      break;
    case Op::kOri:
      write_rd(r, d.rd, a | imm);
      break;
    case Op::kAndi:
      write_rd(r, d.rd, a & imm);
      break;
    case Op::kSlli:
      write_rd(r, d.rd, a << imm);
      break;
    case Op::kSrli:
      write_rd(r, d.rd, a >> imm);
      break;
    case Op::kSrai:
      write_rd(r, d.rd, u(s(a) >> imm));
      break;

    case Op::kAdd:
      write_rd(r, d.rd, a + b);
      break;
    case Op::kSub:
      write_rd(r, d.rd, a - b);
      break;
    case Op::kSll:
      write_rd(r, d.rd, a << (b & 31));
      break;
    case Op::kSlt:
      write_rd(r, d.rd, s(a) < s(b));
      break;
    case Op::kSltu:
      write_rd(r, d.rd, a < b);
      break;
    case Op::kXor:
      write_rd(r, d.rd, a ^ b);
      break;
    case Op::kSrl:
      write_rd(r, d.rd, a >> (b & 31));
      break;
    case Op::kSra:
      write_rd(r, d.rd, u(s(a) >> (b & 31)));
      break;
    case Op::kOr:
      write_rd(r, d.rd, a | b);
      break;
    case Op::kAnd:
      write_rd(r, d.rd, a & b);
      break;

    case Op::kMul:
      write_rd(r, d.rd, a * b);
      break;
    case Op::kMulh:
      write_rd(r, d.rd, u((int64_t{s(a)} * int64_t{s(b)}) >> 32));
      break;
    case Op::kMulhsu:
      write_rd(r, d.rd, u((int64_t{s(a)} * int64_t{b}) >> 32));
      break;
    case Op::kMulhu:
      write_rd(r, d.rd, u((uint64_t{a} * uint64_t{b}) >> 32));
      break;
    // Division by zero and overflow do not trap (spec Table 7.1).
    case Op::kDiv:
      write_rd(r, d.rd, b == 0 ? ~0u : (s(a) == kIntMin && s(b) == -1) ? a : u(s(a) / s(b)));
      break;
    case Op::kDivu:
      write_rd(r, d.rd, b == 0 ? ~0u : a / b);
      break;
    case Op::kRem:
      write_rd(r, d.rd, b == 0 ? a : (s(a) == kIntMin && s(b) == -1) ? 0 : u(s(a) % s(b)));
      break;
    case Op::kRemu:
      write_rd(r, d.rd, b == 0 ? a : a % b);
      break;

    case Op::kFence:
    case Op::kFenceI:
    case Op::kWfi:
      break;  // one hart, no caches: nops
    case Op::kEcall:
      return raise(cause::kEcallM, 0);
    case Op::kEbreak:
      return raise(cause::kBreakpoint, pc);
    case Op::kMret: {
      Csrs& c = s_.csrs;
      c.mstatus = (c.mstatus & ~mstatus::kMie) | ((c.mstatus & mstatus::kMpie) ? mstatus::kMie : 0);
      c.mstatus |= mstatus::kMpie;
      r.next_pc = c.mepc;
      break;
    }
    case Op::kCsrrw:
    case Op::kCsrrs:
    case Op::kCsrrc:
    case Op::kCsrrwi:
    case Op::kCsrrsi:
    case Op::kCsrrci:
      return csr_op(d, r);
    case Op::kIllegal:
      return raise(cause::kIllegalInsn, d.bits);
    default:
      if (is_fp(d.op)) return execute_fp(d, r);
      return raise(cause::kIllegalInsn, d.bits);
  }
  return true;
}

}  // namespace stackscope::iss

namespace stackscope::iss {
// flw / fsw (execute_fp.cpp) use the word accessors.
template bool Hart::load<uint32_t>(uint32_t, CommitRecord&, uint32_t&);
template bool Hart::store<uint32_t>(uint32_t, uint32_t, CommitRecord&);
}  // namespace stackscope::iss
