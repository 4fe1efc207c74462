#include "memory_model.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace stackscope::tb {

bool IssMemPort::access(bool we, bool ifetch, uint32_t addr, uint8_t* data, unsigned len,
                        unsigned& /*latency*/) {
  // A line is refused whole when any of it is outside RAM (no partial write-back).
  if (len == kLineBytes && !mem_.in_ram(addr, len)) return false;
  const unsigned step = std::min(len, 4u);
  for (unsigned off = 0; off < len; off += step) {
    const uint32_t a = addr + off;
    uint32_t v = 0;
    bool ok = false;
    if (!we) {
      if (ifetch) ok = mem_.fetch(a, v);
      if (!ifetch && step == 1) {
        uint8_t b = 0;
        ok = mem_.load<uint8_t>(a, b), v = b;
      }
      if (!ifetch && step == 2) {
        uint16_t h = 0;
        ok = mem_.load<uint16_t>(a, h), v = h;
      }
      if (!ifetch && step == 4) ok = mem_.load<uint32_t>(a, v);
      std::memcpy(data + off, &v, step);
    } else {
      std::memcpy(&v, data + off, step);
      if (step == 1) ok = mem_.store<uint8_t>(a, static_cast<uint8_t>(v));
      if (step == 2) ok = mem_.store<uint16_t>(a, static_cast<uint16_t>(v));
      if (step == 4) ok = mem_.store<uint32_t>(a, v);
    }
    if (!ok) return false;
  }
  return true;
}

MemoryModel::MemoryModel(iss::Memory& mem, const MemTiming& t, MemPort* port)
    : mem_(mem), timing_(t), own_port_(mem), port_(port ? *port : own_port_) {
  uint32_t code_end = ~0u;  // no image: any line may hold code
  if (const iss::ElfImage* elf = mem.elf(); elf && !elf->functions.empty()) {
    code_end = elf->entry;
    for (const iss::ElfSymbol& f : elf->functions) code_end = std::max(code_end, f.addr + f.size);
  }
  reads_.set_image(mem.elf() ? mem.elf()->tohost : ~0u, code_end);
}

MemResponse MemoryModel::access(const MemRequest& rq, unsigned& latency) {
  MemResponse r{.valid = true, .err = true, .rdata = 0};
  if (rq.size != 1 && rq.size != 2 && rq.size != 4) return r;
  const unsigned lane = (rq.addr & 3) * 8;
  uint8_t buf[4];
  const uint32_t wv = rq.wdata >> lane;
  std::memcpy(buf, &wv, 4);
  if (!port_.access(rq.we, rq.ifetch, rq.addr, buf, rq.ifetch ? 4 : rq.size, latency)) return r;
  uint32_t v = 0;
  std::memcpy(&v, buf, rq.ifetch ? 4 : rq.size);
  r.err = false;
  if (!rq.we) r.rdata = rq.ifetch ? v : v << lane;
  return r;
}

void MemoryModel::request(const MemRequest& rq, uint64_t now) {
  if (pending_) throw std::logic_error("word port: request while one is outstanding");
  const bool perfect = rq.ifetch ? timing_.perfect_l1i
                                 : timing_.perfect_l1d && mem_.in_ram(rq.addr, rq.size);
  // The access happens now: with one request outstanding, its order is the program's.
  unsigned latency = timing_.latency;
  const MemResponse r = access(rq, latency);
  pending_.emplace(now + (perfect ? 1 : std::max(1u, latency)), r);
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
  LineResponse r{.valid = true, .err = false};
  uint8_t buf[kLineBytes];
  if (we) std::memcpy(buf, wdata, kLineBytes);
  unsigned latency = timing_.latency;
  r.err = !port_.access(we, false, addr, buf, kLineBytes, latency);
  if (!we && !r.err) std::memcpy(r.data, buf, kLineBytes);
  // A request beyond the outstanding limit enters when the one freeing its slot answers,
  // then sees the whole latency; beats are serialised on the data bus.
  uint64_t issue = now;
  if (lines_.size() >= timing_.outstanding)
    issue = std::max(issue, lines_[lines_.size() - timing_.outstanding].first);
  const unsigned transfer = (kLineBytes + timing_.bandwidth - 1) / timing_.bandwidth;
  const uint64_t start = std::max(issue + std::max(1u, latency), bus_free_);
  bus_free_ = start + transfer;
  // Answered in the cycle after the last beat; in order, so due cycles never decrease.
  lines_.emplace_back(start + transfer, r);
  if (!we) reads_.add({.line = addr, .requested = now, .answered = start + transfer});
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
  uint8_t buf[16];
  unsigned latency = 1;  // an ideal cache: answered in the next cycle, whatever the port says
  r.err = !port_.access(false, true, addr, buf, 16, latency);
  if (!r.err) std::memcpy(r.data, buf, 16);
  ideal_fetch_.emplace(now + 1, r);
}

void MemoryModel::ideal_data_request(const MemRequest& rq, uint64_t now) {
  if (ideal_data_) throw std::logic_error("ideal data port: two requests in one cycle");
  if (rq.addr % rq.size) throw std::logic_error("ideal data port: misaligned access");
  unsigned latency = 1;  // an ideal cache: answered in the next cycle, whatever the port says
  MemResponse r = access(rq, latency);
  // Loads answer the whole aligned word (the core extracts the bytes).
  if (!r.err && !rq.we) {
    const MemResponse w = access({.addr = rq.addr & ~3u, .size = 4}, latency);
    if (!w.err) r.rdata = w.rdata;
  }
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
