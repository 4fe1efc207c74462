#include "elf_loader.h"

#include <elf.h>
#include <spdlog/fmt/fmt.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace stackscope::iss {
namespace {

const char* machine_name(unsigned m) {
  switch (m) {
    case EM_386:
      return "x86";
    case EM_X86_64:
      return "x86-64";
    case EM_ARM:
      return "ARM";
    case EM_AARCH64:
      return "AArch64";
    case EM_MIPS:
      return "MIPS";
    case EM_PPC64:
      return "PowerPC64";
    default:
      return nullptr;
  }
}

class Reader {
 public:
  Reader(std::string path, std::vector<uint8_t> bytes)
      : path_(std::move(path)), b_(std::move(bytes)) {}

  template <class T>
  T get(uint64_t off) const {
    T v;
    if (off > b_.size() || b_.size() - off < sizeof(T)) fail("truncated ELF file");
    std::memcpy(&v, &b_[off], sizeof(T));
    return v;
  }
  std::vector<uint8_t> slice(uint64_t off, uint64_t len) const {
    if (off > b_.size() || b_.size() - off < len) fail("truncated ELF file");
    return {b_.begin() + static_cast<long>(off), b_.begin() + static_cast<long>(off + len)};
  }
  std::string str(uint64_t off) const {
    std::string s;
    while (off < b_.size() && b_[off] != 0) s.push_back(static_cast<char>(b_[off++]));
    return s;
  }
  size_t size() const { return b_.size(); }
  [[noreturn]] void fail(const std::string& msg) const { throw elf_error(path_ + ": " + msg); }

 private:
  std::string path_;
  std::vector<uint8_t> b_;
};

void read_symbols(const Reader& r, const Elf32_Ehdr& eh, ElfImage& img) {
  if (eh.e_shoff == 0 || eh.e_shentsize != sizeof(Elf32_Shdr)) return;
  for (unsigned i = 0; i < eh.e_shnum; ++i) {
    const auto sh = r.get<Elf32_Shdr>(eh.e_shoff + uint64_t{i} * sizeof(Elf32_Shdr));
    if (sh.sh_type != SHT_SYMTAB || sh.sh_link >= eh.e_shnum) continue;
    const auto strtab = r.get<Elf32_Shdr>(eh.e_shoff + uint64_t{sh.sh_link} * sizeof(Elf32_Shdr));
    // 64-bit sums: an offset + size that wraps 32 bits must not look like a short table.
    if (uint64_t{sh.sh_offset} + sh.sh_size > r.size())
      r.fail(fmt::format("symbol table 0x{:x}+0x{:x} lies outside the file ({} bytes)",
                         sh.sh_offset, sh.sh_size, r.size()));
    for (uint64_t off = sh.sh_offset;
         off + sizeof(Elf32_Sym) <= uint64_t{sh.sh_offset} + sh.sh_size; off += sizeof(Elf32_Sym)) {
      const auto sym = r.get<Elf32_Sym>(off);
      const std::string name = r.str(uint64_t{strtab.sh_offset} + sym.st_name);
      if (name == "tohost") img.tohost = sym.st_value;
      if (name == "fromhost") img.fromhost = sym.st_value;
      if (name == "__stack_top") img.stack_top = sym.st_value;
      if (sym.st_shndx == SHN_UNDEF) continue;
      // Hand-written asm entry points (crt0's _start, the asm workloads' main) are global
      // labels without .type: count a global NOTYPE symbol in code as a function too, or
      // every pc of such code would be a "function" of its own in the TIP profile.
      const bool code_label =
          ELF32_ST_TYPE(sym.st_info) == STT_NOTYPE && ELF32_ST_BIND(sym.st_info) != STB_LOCAL &&
          sym.st_shndx < eh.e_shnum &&
          (r.get<Elf32_Shdr>(eh.e_shoff + uint64_t{sym.st_shndx} * sizeof(Elf32_Shdr)).sh_flags &
           SHF_EXECINSTR) != 0;
      if (ELF32_ST_TYPE(sym.st_info) == STT_FUNC || code_label)
        img.functions.push_back({sym.st_value, sym.st_size, name});
    }
  }
  std::sort(img.functions.begin(), img.functions.end(),
            // Aliases (__riscv_save_4.._7 share an address): the name decides, so the same pc
            // always gets the same name.
            [](const ElfSymbol& a, const ElfSymbol& b) {
              return a.addr != b.addr ? a.addr < b.addr : a.name < b.name;
            });
}

}  // namespace

std::string ElfImage::symbolize(uint32_t pc) const {
  auto it = std::upper_bound(functions.begin(), functions.end(), pc,
                             [](uint32_t v, const ElfSymbol& s) { return v < s.addr; });
  if (it != functions.begin()) {
    --it;
    // Size 0 (hand-written asm labels) covers up to the next function.
    const bool next_ok = std::next(it) == functions.end() || pc < std::next(it)->addr;
    if (pc - it->addr < it->size || (it->size == 0 && next_ok))
      return pc == it->addr ? it->name : fmt::format("{}+0x{:x}", it->name, pc - it->addr);
  }
  return fmt::format("0x{:08x}", pc);
}

