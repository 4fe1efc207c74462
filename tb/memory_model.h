// Main memory behind the SoC's memory port: the RAM image (an iss::Memory, which also
// prints console bytes and detects the HTIF exit) plus timing. One request is outstanding at
// a time (the step-0 core's bus); the answer comes `latency` cycles after the request.
#pragma once
#include <cstdint>
#include <optional>

#include "memory.h"

namespace stackscope::tb {

struct MemTiming {
  unsigned latency = 20;       // cycles from request to answer (>= 1)
  unsigned ifetch_latency = 0; // 0: same as latency; perfect L1I sets 1
  unsigned data_latency = 0;   // 0: same as latency; perfect L1D sets 1
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

class MemoryModel {
 public:
  MemoryModel(iss::Memory& mem, const MemTiming& t) : mem_(mem), timing_(t) {}
  // A request seen in cycle `now`; throws std::logic_error if one is already outstanding.
  void request(const MemRequest& rq, uint64_t now);
  // The port's inputs for cycle `now`.
  MemResponse respond(uint64_t now);
  uint64_t requests() const { return requests_; }

 private:
  MemResponse access(const MemRequest& rq);
  iss::Memory& mem_;
  MemTiming timing_;
  std::optional<std::pair<uint64_t, MemResponse>> pending_;  // due cycle, answer
  uint64_t requests_ = 0;
};

}  // namespace stackscope::tb
