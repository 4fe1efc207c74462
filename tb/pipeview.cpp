#include "pipeview.h"

#include <fmt/format.h>

#include <stdexcept>

namespace stackscope::tb {

namespace {
Pipeview* g_pipeview = nullptr;  // the DPI functions are plain C symbols
constexpr unsigned kMaxRob = 1024;
}  // namespace

Pipeview::Pipeview(const std::string& path) : out_(path), rob_(kMaxRob) {
  if (!out_) throw std::runtime_error(path + ": cannot open for writing");
  out_ << "Kanata\t0004\nC=\t0\n";
}

void Pipeview::set_cycle(uint64_t cycle) {
  if (cycle > cycle_) out_ << fmt::format("C\t{}\n", cycle - cycle_);
  cycle_ = cycle;
}

void Pipeview::event(unsigned kind, unsigned rob, uint32_t pc, uint32_t insn) {
  if (rob >= kMaxRob) return;
  Live& e = rob_[rob];
  switch (kind) {
    case 0:  // dispatch (rename + ROB allocation)
      e = {true, next_id_++};
      out_ << fmt::format("I\t{}\t{}\t0\nL\t{}\t0\t{:08x}: {:08x}\nS\t{}\t0\tDs\n", e.id, e.id, e.id,
                          pc, insn, e.id);
      break;
    case 1:  // issue
      if (e.valid) out_ << fmt::format("S\t{}\t0\tIs\n", e.id);
      break;
    case 2:  // result written / done
      if (e.valid) out_ << fmt::format("S\t{}\t0\tWb\n", e.id);
      break;
    case 3:  // commit
      if (e.valid) out_ << fmt::format("S\t{}\t0\tCm\nR\t{}\t{}\t0\n", e.id, e.id, retired_++);
      e.valid = false;
      break;
    case 4:  // flush: everything still in the ROB
      for (Live& l : rob_) {
        if (l.valid) out_ << fmt::format("R\t{}\t0\t1\n", l.id);
        l.valid = false;
      }
      break;
    default:
      break;
  }
}

void Pipeview::Uninstall::operator()(Pipeview* p) const {
  if (g_pipeview == p) g_pipeview = nullptr;
}

Pipeview::Hook Pipeview::install() {
  g_pipeview = this;
  return Hook(this);
}

}  // namespace stackscope::tb

extern "C" unsigned char ss_pipe_on() { return stackscope::tb::g_pipeview != nullptr; }

extern "C" void ss_pipe_event(unsigned int kind, unsigned int rob, unsigned int pc,
                              unsigned int insn) {
  if (stackscope::tb::g_pipeview) stackscope::tb::g_pipeview->event(kind, rob, pc, insn);
}
