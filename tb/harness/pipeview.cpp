#include "pipeview.h"

#include <fmt/format.h>

#include <stdexcept>

#include "disasm.h"

namespace stackscope::tb {

namespace {
constexpr unsigned kMaxRob = 1024;

// Front-end event kinds (core_frontend.sv, `pipeview` block).
enum : unsigned { kFeFetch = 0, kFeAnswer = 1, kFeTake = 2, kFeFlush = 3 };
// Back-end event kinds (core_backend.sv, `pipeview` block).
enum : unsigned { kBeDispatch = 0, kBeIssue = 1, kBeDone = 2, kBeCommit = 3, kBeFlush = 4 };
}  // namespace

Pipeview::Pipeview(const std::string& path) : out_(path), rob_(kMaxRob) {
  if (!out_) throw std::runtime_error(path + ": cannot open for writing");
  out_ << "Kanata\t0004\nC=\t0\n";
}

Pipeview::~Pipeview() {
  if (error_.empty()) process();  // the last cycle's events
  flush();
}

// Records are formatted into text_ and written in large blocks, not one stream insertion each.
void Pipeview::flush() {
  out_.write(text_.data(), static_cast<std::streamsize>(text_.size()));
  text_.clear();
}

void Pipeview::fail(const std::string& what) {
  if (error_.empty()) error_ = fmt::format("pipeview: cycle {}: {}", cycle_, what);
}

void Pipeview::set_cycle(uint64_t cycle) {
  if (cycle == cycle_) return;
  process();
  if (!error_.empty()) {
    flush();
    throw std::runtime_error(error_);
  }
  if (text_.size() > (1u << 20)) flush();
  if (cycle > cycle_) fmt::format_to(std::back_inserter(text_), "C\t{}\n", cycle - cycle_);
  cycle_ = cycle;
}

void Pipeview::fe_event(unsigned kind, uint32_t a, uint32_t b, uint32_t c) {
  fe_.push_back({kind, a, b, c});
}

void Pipeview::be_event(unsigned kind, unsigned rob, uint32_t pc, uint32_t insn) {
  be_.push_back({kind, rob, pc, insn});
}

void Pipeview::stage(uint64_t id, const char* name) {
  fmt::format_to(std::back_inserter(text_), "S\t{}\t0\t{}\n", id, name);
}

void Pipeview::end(uint64_t id, bool flushed) {
  fmt::format_to(std::back_inserter(text_), "R\t{}\t{}\t{}\n", id, flushed ? 0 : retired_++,
                 flushed ? 1 : 0);
}

// The events of cycle_, applied as the hardware does at the clock edge that ends it.
void Pipeview::process() {
  // Decode: core_decode sits at the fetch buffer's output, on its oldest FetchWidth entries.
  for (size_t i = 0; i < buf_.size() && i < fetch_width_; ++i) {
    if (!buf_[i].decoded) stage(buf_[i].id, "D");
    buf_[i].decoded = true;
  }
  // Back end: commits, then a flush of everything left in the ROB.
  for (const Event& e : be_) {
    if (e.kind != kBeCommit && e.kind != kBeFlush) continue;
    if (e.a >= kMaxRob) return fail("ROB index out of range");
    if (e.kind == kBeCommit) {
      if (!rob_[e.a]) return fail(fmt::format("commit of empty ROB entry {}", e.a));
      stage(*rob_[e.a], "Cm");
      end(*rob_[e.a], false);
      rob_[e.a].reset();
    } else {
      for (auto& r : rob_) {
        if (r) end(*r, true);
        r.reset();
      }
    }
  }
  // Dispatch takes the fetch buffer's oldest entries; both sides must agree on them.
  unsigned take = 0, dispatched = 0;
  for (const Event& e : fe_) take += e.kind == kFeTake ? e.a : 0;
  for (const Event& e : be_) {
    if (e.kind != kBeDispatch) continue;
    if (buf_.empty())
      return fail(fmt::format("dispatch of pc {:08x} from an empty fetch buffer", e.b));
    const Insn f = buf_.front();
    buf_.pop_front();
    if (f.pc != e.b || f.insn != e.c)
      return fail(fmt::format("dispatched {:08x}: {:08x} but the fetch buffer holds {:08x}: {:08x}",
                              e.b, e.c, f.pc, f.insn));
    if (e.a >= kMaxRob || rob_[e.a])
      return fail(fmt::format("dispatch into busy ROB entry {}", e.a));
    stage(f.id, "Rn");
    stage(f.id, "Ds");
    rob_[e.a] = f.id;
    ++dispatched;
  }
  if (take != dispatched)
    return fail(fmt::format("front end gave {} uops, back end dispatched {}", take, dispatched));
  for (const Event& e : be_) {
    if (e.kind != kBeIssue && e.kind != kBeDone) continue;
    if (e.a >= kMaxRob || !rob_[e.a])
      return fail(fmt::format("event {} on empty ROB entry {}", e.kind, e.a));
    if (e.kind == kBeIssue) {
      stage(*rob_[e.a], "Is");
      stage(*rob_[e.a], "X");
    } else {
      stage(*rob_[e.a], "Wb");
    }
  }
  // Front end: a redirect empties the fetch buffer; answers fill it; new requests.
  for (const Event& e : fe_) {
    if (e.kind != kFeFlush) continue;
    for (const Insn& f : buf_) end(f.id, true);
    buf_.clear();
  }
  for (const Event& e : fe_) {
    if (e.kind != kFeAnswer) continue;
    if (ifq_.empty()) return fail("I-port answer with no request in flight");
    Group& g = ifq_.front();
    if (e.a != g.answered || e.a >= g.slots.size())
      return fail(fmt::format("answer for slot {} of a {}-slot group", e.a, g.slots.size()));
    Insn& f = g.slots[g.answered++];
    f.insn = e.c;
    fmt::format_to(std::back_inserter(text_), "L\t{}\t0\t: {:08x} {}\n", f.id, f.insn,
                   iss::disasm(f.insn, f.pc, /*c=*/false));  // the core fetches no RVC
    if (e.b) {
      stage(f.id, "Ib");
      buf_.push_back(f);
    } else {
      end(f.id, true);
    }
    if (g.answered == g.slots.size()) ifq_.pop_front();
  }
  for (const Event& e : fe_) {
    if (e.kind != kFeFetch) continue;
    fetch_width_ = e.c;
    Group g;
    for (uint32_t s = 0; s < e.b; ++s) {
      const Insn f{.id = next_id_++, .pc = e.a + 4 * s};
      fmt::format_to(std::back_inserter(text_), "I\t{}\t{}\t0\nL\t{}\t0\t{:08x}\n", f.id, f.id,
                     f.id, f.pc);
      stage(f.id, "F");
      g.slots.push_back(f);
    }
    ifq_.push_back(std::move(g));
  }
  fe_.clear();
  be_.clear();
}

}  // namespace stackscope::tb

namespace {
stackscope::tb::Pipeview* installed_pipeview() {
  return stackscope::DpiTarget<stackscope::tb::Pipeview>::get();
}
}  // namespace

extern "C" unsigned char ss_pipe_on() { return installed_pipeview() != nullptr; }

extern "C" void ss_pipe_fe(unsigned int kind, unsigned int a, unsigned int b, unsigned int c) {
  if (auto* p = installed_pipeview()) p->fe_event(kind, a, b, c);
}

extern "C" void ss_pipe_event(unsigned int kind, unsigned int rob, unsigned int pc,
                              unsigned int insn) {
  if (auto* p = installed_pipeview()) p->be_event(kind, rob, pc, insn);
}
