// Commit-log lines in Spike's format (the brief's examples, written out by hand).
#include <catch2/catch.hpp>

#include "commit_log.h"

using stackscope::iss::CommitLog;
using stackscope::iss::CommitRecord;

TEST_CASE("commit log lines", "[log]") {
  CommitRecord li;
  li.pc = 0x80000004, li.insn = 0x00a00513;
  li.rd_written = true, li.rd = 10, li.rd_value = 10;
  CHECK(CommitLog::format(li) == "core   0: 3 0x80000004 (0x00a00513) x10 0x0000000a");
  li.rd = 5;
  CHECK(CommitLog::format(li) == "core   0: 3 0x80000004 (0x00a00513) x5  0x0000000a");

  CommitRecord sw;
  sw.pc = 0x80000008, sw.insn = 0x02a5a023;
  sw.mem_write = true, sw.mem_addr = 0x80001000, sw.mem_size = 4, sw.mem_wdata = 42;
  CHECK(CommitLog::format(sw) == "core   0: 3 0x80000008 (0x02a5a023) mem 0x80001000 0x0000002a");
  sw.mem_size = 1;
  CHECK(CommitLog::format(sw) == "core   0: 3 0x80000008 (0x02a5a023) mem 0x80001000 0x2a");

  CommitRecord lw;
  lw.pc = 0x8000000c, lw.insn = 0x0005a503;
  lw.rd_written = true, lw.rd = 10, lw.rd_value = 0xdeadbeef;
  lw.mem_read = true, lw.mem_addr = 0x80001000, lw.mem_size = 4;
  CHECK(CommitLog::format(lw) ==
        "core   0: 3 0x8000000c (0x0005a503) x10 0xdeadbeef mem 0x80001000");

  CommitRecord trap;
  trap.pc = 0x80000010, trap.insn = 0xffffffff, trap.trap = true, trap.cause = 2,
  trap.tval = 0xffffffff;
  CHECK(CommitLog::format(trap) ==
        "core   0: exception trap_illegal_instruction, epc 0x80000010\n"
        "core   0:           tval 0xffffffff");
  trap.cause = 0x80000007, trap.tval = 0;
  CHECK(CommitLog::format(trap) ==
        "core   0: exception interrupt_machine_timer, epc 0x80000010\n"
        "core   0:           tval 0x00000000");
}
