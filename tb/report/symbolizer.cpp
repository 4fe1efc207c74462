#include "symbolizer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "disasm.h"

namespace stackscope::report {

std::string Symbolizer::function(uint32_t pc) const {
  if (!elf_) return fmt::format("0x{:08x}", pc);
  const std::string s = elf_->symbolize(pc);
  const auto plus = s.find('+');
  return plus == std::string::npos ? s : s.substr(0, plus);
}

std::string Symbolizer::symbol(uint32_t pc) const {
  return elf_ ? elf_->symbolize(pc) : fmt::format("0x{:08x}", pc);
}

std::optional<uint32_t> Symbolizer::insn(uint32_t pc) const {
  if (!elf_) return std::nullopt;
  for (const iss::ElfSegment& s : elf_->segments) {
    if (pc < s.addr || pc - s.addr + 4 > s.data.size()) continue;
    uint32_t w;
    std::memcpy(&w, s.data.data() + (pc - s.addr), 4);  // RISC-V and the host: little endian
    return w;
  }
  return std::nullopt;
}

std::string Symbolizer::disasm(uint32_t pc) const {
  const auto w = insn(pc);
  return w ? iss::disasm(*w, pc, elf_->rvc) : "";
}

}  // namespace stackscope::report
