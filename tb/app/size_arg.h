// One size syntax for every byte-size option (`iss --ram-size`, `run --ram-size`): plain
// bytes (decimal or 0x hex) or a number with K, M or G (powers of 1024; KiB/MiB/GiB too).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

namespace stackscope {

// Throws std::invalid_argument naming `what` and the text on anything else, or overflow.
uint64_t parse_size(const std::string& text, const std::string& what);

// A RAM size: parse_size, then a non-zero multiple of 4 of at most 2 GiB.
uint32_t parse_ram_size(const std::string& text, const std::string& what);

// --ram-size: parse_ram_size, so a non-zero multiple of 4 of at most 2 GiB (the RAM sits at
// 0x8000_0000 and ends below 2^32).
void add_ram_size_option(CLI::App* cmd, uint32_t& ram_size);

}  // namespace stackscope
