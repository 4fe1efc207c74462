#include "memory_model.h"

#include <stdexcept>

namespace stackscope::tb {

MemResponse MemoryModel::access(const MemRequest& rq) {
  MemResponse r{.valid = true, .err = false, .rdata = 0};
  const unsigned lane = (rq.addr & 3) * 8;
  bool ok = false;
  if (rq.ifetch) {
    ok = mem_.fetch(rq.addr, r.rdata);
  } else if (rq.we) {
    const uint32_t v = rq.wdata >> lane;
    if (rq.size == 1) ok = mem_.store<uint8_t>(rq.addr, static_cast<uint8_t>(v));
    if (rq.size == 2) ok = mem_.store<uint16_t>(rq.addr, static_cast<uint16_t>(v));
    if (rq.size == 4) ok = mem_.store<uint32_t>(rq.addr, v);
  } else {
    uint32_t v = 0;
    if (rq.size == 1) {
      uint8_t b;
      ok = mem_.load<uint8_t>(rq.addr, b), v = b;
    } else if (rq.size == 2) {
      uint16_t h;
      ok = mem_.load<uint16_t>(rq.addr, h), v = h;
    } else if (rq.size == 4) {
      ok = mem_.load<uint32_t>(rq.addr, v);
    }
    r.rdata = v << lane;
  }
  r.err = !ok;
  if (!ok) r.rdata = 0;
  return r;
}

void MemoryModel::request(const MemRequest& rq, uint64_t now) {
  if (pending_) throw std::logic_error("memory port: request while one is outstanding");
  ++requests_;
  unsigned lat = rq.ifetch ? timing_.ifetch_latency : timing_.data_latency;
  if (lat == 0) lat = timing_.latency;
  // The access happens now: with one request outstanding, its order is the program's.
  pending_.emplace(now + std::max(1u, lat), access(rq));
}

MemResponse MemoryModel::respond(uint64_t now) {
  if (!pending_ || pending_->first != now) return {};
  const MemResponse r = pending_->second;
  pending_.reset();
  return r;
}

}  // namespace stackscope::tb
