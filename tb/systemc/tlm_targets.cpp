#include "tlm_targets.h"

#include <fmt/format.h>

namespace stackscope::sc {

using tlm::tlm_generic_payload;

bool check_payload(const char* who, tlm_generic_payload& gp) {
  if (gp.get_data_length() == 0)
    SC_REPORT_ERROR("stackscope/tlm",
                    fmt::format("{}: zero-length transaction at 0x{:x}", who, gp.get_address()).c_str());
  if (gp.get_streaming_width() != gp.get_data_length()) {  // no streaming here
    gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
    return false;
  }
  if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
    gp.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
    return false;
  }
  return true;
}

IssTarget::IssTarget(sc_core::sc_module_name name, iss::Memory& mem, uint32_t base, uint32_t size,
                     unsigned latency_cycles, sc_core::sc_time clock_period)
    : sc_module(name), socket("socket"), port_(mem), base_(base), size_(size),
      latency_(latency_cycles), period_(clock_period) {
  socket.register_b_transport(this, &IssTarget::b_transport);
  socket.register_transport_dbg(this, &IssTarget::transport_dbg);
}

void IssTarget::b_transport(tlm_generic_payload& gp, sc_core::sc_time& delay) {
  delay += latency_ * period_;
  transport_dbg(gp);
}

unsigned IssTarget::transport_dbg(tlm_generic_payload& gp) {
  if (!check_payload(name(), gp)) return 0;
  const uint64_t off = gp.get_address();
  const unsigned len = gp.get_data_length();
  if (off >= size_ || len > size_ - off) {
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return 0;
  }
  const bool we = gp.is_write();
  const uint32_t addr = base_ + static_cast<uint32_t>(off);
  unsigned latency = latency_;
  bool ok = true;
  if (const uint8_t* be = gp.get_byte_enable_ptr()) {
    // Byte by byte, the enabled ones only (the pattern repeats over the data).
    const unsigned be_len = gp.get_byte_enable_length();
    for (unsigned i = 0; i < len && ok; ++i)
      if (be[i % be_len] == TLM_BYTE_ENABLED)
        ok = port_.access(we, false, addr + i, gp.get_data_ptr() + i, 1, latency);
  } else {
    ok = port_.access(we, false, addr, gp.get_data_ptr(), len, latency);
  }
  gp.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
  return ok ? len : 0;
}

ErrorTarget::ErrorTarget(sc_core::sc_module_name name, sc_core::sc_time latency)
    : sc_module(name), socket("socket"), latency_(latency) {
  socket.register_b_transport(this, &ErrorTarget::b_transport);
}

void ErrorTarget::b_transport(tlm_generic_payload& gp, sc_core::sc_time& delay) {
  delay += latency_;
  if (check_payload(name(), gp)) gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
}

Router::Router(sc_core::sc_module_name name, std::vector<Range> ranges, sc_core::sc_time error_delay)
    : sc_module(name), in("in"), out("out", ranges.size()), ranges_(std::move(ranges)),
      error_delay_(error_delay) {
  in.register_b_transport(this, &Router::b_transport);
  in.register_transport_dbg(this, &Router::transport_dbg);
}

int Router::decode(uint64_t addr, unsigned len) const {
  for (std::size_t i = 0; i < ranges_.size(); ++i) {
    const Range& r = ranges_[i];
    if (addr >= r.base && addr - r.base < r.size && len <= r.size - (addr - r.base))
      return static_cast<int>(i);
  }
  return -1;
}

void Router::b_transport(tlm_generic_payload& gp, sc_core::sc_time& delay) {
  if (!check_payload(name(), gp)) return;
  const uint64_t addr = gp.get_address();
  const int i = decode(addr, gp.get_data_length());
  if (i < 0) {
    delay += error_delay_;
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    return;
  }
  gp.set_address(addr - ranges_[i].base);
  out[i]->b_transport(gp, delay);
  gp.set_address(addr);
}

unsigned Router::transport_dbg(tlm_generic_payload& gp) {
  const uint64_t addr = gp.get_address();
  const int i = gp.get_data_length() ? decode(addr, gp.get_data_length()) : -1;
  if (i < 0) return 0;
  gp.set_address(addr - ranges_[i].base);
  const unsigned n = out[i]->transport_dbg(gp);
  gp.set_address(addr);
  return n;
}

}  // namespace stackscope::sc
