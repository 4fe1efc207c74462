#include "oracle_bp.h"

#include <ostream>

namespace stackscope {

namespace {
uint32_t load(iss::Memory& m, const std::string& path) { return m.load_elf(path).entry; }
}  // namespace

OracleBp::OracleBp(const std::string& elf_path, uint32_t ram_size)
    : mem_(ram_size),
      null_console_(std::make_unique<std::ostream>(nullptr)),
      hart_(mem_, load(mem_, elf_path), iss::IsaConfig{.f = true}) {
  mem_.set_console(null_console_.get());  // the program's output comes from the core's run
}

uint32_t OracleBp::next_pc(uint32_t seq32, uint32_t pc) {
  ++queries_;
  // Widen seq relative to the window so a 32-bit wrap of the core's counter stays aligned.
  const uint64_t seq = base_ + static_cast<uint32_t>(seq32 - static_cast<uint32_t>(base_));
  if (seq >= base_ + window_.size() + kMaxAhead) {
    ++unknown_;
    return kUnknown;
  }
  while (seq >= base_ + window_.size()) {
    if (hart_.exited()) {
      ++unknown_;
      return kUnknown;
    }
    const iss::CommitRecord r = hart_.step();
    window_.push_back({r.pc, r.next_pc});
    if (window_.size() > kWindow) {
      window_.pop_front();
      ++base_;
    }
  }
  if (seq < base_) {
    ++unknown_;
    return kUnknown;
  }
  const Entry& e = window_[seq - base_];
  if (e.pc != pc) {
    ++unknown_;
    return kUnknown;
  }
  return e.next_pc;
}

}  // namespace stackscope

// import "DPI-C" function int unsigned ss_oracle_next_pc(input int unsigned seq,
//                                                        input int unsigned pc);
extern "C" unsigned int ss_oracle_next_pc(unsigned int seq, unsigned int pc) {
  using stackscope::OracleBp;
  OracleBp* o = stackscope::DpiTarget<OracleBp>::get();
  return o ? o->next_pc(seq, pc) : OracleBp::kUnknown;
}
