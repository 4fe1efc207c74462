#include "fpga_image.h"

#include <fmt/format.h>

#include <fstream>
#include <stdexcept>
#include <vector>

#include "memory.h"

namespace stackscope::tb {

void write_fpga_image(const iss::ElfImage& elf, uint32_t ram_bytes, std::ostream& os) {
  std::vector<uint8_t> ram(ram_bytes, 0);
  for (const iss::ElfSegment& s : elf.segments) {
    const uint32_t off = s.addr - iss::mmap::kRamBase;  // read_elf checked it is inside
    std::copy(s.data.begin(), s.data.end(), ram.begin() + off);
  }
  std::string row(2 * kFpgaLineBytes + 1, '\n');
  static constexpr char kHex[] = "0123456789abcdef";
  for (uint32_t line = 0; line < ram_bytes; line += kFpgaLineBytes) {
    for (unsigned b = 0; b < kFpgaLineBytes; ++b) {
      const uint8_t v = ram[line + kFpgaLineBytes - 1 - b];
      row[2 * b] = kHex[v >> 4];
      row[2 * b + 1] = kHex[v & 15];
    }
    os << row;
  }
}

iss::ElfImage write_fpga_image_file(const std::string& elf, const std::string& path) {
  iss::ElfImage img = iss::read_elf(elf, iss::mmap::kRamBase, kFpgaRamBytes);
  std::ofstream os(path);
  if (!os) throw std::runtime_error(fmt::format("{}: cannot open for writing", path));
  write_fpga_image(img, kFpgaRamBytes, os);
  os.flush();
  if (!os) throw std::runtime_error(fmt::format("{}: write failed", path));
  return img;
}

}  // namespace stackscope::tb
