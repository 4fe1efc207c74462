// TLM-2.0 (loosely timed, b_transport) targets and a router for platforms around the SoC
// (docs/systemc.md).
// - IssTarget: a window of an iss::Memory -- the same accesses the native run makes
//   (tb/harness/memory_model.h IssMemPort), so the RAM window is the memory target (HTIF's `tohost`
//   is a RAM word: a store there ends the program), the console window (0x1000_0000) the
//   console, and the CLINT window (0x0200_0000) a CLINT. Each access is annotated with the
//   target's latency in clock periods. Byte enables are honoured; DMI is not offered.
// - ErrorTarget: answers every access with TLM_GENERIC_ERROR_RESPONSE (a device that is
//   there but refuses), after its latency.
// - Router: forwards by address range to its output sockets with the address made relative
//   to the range (the first range that holds the whole access wins); an address in no range,
//   or an access crossing a range's end, gets TLM_ADDRESS_ERROR_RESPONSE after the router's
//   error delay. (Natively an access fault answers after the memory latency, like any other
//   access: the default platform gives its router that delay.)
// Misuse -- a zero-length transaction, a streaming width other than the length -- is an
// SC_REPORT_ERROR (an sc_report exception: one line in `stackscope-sc`).
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <vector>

#include "memory.h"
#include "memory_model.h"

namespace stackscope::sc {

// The checks every target here makes first; false: `gp` carries the error response.
bool check_payload(const char* who, tlm::tlm_generic_payload& gp);

class IssTarget : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<IssTarget> socket;
  // Serves [base, base + size) of `mem` at local addresses 0 .. size - 1.
  IssTarget(sc_core::sc_module_name name, iss::Memory& mem, uint32_t base, uint32_t size,
            unsigned latency_cycles, sc_core::sc_time clock_period);
  unsigned latency() const { return latency_; }

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& gp);
  tb::IssMemPort port_;
  uint32_t base_, size_;
  unsigned latency_;
  sc_core::sc_time period_;
};

class ErrorTarget : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<ErrorTarget> socket;
  ErrorTarget(sc_core::sc_module_name name, sc_core::sc_time latency);

 private:
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  sc_core::sc_time latency_;
};

class Router : public sc_core::sc_module {
 public:
  struct Range {
    uint64_t base, size;
  };
  tlm_utils::simple_target_socket<Router> in;
  sc_core::sc_vector<tlm_utils::simple_initiator_socket<Router>> out;  // one per range
  Router(sc_core::sc_module_name name, std::vector<Range> ranges,
         sc_core::sc_time error_delay = sc_core::SC_ZERO_TIME);

 private:
  // The output serving [addr, addr + len), or -1.
  int decode(uint64_t addr, unsigned len) const;
  void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
  unsigned transport_dbg(tlm::tlm_generic_payload& gp);
  std::vector<Range> ranges_;
  sc_core::sc_time error_delay_;
};

}  // namespace stackscope::sc
