// Decodes a UART line (8N1, ClksPerBit clock cycles a bit, idle high) sampled once per clock
// cycle: what the FPGA top's console (rtl/fpga/fpga_uart_tx.sv) sends, as a terminal would.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>

namespace stackscope::tb {

class UartRx {
 public:
  explicit UartRx(unsigned clks_per_bit) : cpb_(clks_per_bit) {
    if (cpb_ < 2) throw std::invalid_argument("UART: fewer than 2 clock cycles per bit");
  }
  // The line in one cycle; a byte once its stop bit has been sampled (each bit in its middle).
  // Throws std::runtime_error if a start bit does not hold or a stop bit is low.
  std::optional<uint8_t> step(bool line) {
    if (!busy_) {
      if (!line) busy_ = true, t_ = 0, data_ = 0;
      return std::nullopt;
    }
    ++t_;
    if (t_ < cpb_ / 2 || (t_ - cpb_ / 2) % cpb_ != 0) return std::nullopt;
    const uint64_t bit = (t_ - cpb_ / 2) / cpb_;  // 0 start, 1..8 data, 9 stop
    if (bit == 0 && line) throw std::runtime_error("UART: start bit not held (a glitch on the line)");
    if (bit >= 1 && bit <= 8) data_ = static_cast<uint8_t>(data_ | (line ? 1u : 0u) << (bit - 1));
    if (bit < 9) return std::nullopt;
    busy_ = false;
    if (!line) throw std::runtime_error("UART: framing error (stop bit low)");
    return data_;
  }
  bool busy() const { return busy_; }

 private:
  unsigned cpb_;
  bool busy_ = false;
  uint64_t t_ = 0;
  uint8_t data_ = 0;
};

}  // namespace stackscope::tb
