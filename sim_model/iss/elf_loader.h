// ELF32 RISC-V executable reader: validation, loadable segments, HTIF and function symbols.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace stackscope::iss {

// One-line, user-facing load error ("prog.elf: not an ELF file").
class elf_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ElfSegment {
  uint32_t addr;
  std::vector<uint8_t> data;  // file bytes
  uint32_t mem_size;          // >= data.size(); the rest is zero (.bss)
};

struct ElfSymbol {
  uint32_t addr, size;
  std::string name;
};

struct ElfImage {
  std::string path;
  uint32_t entry = 0;
  uint32_t tohost = 0;
  std::optional<uint32_t> fromhost;
  std::optional<uint32_t> stack_top;  // __stack_top (sw/sdk/link.ld), where crt0 puts sp
  bool rvc = false;  // e_flags has EF_RISCV_RVC: the code may hold 16-bit (C) instructions
  std::vector<ElfSegment> segments;
  std::vector<ElfSymbol> functions;  // sorted by addr

  // "func+0x10", or "0x80001234" when no function covers pc.
  std::string symbolize(uint32_t pc) const;
};

constexpr uint32_t kEfRiscvRvc = 0x0001;  // e_flags bit (RISC-V ELF psABI)

// Reads and validates `path`; segments must lie in [ram_base, ram_base + ram_size).
ElfImage read_elf(const std::string& path, uint32_t ram_base, uint32_t ram_size);

// The same on the file's bytes (`path` names them in errors); read_elf's parser, for the
// fuzzer (fuzz/fuzz_elf.cpp) and anyone holding an image in memory.
ElfImage parse_elf(const std::string& path, std::vector<uint8_t> bytes, uint32_t ram_base,
                   uint32_t ram_size);

}  // namespace stackscope::iss
