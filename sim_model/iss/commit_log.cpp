#include "commit_log.h"

#include <spdlog/fmt/fmt.h>

#include <cerrno>
#include <cstring>
#include <iterator>
#include <stdexcept>

namespace stackscope::iss {

const char* trap_name(uint32_t c) {
  if (c & cause::kInterrupt) {
    switch (c & ~cause::kInterrupt) {
      case cause::kIrqMSoft:
        return "interrupt_machine_software";
      case cause::kIrqMTimer:
        return "interrupt_machine_timer";
      case cause::kIrqMExt:
        return "interrupt_machine_external";
      case cause::kIrqLcof:
        return "interrupt_counter_overflow";
      default:
        return "interrupt_unknown";
    }
  }
  switch (c) {
    case cause::kMisalignedFetch:
      return "trap_instruction_address_misaligned";
    case cause::kFetchAccess:
      return "trap_instruction_access_fault";
    case cause::kIllegalInsn:
      return "trap_illegal_instruction";
    case cause::kBreakpoint:
      return "trap_breakpoint";
    case cause::kMisalignedLoad:
      return "trap_load_address_misaligned";
    case cause::kLoadAccess:
      return "trap_load_access_fault";
    case cause::kMisalignedStore:
      return "trap_store_address_misaligned";
    case cause::kStoreAccess:
      return "trap_store_access_fault";
    case cause::kEcallM:
      return "trap_machine_ecall";
    default:
      return "trap_unknown";
  }
}

CommitLog::CommitLog(const std::string& path) : f_(std::fopen(path.c_str(), "w")) {
  if (!f_) throw std::runtime_error(path + ": cannot write commit log: " + std::strerror(errno));
}

std::string CommitLog::format(const CommitRecord& r) {
  fmt::memory_buffer b;
  auto out = std::back_inserter(b);
  if (r.trap) {
    fmt::format_to(out, "core   0: exception {}, epc 0x{:08x}\ncore   0:           tval 0x{:08x}",
                   trap_name(r.cause), r.pc, r.tval);
    return fmt::to_string(b);
  }
  // Privilege level 3 = M, the only mode this hart has. The instruction in as many hex
  // digits as it has bytes times two, as Spike prints it: (0x4505) for a 16-bit one.
  fmt::format_to(out, "core   0: 3 0x{:08x} (0x{:0{}x})", r.pc, r.insn,
                 is_compressed(r.insn) ? 4 : 8);
  if (r.rd_written) fmt::format_to(out, " x{:<2d} 0x{:08x}", r.rd, r.rd_value);
  if (r.frd_written) fmt::format_to(out, " f{:<2d} 0x{:08x}", r.frd, r.frd_value);
  if (r.mem_read) fmt::format_to(out, " mem 0x{:08x}", r.mem_addr);
  if (r.mem_write)
    fmt::format_to(out, " mem 0x{:08x} 0x{:0{}x}", r.mem_addr, r.mem_wdata, 2 * r.mem_size);
  return fmt::to_string(b);
}

void CommitLog::write(const CommitRecord& r) {
  const std::string line = format(r);
  std::fputs(line.c_str(), f_.get());
  std::fputc('\n', f_.get());
}

}  // namespace stackscope::iss
