// Main memory behind the SoC's two ports: a data port (MemPort: by default the RAM image, an
// iss::Memory, which also prints console bytes and detects the HTIF exit; tb/systemc's TLM-2.0
// initiator socket in `stackscope-sc`) plus timing. The timing below is computed here for both,
// from the latency the port reports for each access, so a platform whose targets take the
// `latency` cycles gives the same cycles as the native run by construction (docs/systemc.md).
// - Word port (MMIO, the tohost line, and perfect-L1 accesses): one request outstanding,
//   answered `latency` cycles later, or in 1 cycle for a perfect-L1 RAM access.
// - Line port (L1 fills and write-backs): each request waits `latency` cycles, then holds
//   the data bus for LineBytes / bandwidth cycles; at most `outstanding` requests overlap.
// - Ideal ports (soc_mem's perfect L1I / L1D): one request per cycle each, any number in
//   flight, answered the next cycle; data loads return the whole aligned word.
#pragma once
#include <cstdint>
#include <deque>
#include <optional>

#include "bus_layout.h"
#include "memory.h"

namespace stackscope::tb {

struct MemTiming {
  unsigned latency = 20;     // cycles from request to first data (>= 1)
  unsigned bandwidth = 8;    // bytes per cycle on the line port
  unsigned outstanding = 4;  // line requests in flight at most
  bool perfect_l1i = false, perfect_l1d = false;
};

// Where MemoryModel's accesses go. access() moves `len` bytes (1, 2, 4, 16 or kLineBytes;
// `data` little-endian, lowest address first) at `addr` at once, and returns false on an error
// (an access fault in the core). `latency` comes in as MemTiming::latency and goes out as the
// cycles this access takes to its first data (a port may change it; >= 1 is enforced by the model).
class MemPort {
 public:
  virtual ~MemPort() = default;
  virtual bool access(bool we, bool ifetch, uint32_t addr, uint8_t* data, unsigned len,
                      unsigned& latency) = 0;
};

// The native port: the iss::Memory itself, at MemTiming::latency.
class IssMemPort final : public MemPort {
 public:
  explicit IssMemPort(iss::Memory& mem) : mem_(mem) {}
  bool access(bool we, bool ifetch, uint32_t addr, uint8_t* data, unsigned len,
              unsigned& latency) override;

 private:
  iss::Memory& mem_;
};

struct MemRequest {
  bool ifetch = false, we = false;
  uint32_t addr = 0, wdata = 0;  // wdata in its byte lanes
  unsigned size = 4;
};

struct MemResponse {
  bool valid = false, err = false;
  uint32_t rdata = 0;
};

struct FetchResponse {
  bool valid = false, err = false;
  uint32_t data[4] = {};  // 16 bytes, lowest address first
};

struct LineResponse {
  bool valid = false, err = false;
  uint32_t data[kLineBytes / 4] = {};
};

class MemoryModel {
 public:
  // `port`: where the data goes (null: `mem` itself); `mem` also says what is RAM (perfect L1D).
  MemoryModel(iss::Memory& mem, const MemTiming& t, MemPort* port = nullptr)
      : mem_(mem), timing_(t), own_port_(mem), port_(port ? *port : own_port_) {}
  // Requests seen in cycle `now`. Throws std::logic_error on a protocol violation.
  void request(const MemRequest& rq, uint64_t now);
  void line_request(uint32_t addr, bool we, const uint32_t* wdata, uint64_t now);
  // The ports' inputs for cycle `now`.
  MemResponse respond(uint64_t now);
  LineResponse line_respond(uint64_t now);
  uint64_t line_requests() const { return line_requests_; }
  // Line requests made and not yet answered (the memory controller's queue).
  std::size_t line_outstanding() const { return lines_.size(); }
  // Ideal ports: a request in cycle `now` is answered in cycle now + 1.
  void ideal_fetch_request(uint32_t addr, uint64_t now);
  void ideal_data_request(const MemRequest& rq, uint64_t now);
  FetchResponse ideal_fetch_respond(uint64_t now);
  MemResponse ideal_data_respond(uint64_t now);

 private:
  MemResponse access(const MemRequest& rq, unsigned& latency);
  iss::Memory& mem_;
  MemTiming timing_;
  IssMemPort own_port_;
  MemPort& port_;
  std::optional<std::pair<uint64_t, MemResponse>> pending_;  // due cycle, answer
  std::deque<std::pair<uint64_t, LineResponse>> lines_;      // in request order
  std::optional<std::pair<uint64_t, FetchResponse>> ideal_fetch_;
  std::optional<std::pair<uint64_t, MemResponse>> ideal_data_;
  uint64_t bus_free_ = 0;  // first cycle the line data bus is free
  uint64_t line_requests_ = 0;
};

}  // namespace stackscope::tb
