// Kanata pipeline trace (viewable in Konata) of the out-of-order core, from fetch to commit or
// flush. core_frontend reports fetch-side events (ss_pipe_fe) and core_backend the back end's
// (ss_pipe_event) through DPI under `ifndef SYNTHESIS. This writer mirrors the front end's
// requests in flight and its fetch buffer (both in order) to follow each instruction from its
// fetch to its dispatch, and by ROB index from then on. Stages (Kanata names), each starting in
// the cycle of its event (docs/dev/core.md "Pipeline trace"):
//
//   F  fetch: the I-port accepted its group's request   Rn, Ds  rename and dispatch (one cycle)
//   Ib answered: predecoded, written to the fetch buffer Is, X   issue select and execute start
//   D  decode: among the buffer's oldest FetchWidth      Wb      result written / done
//                                                        Cm      commit
//
// An instruction ends with R type 0 (committed) or type 1 (flushed: a killed request, a group cut
// by a decode redirect, the fetch buffer emptied by a redirect, or the ROB flushed).
//
//   stackscope::tb::Pipeview pv("run.kanata");  // throws std::runtime_error if unwritable
//   auto hook = pv.install();                   // RAII: the DPI calls reach it while alive
//   ... pv.set_cycle(c) before each clock edge (writes cycle c-1's events; throws
//       std::runtime_error if the events contradict each other) ...
#pragma once
#include <fmt/format.h>

#include <cstdint>
#include <deque>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "dpi_target.h"

namespace stackscope::tb {

class Pipeview {
 public:
  explicit Pipeview(const std::string& path);
  ~Pipeview();
  Pipeview(const Pipeview&) = delete;
  Pipeview& operator=(const Pipeview&) = delete;

  void set_cycle(uint64_t cycle);
  // DPI entry points; events are kept and applied once the cycle is over, in the order the
  // hardware applies them (the two modules' calls come in no defined order).
  void fe_event(unsigned kind, uint32_t a, uint32_t b, uint32_t c);
  void be_event(unsigned kind, unsigned rob, uint32_t pc, uint32_t insn);

  using Hook = DpiTarget<Pipeview>::Hook;
  Hook install() { return DpiTarget<Pipeview>::install(this); }

 private:
  struct Event {
    unsigned kind;
    uint32_t a, b, c;
  };
  struct Insn {
    uint64_t id;
    uint32_t pc;
    uint32_t insn = 0;
    bool decoded = false;
  };
  struct Group {
    std::vector<Insn> slots;
    size_t answered = 0;
  };
  void process();
  void flush();
  void fail(const std::string& what);
  void stage(uint64_t id, const char* name);
  void end(uint64_t id, bool flushed);

  std::ofstream out_;
  fmt::memory_buffer text_;  // formatted records not yet written
  uint64_t cycle_ = 0, next_id_ = 0, retired_ = 0;
  unsigned fetch_width_ = 1;
  std::vector<Event> fe_, be_;                // the current cycle's
  std::deque<Group> ifq_;                     // requests in flight, oldest first
  std::deque<Insn> buf_;                      // the fetch buffer, oldest first
  std::vector<std::optional<uint64_t>> rob_;  // id by ROB index
  std::string error_;
};

}  // namespace stackscope::tb
