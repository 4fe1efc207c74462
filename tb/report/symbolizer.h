// Names and disassembly for the pcs of a profile, from the program's ELF.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "elf_loader.h"

namespace stackscope::report {

class Symbolizer {
 public:
  Symbolizer() = default;  // no ELF: raw addresses only (synthetic runs in tests)
  explicit Symbolizer(const iss::ElfImage& elf) : elf_(&elf) {}
  std::string function(uint32_t pc) const;  // enclosing function, or "0x..." when none
  std::string symbol(uint32_t pc) const;    // "func+0x10"
  std::optional<uint32_t> insn(uint32_t pc) const;
  std::string disasm(uint32_t pc) const;    // "" when pc holds no code of the ELF

 private:
  const iss::ElfImage* elf_ = nullptr;
};

}  // namespace stackscope::report
