#include "size_arg.h"

#include <fmt/format.h>

#include <cctype>
#include <stdexcept>

#include "memory.h"

namespace stackscope {

uint64_t parse_size(const std::string& text, const std::string& what) {
  auto bad = [&] {
    return std::invalid_argument(fmt::format(
        "{} {}: expected bytes or a number with K, M or G (e.g. 16M, 64K, 4096)", what, text));
  };
  size_t i = 0;
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  if (hex) i = 2;
  const size_t digits = i;
  uint64_t v = 0;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    unsigned d;
    if (std::isdigit(static_cast<unsigned char>(c)))
      d = static_cast<unsigned>(c - '0');
    else if (hex && std::isxdigit(static_cast<unsigned char>(c)))
      d = static_cast<unsigned>(std::tolower(c) - 'a' + 10);
    else
      break;
    const unsigned base = hex ? 16 : 10;
    if (v > (UINT64_MAX - d) / base) throw bad();
    v = v * base + d;
  }
  if (i == digits) throw bad();
  std::string unit = text.substr(i);
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  unsigned shift = 0;
  if (unit.empty() || unit == "B")
    shift = 0;
  else if (unit == "K" || unit == "KB" || unit == "KIB")
    shift = 10;
  else if (unit == "M" || unit == "MB" || unit == "MIB")
    shift = 20;
  else if (unit == "G" || unit == "GB" || unit == "GIB")
    shift = 30;
  else
    throw bad();
  if (hex && shift) throw bad();  // 0x10M is not a size anyone means
  if (v > (UINT64_MAX >> shift)) throw bad();
  return v << shift;
}

uint32_t parse_ram_size(const std::string& text, const std::string& what) {
  const uint64_t v = parse_size(text, what);
  if (v == 0 || v % 4 != 0 || v > 0u - iss::mmap::kRamBase)
    throw std::invalid_argument(fmt::format(
        "{} {}: RAM size must be a non-zero multiple of 4 of at most 2 GiB", what, text));
  return static_cast<uint32_t>(v);
}

void add_ram_size_option(CLI::App* cmd, uint32_t& ram_size) {
  cmd->add_option_function<std::string>(
      "--ram-size", [&ram_size](const std::string& s) { ram_size = parse_ram_size(s, "--ram-size"); },
      fmt::format("RAM bytes at 0x{:08x}: bytes, or K/M/G (default {}M, sw/sdk/link.ld)",
                  iss::mmap::kRamBase, iss::mmap::kDefaultRamSize >> 20));
}

}  // namespace stackscope