ElfImage read_elf(const std::string& path, uint32_t ram_base, uint32_t ram_size) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw elf_error(path + ": is a directory, not an ELF file");
  std::ifstream f(path, std::ios::binary);
  if (!f) throw elf_error(path + ": cannot open: " + std::strerror(errno));
  return parse_elf(path, {std::istreambuf_iterator<char>(f), {}}, ram_base, ram_size);
}

ElfImage parse_elf(const std::string& path, std::vector<uint8_t> bytes, uint32_t ram_base,
                   uint32_t ram_size) {
  const Reader r(path, std::move(bytes));

  if (r.size() < EI_NIDENT || std::memcmp(r.slice(0, SELFMAG).data(), ELFMAG, SELFMAG) != 0)
    r.fail("not an ELF file");
  const auto ident = r.slice(0, EI_NIDENT);
  if (ident[EI_DATA] != ELFDATA2LSB) r.fail("big-endian ELF, expected little-endian RISC-V");
  // e_machine sits at the same offset in ELF32 and ELF64: name the machine before the class.
  if (const auto machine = r.get<Elf32_Half>(offsetof(Elf32_Ehdr, e_machine));
      machine != EM_RISCV) {
    const char* m = machine_name(machine);
    r.fail(m ? fmt::format("machine is {}, expected RISC-V", m)
             : fmt::format("machine is {}, expected RISC-V", machine));
  }
  if (ident[EI_CLASS] == ELFCLASS64) r.fail("64-bit ELF, expected RV32");
  if (ident[EI_CLASS] != ELFCLASS32) r.fail("unknown ELF class, expected 32-bit");
  const auto eh = r.get<Elf32_Ehdr>(0);
  if (eh.e_type != ET_EXEC) r.fail("not an executable (ET_EXEC) ELF");
  if (eh.e_phentsize != sizeof(Elf32_Phdr)) r.fail("bad program header size");

  auto inside = [&](uint64_t addr, uint64_t len) {
    return addr >= ram_base && addr + len <= uint64_t{ram_base} + ram_size;
  };
  ElfImage img;
  img.path = path;
  img.entry = eh.e_entry;
  for (unsigned i = 0; i < eh.e_phnum; ++i) {
    const auto ph = r.get<Elf32_Phdr>(eh.e_phoff + uint64_t{i} * sizeof(Elf32_Phdr));
    if (ph.p_type != PT_LOAD || ph.p_memsz == 0) continue;
    if (ph.p_filesz > ph.p_memsz) r.fail("segment file size exceeds memory size");
    if (!inside(ph.p_paddr, ph.p_memsz))
      r.fail(fmt::format("segment 0x{:08x}..0x{:08x} outside RAM 0x{:08x}..0x{:08x}", ph.p_paddr,
                         uint64_t{ph.p_paddr} + ph.p_memsz, ram_base,
                         uint64_t{ram_base} + ram_size));
    img.segments.push_back({ph.p_paddr, r.slice(ph.p_offset, ph.p_filesz), ph.p_memsz});
  }
  if (img.segments.empty()) r.fail("no loadable segment");
  if (!inside(eh.e_entry, 2)) r.fail(fmt::format("entry 0x{:08x} outside RAM", eh.e_entry));
  // Built with C (EF_RISCV_RVC), the entry needs 2-byte alignment; otherwise 4, as the
  // RTL core (no C) would fetch the aligned word where the ISS traps.
  img.rvc = (eh.e_flags & kEfRiscvRvc) != 0;
  if (eh.e_entry % (img.rvc ? 2 : 4) != 0)
    r.fail(img.rvc ? fmt::format("entry 0x{:08x} is not 2-byte aligned", eh.e_entry)
                   : fmt::format("entry 0x{:08x} is not 4-byte aligned (an ELF without the C "
                                 "flag has no compressed instructions)",
                                 eh.e_entry));
  read_symbols(r, eh, img);
  if (img.tohost == 0) r.fail("no 'tohost' symbol (HTIF exit is required)");
  if (!inside(img.tohost, 8) || img.tohost % 8 != 0)
    r.fail(fmt::format("tohost 0x{:08x} not an aligned RAM address", img.tohost));
  // A program linked for a larger RAM (sw/sdk/link.ld puts the stack at its top) would fault
  // at its first push: say so instead. 0 is the top of a RAM that ends at 2^32.
  if (img.stack_top) {
    const uint64_t top = *img.stack_top ? *img.stack_top : uint64_t{1} << 32;
    if (top <= ram_base || top > uint64_t{ram_base} + ram_size) {
      const uint64_t need = top > ram_base ? top - ram_base : 0;
      r.fail(fmt::format("stack top 0x{:08x} outside RAM 0x{:08x}..0x{:08x} (linked for a "
                         "larger RAM: --ram-size {} or more)",
                         top, ram_base, uint64_t{ram_base} + ram_size,
                         need % (1 << 20) == 0   ? fmt::format("{}M", need >> 20)
                         : need % (1 << 10) == 0 ? fmt::format("{}K", need >> 10)
                                                 : std::to_string(need)));
    }
  }
  return img;
}

}  // namespace stackscope::iss
