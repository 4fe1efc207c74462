#include "memory.h"

#include <iostream>
#include <stdexcept>
#include <utility>

namespace stackscope::iss {
namespace {

// CLINT registers are 32 bits wide on this bus; the 64-bit ones are two words.
bool clint_word(uint32_t addr, uint32_t base) { return addr == base || addr == base + 4; }

uint32_t half(uint64_t v, uint32_t addr, uint32_t base) {
  return addr == base ? static_cast<uint32_t>(v) : static_cast<uint32_t>(v >> 32);
}

void set_half(uint64_t& v, uint32_t addr, uint32_t base, uint32_t x) {
  v = addr == base ? (v & ~0xffffffffull) | x
                   : (v & 0xffffffffull) | (static_cast<uint64_t>(x) << 32);
}

}  // namespace

Memory::Memory(uint32_t ram_size) : ram_size_(ram_size), console_(&std::cout) {
  if (ram_size == 0 || ram_size % 4 != 0 || ram_size > 0u - mmap::kRamBase)
    throw std::invalid_argument("RAM size must be a non-zero multiple of 4 of at most 2 GiB");
  ram_.assign(ram_size, 0);
}

const ElfImage& Memory::load_elf(const std::string& path) {
  return load_image(read_elf(path, mmap::kRamBase, ram_size_));
}

const ElfImage& Memory::load_image(ElfImage image) {
  for (const auto& s : image.segments)  // read for another RAM size: refuse, never overrun
    if (!in_ram(s.addr, s.mem_size))
      throw elf_error(image.path + ": segment outside this RAM");
  elf_ = std::move(image);
  for (const auto& s : elf_->segments) {
    auto* dst = &ram_[s.addr - mmap::kRamBase];
    // A .bss-only segment has no file bytes (data() may be null: no memcpy).
    if (!s.data.empty()) std::memcpy(dst, s.data.data(), s.data.size());
    std::memset(dst + s.data.size(), 0, s.mem_size - s.data.size());
  }
  tohost_ = elf_->tohost;
  return *elf_;
}

bool Memory::mmio_load(uint32_t addr, unsigned size, uint32_t& v) const {
  if (size != 4) return false;
  if (addr == mmap::kMsip) return v = clint_.msip, true;
  if (clint_word(addr, mmap::kMtimecmp))
    return v = half(clint_.mtimecmp, addr, mmap::kMtimecmp), true;
  if (clint_word(addr, mmap::kMtime)) return v = half(clint_.mtime, addr, mmap::kMtime), true;
  return false;
}

bool Memory::mmio_store(uint32_t addr, unsigned size, uint32_t v) {
  if (addr == mmap::kConsole && size == 1) {
    console_->put(static_cast<char>(v));
    return true;
  }
  if (size != 4) return false;
  if (addr == mmap::kMsip) return clint_.msip = v & 1, true;
  if (clint_word(addr, mmap::kMtimecmp))
    return set_half(clint_.mtimecmp, addr, mmap::kMtimecmp, v), true;
  if (clint_word(addr, mmap::kMtime)) return set_half(clint_.mtime, addr, mmap::kMtime, v), true;
  return false;
}

}  // namespace stackscope::iss
