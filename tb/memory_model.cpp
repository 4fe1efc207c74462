#include "memory_model.h"

#include <algorithm>
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
  if (pending_) throw std::logic_error("word port: request while one is outstanding");
  const bool perfect = rq.ifetch ? timing_.perfect_l1i
                                 : timing_.perfect_l1d && mem_.in_ram(rq.addr, rq.size);
  // The access happens now: with one request outstanding, its order is the program's.
  pending_.emplace(now + (perfect ? 1 : std::max(1u, timing_.latency)), access(rq));
}

MemResponse MemoryModel::respond(uint64_t now) {
  if (!pending_ || pending_->first != now) return {};
  const MemResponse r = pending_->second;
  pending_.reset();
  return r;
}

void MemoryModel::line_request(uint32_t addr, bool we, const uint32_t* wdata, uint64_t now) {
  if (addr % kLineBytes) throw std::logic_error("line port: unaligned line address");
  ++line_requests_;
  LineResponse r{.valid = true, .err = !mem_.in_ram(addr, kLineBytes)};
  for (unsigned w = 0; w < kLineBytes / 4 && !r.err; ++w) {
    if (we)
      mem_.store<uint32_t>(addr + 4 * w, wdata[w]);
    else
      mem_.load<uint32_t>(addr + 4 * w, r.data[w]);
  }
  // A request beyond the outstanding limit enters when the one freeing its slot answers,
  // then sees the whole latency; beats are serialised on the data bus.
  uint64_t issue = now;
  if (lines_.size() >= timing_.outstanding)
    issue = std::max(issue, lines_[lines_.size() - timing_.outstanding].first);
  const unsigned transfer = (kLineBytes + timing_.bandwidth - 1) / timing_.bandwidth;
  const uint64_t start = std::max(issue + std::max(1u, timing_.latency), bus_free_);
  bus_free_ = start + transfer;
  // Answered in the cycle after the last beat; in order, so due cycles never decrease.
  lines_.emplace_back(start + transfer, r);
}

LineResponse MemoryModel::line_respond(uint64_t now) {
  if (lines_.empty() || lines_.front().first > now) return {};
  const LineResponse r = lines_.front().second;
  lines_.pop_front();
  return r;
}

void MemoryModel::ideal_fetch_request(uint32_t addr, uint64_t now) {
  if (addr % 16) throw std::logic_error("ideal fetch port: address not 16-byte aligned");
  if (ideal_fetch_) throw std::logic_error("ideal fetch port: two requests in one cycle");
  FetchResponse r{.valid = true, .err = false};
  for (unsigned w = 0; w < 4 && !r.err; ++w) r.err = !mem_.fetch(addr + 4 * w, r.data[w]);
  if (r.err) r = {.valid = true, .err = true};
  ideal_fetch_.emplace(now + 1, r);
}

void MemoryModel::ideal_data_request(const MemRequest& rq, uint64_t now) {
  if (ideal_data_) throw std::logic_error("ideal data port: two requests in one cycle");
  if (rq.addr % rq.size) throw std::logic_error("ideal data port: misaligned access");
  MemResponse r = access(rq);
  // Loads answer the whole aligned word (the core extracts the bytes).
  if (!r.err && !rq.we) mem_.load<uint32_t>(rq.addr & ~3u, r.rdata);
  ideal_data_.emplace(now + 1, r);
}

FetchResponse MemoryModel::ideal_fetch_respond(uint64_t now) {
  if (!ideal_fetch_ || ideal_fetch_->first != now) return {};
  const FetchResponse r = ideal_fetch_->second;
  ideal_fetch_.reset();
  return r;
}

MemResponse MemoryModel::ideal_data_respond(uint64_t now) {
  if (!ideal_data_ || ideal_data_->first != now) return {};
  const MemResponse r = ideal_data_->second;
  ideal_data_.reset();
  return r;
}

}  // namespace stackscope::tb
