// tb::Pipeview turns the core's DPI trace events into Kanata stages at the right cycles, and
// stops at the first event that contradicts its mirror of the front end (tb/harness/pipeview.h).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "pipeview.h"

using stackscope::tb::Pipeview;

namespace {
// Event kinds as core_frontend.sv / core_backend.sv send them.
enum : unsigned { kFetch = 0, kAnswer = 1, kTake = 2, kFeFlush = 3 };
enum : unsigned { kDispatch = 0, kIssue = 1, kDone = 2, kCommit = 3, kBeFlush = 4 };
constexpr uint32_t kPc = 0x80000000, kAddi = 0x00100093;  // addi ra, zero, 1

struct Life {
  std::map<std::string, uint64_t> stages;
  int end_type = -1;
  uint64_t end_cycle = 0;
};

// id -> stages and end, read back from the Kanata file.
std::map<uint64_t, Life> parse(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "Kanata\t0004");
  std::map<uint64_t, Life> lives;
  uint64_t cycle = 0;
  while (std::getline(in, line)) {
    std::istringstream f(line);
    std::string cmd;
    f >> cmd;
    if (cmd == "C") {
      uint64_t d;
      f >> d;
      cycle += d;
    } else if (cmd == "S") {
      uint64_t id;
      int lane;
      std::string name;
      f >> id >> lane >> name;
      lives[id].stages[name] = cycle;
    } else if (cmd == "R") {
      uint64_t id, retire;
      int type;
      f >> id >> retire >> type;
      lives[id].end_type = type;
      lives[id].end_cycle = cycle;
    }
  }
  return lives;
}

std::string temp_path(const char* tag) {
  return (std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/ss_pipeview_" +
          tag + "_" + std::to_string(::getpid()) + ".kanata");
}

// Cycle 0: a 2-slot group is requested; 1: slot 0 answered and kept, slot 1 dropped (a decode
// redirect cut the group); 2: slot 0 dispatched into ROB entry 5; 3: issued and done; 4: committed.
void one_life(Pipeview& pv, uint32_t dispatched_pc, unsigned take) {
  pv.fe_event(kFetch, kPc, 2, 2);
  pv.set_cycle(1);
  pv.fe_event(kAnswer, 0, 1, kAddi);
  pv.fe_event(kAnswer, 1, 0, 0);
  pv.set_cycle(2);
  pv.fe_event(kTake, take, 0, 0);
  pv.be_event(kDispatch, 5, dispatched_pc, kAddi);
  pv.set_cycle(3);
  pv.be_event(kIssue, 5, 0, 0);
  pv.be_event(kDone, 5, 0, 0);
  pv.set_cycle(4);
  pv.be_event(kCommit, 5, 0, 0);
  pv.set_cycle(5);
}
}  // namespace

TEST_CASE("pipeview: stages from fetch to commit, a dropped slot", "[pipeview]") {
  const std::string path = temp_path("ok");
  {
    Pipeview pv(path);
    one_life(pv, kPc, 1);
  }
  const auto lives = parse(path);
  std::remove(path.c_str());
  REQUIRE(lives.size() == 2);
  const Life& a = lives.at(0);
  const std::map<std::string, uint64_t> want{{"F", 0},  {"Ib", 1}, {"D", 2},  {"Rn", 2}, {"Ds", 2},
                                             {"Is", 3}, {"X", 3},  {"Wb", 3}, {"Cm", 4}};
  CHECK(a.stages == want);
  CHECK(a.end_type == 0);
  CHECK(a.end_cycle == 4);
  const Life& b = lives.at(1);  // dropped at its answer
  CHECK(b.stages == std::map<std::string, uint64_t>{{"F", 0}});
  CHECK(b.end_type == 1);
  CHECK(b.end_cycle == 1);
}

TEST_CASE("pipeview: a dispatch the fetch buffer does not hold stops the run", "[pipeview]") {
  const std::string path = temp_path("pc");
  Pipeview pv(path);
  CHECK_THROWS_WITH(one_life(pv, kPc + 4, 1),
                    Catch::Contains("pipeview: cycle 2: dispatched 80000004"));
  std::remove(path.c_str());
}

TEST_CASE("pipeview: front end and back end disagree on the uops taken", "[pipeview]") {
  const std::string path = temp_path("take");
  Pipeview pv(path);
  CHECK_THROWS_WITH(one_life(pv, kPc, 2),
                    Catch::Contains("front end gave 2 uops, back end dispatched 1"));
  std::remove(path.c_str());
}

TEST_CASE("pipeview: a redirect empties the fetch buffer, a ROB flush the ROB", "[pipeview]") {
  const std::string path = temp_path("flush");
  {
    Pipeview pv(path);
    pv.fe_event(kFetch, kPc, 2, 2);
    pv.set_cycle(1);
    pv.fe_event(kAnswer, 0, 1, kAddi);
    pv.fe_event(kAnswer, 1, 1, kAddi);
    pv.set_cycle(2);
    pv.fe_event(kTake, 1, 0, 0);
    pv.be_event(kDispatch, 0, kPc, kAddi);
    pv.set_cycle(3);
    pv.be_event(kBeFlush, 0, 0, 0);
    pv.fe_event(kFeFlush, 0, 0, 0);
    pv.set_cycle(4);
  }
  const auto lives = parse(path);
  std::remove(path.c_str());
  REQUIRE(lives.size() == 2);
  CHECK(lives.at(0).stages.count("Ds") == 1);
  CHECK(lives.at(0).end_type == 1);
  CHECK(lives.at(0).end_cycle == 3);
  CHECK(lives.at(1).stages.count("Ds") == 0);
  CHECK(lives.at(1).stages.at("D") == 2);
  CHECK(lives.at(1).end_type == 1);
  CHECK(lives.at(1).end_cycle == 3);
}
