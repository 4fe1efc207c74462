// Perfect branch prediction for the Verilated front end: a second ISS (own copy of memory)
// runs ahead of the core and answers "next pc of dynamic instruction `seq` at `pc`" through
// the DPI function ss_oracle_next_pc (docs/dev/core_contract.md section 3, docs/dev/core.md).
//
//   stackscope::OracleBp oracle("prog.elf");  // loads its own memory image
//   auto hook = oracle.install();             // RAII: ss_oracle_next_pc uses it until reset
//
// One oracle is installed at a time (the DPI function is a plain C symbol). Without one,
// ss_oracle_next_pc answers 0xffffffff (unknown: the front end uses its predictor).
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include "dpi_target.h"
#include "hart.h"
#include "memory.h"

namespace stackscope {

class OracleBp {
 public:
  static constexpr uint32_t kUnknown = 0xffffffffu;

  explicit OracleBp(const std::string& elf_path,
                    uint32_t ram_size = iss::mmap::kDefaultRamSize);
  OracleBp(const OracleBp&) = delete;
  OracleBp& operator=(const OracleBp&) = delete;

  // Architectural next pc of dynamic instruction `seq` (0 = the first one after reset;
  // every ISS step, retire or trap, is one seq) if it is at `pc`, else kUnknown. Steps the
  // ISS ahead as needed; remembers the last kWindow instructions for re-fetches after a flush.
  uint32_t next_pc(uint32_t seq, uint32_t pc);

  uint64_t queries() const { return queries_; }
  uint64_t unknown() const { return unknown_; }

  // Makes this oracle the one behind ss_oracle_next_pc while the returned handle lives.
  using Hook = DpiTarget<OracleBp>::Hook;
  Hook install() { return DpiTarget<OracleBp>::install(this); }

 private:
  static constexpr size_t kWindow = size_t{1} << 16;
  static constexpr uint64_t kMaxAhead = 1u << 20;  // never step further than this on request

  struct Entry {
    uint32_t pc, next_pc;
  };

  iss::Memory mem_;
  std::unique_ptr<std::ostream> null_console_;
  iss::Hart hart_;
  std::deque<Entry> window_;  // seqs [base_, base_ + window_.size())
  uint64_t base_ = 0;
  uint64_t queries_ = 0, unknown_ = 0;
};

}  // namespace stackscope
