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
#include <array>
#include <cstddef>
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

// One line read on the line port: the L2 missed on `line` (its address) in cycle `requested`
// (the L2 sends the read in the cycle its lookup misses) and the answer came back on the
// line port in cycle `answered`.
struct LineRead {
  uint32_t line = 0;
  uint64_t requested = 0, answered = 0;
};

// The memory's own record of the levels it served: its most recent line reads (every L2 read
// miss is one; a request the L2 answers itself is none), and what the program image says of
// an address. The harness's probe rules judge the miss level the probe names by it
// (tb/harness/check/level_check.h). Fixed storage: recording allocates nothing.
class LineReadLog {
 public:
  static constexpr unsigned kCapacity = 256;
  void add(const LineRead& r) {
    reads_[next_ % kCapacity] = r;
    ++next_;
  }
  std::size_t size() const { return next_ < kCapacity ? next_ : kCapacity; }
  // i = 0: the latest read.
  const LineRead& recent(std::size_t i) const { return reads_[(next_ - 1 - i) % kCapacity]; }
  // Cached: RAM, outside the tohost line (which soc_top keeps uncached).
  bool cached(uint32_t addr, uint32_t ram_base) const {
    return addr >= ram_base && addr / kLineBytes != tohost_line_;
  }
  // The L1I may read this line too: it holds code or lies within kFetchAhead lines past the
  // last function's end (the front end fetches ahead sequentially), or the image names no
  // functions. The L2 answers an L1D miss on a line the L1I's read brings in as a hit, a level
  // the line port cannot tell from its own read.
  bool may_hold_code(uint32_t addr) const { return addr / kLineBytes <= code_end_line_; }
  static constexpr uint32_t kFetchAhead = 4;
  void set_image(uint32_t tohost, uint32_t code_end) {
    tohost_line_ = tohost / kLineBytes;
    code_end_line_ = code_end == ~0u ? ~0u : code_end / kLineBytes + kFetchAhead;
  }

 private:
  std::array<LineRead, kCapacity> reads_{};
  std::size_t next_ = 0;
  uint32_t tohost_line_ = ~0u, code_end_line_ = ~0u;
};

class MemoryModel {
 public:
  // `port`: where the data goes (null: `mem` itself); `mem` also says what is RAM (perfect L1D).
  MemoryModel(iss::Memory& mem, const MemTiming& t, MemPort* port = nullptr);
  // Requests seen in cycle `now`. Throws std::logic_error on a protocol violation.
  void request(const MemRequest& rq, uint64_t now);
  void line_request(uint32_t addr, bool we, const uint32_t* wdata, uint64_t now);
  // The ports' inputs for cycle `now`.
  MemResponse respond(uint64_t now);
  LineResponse line_respond(uint64_t now);
  uint64_t line_requests() const { return line_requests_; }
  // The line reads made so far, most recent first (the image's facts from `mem`'s ELF, as
  // loaded when the model was made).
  const LineReadLog& line_reads() const { return reads_; }
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
  LineReadLog reads_;
};

}  // namespace stackscope::tb
