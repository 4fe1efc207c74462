// Kanata pipeline trace (viewable in Konata) of the out-of-order core: the back end reports
// dispatch, issue, completion, commit and flush through DPI (core_backend.sv, `pipeview`
// block), naming instructions by ROB index; this writer turns them into Kanata 0004 records.
//
//   stackscope::tb::Pipeview pv("run.kanata");  // throws std::runtime_error if unwritable
//   auto hook = pv.install();                   // RAII: the DPI calls reach it while alive
//   ... pv.set_cycle(c) before each clock edge ...
#pragma once
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace stackscope::tb {

class Pipeview {
 public:
  explicit Pipeview(const std::string& path);
  Pipeview(const Pipeview&) = delete;
  Pipeview& operator=(const Pipeview&) = delete;

  void set_cycle(uint64_t cycle);
  void event(unsigned kind, unsigned rob, uint32_t pc, uint32_t insn);

  struct Uninstall {
    void operator()(Pipeview* p) const;
  };
  using Hook = std::unique_ptr<Pipeview, Uninstall>;
  Hook install();

 private:
  struct Live {
    bool valid = false;
    uint64_t id = 0;
  };
  std::ofstream out_;
  uint64_t cycle_ = 0, next_id_ = 0, retired_ = 0;
  std::vector<Live> rob_;  // by ROB index
};

}  // namespace stackscope::tb
