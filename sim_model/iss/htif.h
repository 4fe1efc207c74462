// The one HTIF exit rule, shared by the ISS (Memory::store) and the RTL harness (the commit
// stream in `stackscope run`), so both end a program at the same store (docs/robustness.md).
#pragma once

#include <cstdint>

namespace stackscope::iss::htif {

// A store of any width (1, 2 or 4 bytes) whose address is `tohost` and whose data has bit
// 0 set ends the program; the exit value is the tohost word after the store, shifted right
// by one (a byte or half-word store keeps the word's other bytes). Stores to tohost with
// bit 0 clear, and stores to tohost + 1..7, are ordinary memory writes.
constexpr bool is_exit_store(uint32_t addr, uint32_t data, uint32_t tohost) {
  return tohost != 0 && addr == tohost && (data & 1) != 0;
}

constexpr uint32_t exit_value(uint32_t tohost_word) { return tohost_word >> 1; }

}  // namespace stackscope::iss::htif
