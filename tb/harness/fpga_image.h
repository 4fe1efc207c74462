// The FPGA prototype's main memory (rtl/fpga/fpga_mem.sv in soc_fpga_top): its size and the
// $readmemh image a program is preloaded from (docs/fpga.md).
#pragma once
#include <cstdint>
#include <ostream>
#include <string>

#include "bus_layout.h"
#include "elf_loader.h"

namespace stackscope::tb {

constexpr uint32_t kFpgaRamBytes = 128 * 1024;  // soc_fpga_top MemBytes
constexpr uint32_t kFpgaLineBytes = kLineBytes;  // fpga_mem: one BRAM row per cache line
constexpr unsigned kFpgaMemLatency = 4;         // soc_fpga_top MemLatency

// Every row of the RAM, lowest address first: 64 hex digits per row, the row's highest byte
// first (bits [255:248] ... [7:0]), so $readmemh puts byte k of the line at bits [8k+7:8k].
void write_fpga_image(const iss::ElfImage& elf, uint32_t ram_bytes, std::ostream& os);

// Reads `elf` for a RAM of kFpgaRamBytes (read_elf: one-line elf_error if it is not a RISC-V
// executable or does not fit, stack included) and writes its image to `path`. Throws
// std::runtime_error (one line) if `path` cannot be written.
iss::ElfImage write_fpga_image_file(const std::string& elf, const std::string& path);

}  // namespace stackscope::tb
