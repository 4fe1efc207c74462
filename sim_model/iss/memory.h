// The SoC's physical memory map as the ISS sees it: RAM, console, CLINT and the HTIF
// `tohost` word. Everything else is an access fault.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include "elf_loader.h"
#include "htif.h"
#include "memmap.h"

namespace stackscope::iss {

namespace mmap {
// RAM base and default size: sw/sdk/link.ld, the one definition (memmap.h is generated).
constexpr uint32_t kRamBase = memmap::kRamBase;
constexpr uint32_t kDefaultRamSize = memmap::kRamSize;
constexpr uint32_t kConsole = 0x10000000u;
constexpr uint32_t kMsip = 0x02000000u;
constexpr uint32_t kMtimecmp = 0x02004000u;
constexpr uint32_t kMtime = 0x0200bff8u;
}  // namespace mmap

struct clint_t {
  uint64_t mtime = 0, mtimecmp = ~0ull;
  uint32_t msip = 0;
};

class Memory {
 public:
  // Throws std::invalid_argument if the RAM does not fit above kRamBase or is not word-sized.
  explicit Memory(uint32_t ram_size = mmap::kDefaultRamSize);

  // Loads PT_LOAD segments into RAM and arms tohost detection. Throws elf_error.
  const ElfImage& load_elf(const std::string& path);
  // The same for an image already read (parse_elf).
  const ElfImage& load_image(ElfImage image);
  const ElfImage* elf() const { return elf_ ? &*elf_ : nullptr; }

  // false = access fault. Callers check alignment first (misalignment traps in the hart).
  template <class T>
  bool load(uint32_t addr, T& out) {
    static_assert(std::is_unsigned_v<T> && sizeof(T) <= 4);
    if (addr - mmap::kRamBase <= ram_size_ - sizeof(T)) {
      std::memcpy(&out, &ram_[addr - mmap::kRamBase], sizeof(T));
      return true;
    }
    uint32_t v;
    if (!mmio_load(addr, sizeof(T), v)) return false;
    out = static_cast<T>(v);
    return true;
  }

  template <class T>
  bool store(uint32_t addr, T value) {
    static_assert(std::is_unsigned_v<T> && sizeof(T) <= 4);
    if (addr - mmap::kRamBase <= ram_size_ - sizeof(T)) {
      std::memcpy(&ram_[addr - mmap::kRamBase], &value, sizeof(T));
      // HTIF: the one exit rule (htif.h), whatever the store's width.
      if (htif::is_exit_store(addr, value, tohost_)) {
        uint32_t word;
        std::memcpy(&word, &ram_[tohost_ - mmap::kRamBase], 4);
        exited_ = true;
        exit_code_ = static_cast<int>(htif::exit_value(word));
      }
      return true;
    }
    return mmio_store(addr, sizeof(T), value);
  }

  // Instruction fetch of 4 bytes (a 32-bit instruction, or a 16-bit one and what follows it)
  // or of one 16-bit parcel; only RAM is executable.
  bool fetch(uint32_t pc, uint32_t& insn) const {
    if (pc - mmap::kRamBase > ram_size_ - 4) return false;
    std::memcpy(&insn, &ram_[pc - mmap::kRamBase], 4);
    return true;
  }
  bool fetch16(uint32_t pc, uint16_t& parcel) const {
    if (pc - mmap::kRamBase > ram_size_ - 2) return false;
    std::memcpy(&parcel, &ram_[pc - mmap::kRamBase], 2);
    return true;
  }

  bool in_ram(uint32_t addr, uint32_t len) const {
    return addr >= mmap::kRamBase && len <= ram_size_ && addr - mmap::kRamBase <= ram_size_ - len;
  }
  uint32_t ram_size() const { return ram_size_; }
  bool exited() const { return exited_; }
  int exit_code() const { return exit_code_; }  // the program's value: 0 .. 2^31 - 1
  void set_tohost(uint32_t addr) { tohost_ = addr; }
  clint_t& clint() { return clint_; }
  const clint_t& clint() const { return clint_; }
  void set_console(std::ostream* os) { console_ = os; }

 private:
  bool mmio_load(uint32_t addr, unsigned size, uint32_t& v) const;
  bool mmio_store(uint32_t addr, unsigned size, uint32_t v);

  uint32_t ram_size_;
  std::vector<uint8_t> ram_;
  uint32_t tohost_ = 0;  // 0: none (0 is never RAM)
  bool exited_ = false;
  int exit_code_ = 0;
  clint_t clint_;
  std::ostream* console_;
  std::optional<ElfImage> elf_;
};

}  // namespace stackscope::iss
