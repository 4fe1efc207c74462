// ProbeCheck (tb/harness/check/probe_check.h): the probe's window flags against the window
// followed from the counts (pmu::RobWindow). A hand-made machine trace passes; each flag wired
// to a plausible wrong signal, one at a time, is reported by its rule.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <vector>

#include "probe_check.h"
#include "rob_window.h"

using namespace stackscope::pmu;
using stackscope::check::ProbeCheck;

namespace {

// A 4-entry ROB, W = 2, traced by hand: what a correct driver shows each cycle.
//  c0: dispatch 2 (idx 0,1)                     window 0 -> 2
//  c1: dispatch 2 (idx 2,3); ROB full after it, a uop waits: rob_full; issue idx 0
//  c2: ROB full, a uop waits, nothing dispatched: rob_full; commit 1 (idx 0)  window 4 -> 3
//  c3: commit 2, the 2nd a mispredicted branch: flush (dispatch held)       window 3 -> 0
//  c4: dispatch 1 at idx 3 (after the last committed, idx 2)                 window 0 -> 1
std::vector<Probe> trace() {
  std::vector<Probe> t(5);
  t[0].disp_n = 2, t[0].disp_rob_idx = 0, t[0].rob_empty = 1, t[0].fe_empty = 1;
  t[1].disp_n = 2, t[1].disp_rob_idx = 2, t[1].rob_full = t[1].be_stall = 1;
  t[1].iss_n = 1, t[1].iss_rob_idx[0] = 0, t[1].rob_head_valid = 1;
  t[1].iss_old_rob_idx = t[2].iss_old_rob_idx = 1;  // idx 1..3 wait in the RSs
  t[1].head_valid[0] = t[1].head_valid[1] = 1;
  t[2].rob_full = t[2].be_stall = 1, t[2].cmt_n = 1, t[2].rob_head_valid = 1;
  t[2].head_valid[0] = t[2].head_valid[1] = 1, t[2].head_commit[0] = 1;
  t[3].fe_empty = 1, t[3].cmt_n = 2, t[3].head_valid[0] = t[3].head_valid[1] = 1;
  t[3].head_commit[0] = t[3].head_commit[1] = 1;
  t[3].flush = t[3].cmt_br_mispred = t[3].rob_empty = 1;
  t[4].disp_n = 1, t[4].disp_rob_idx = 3, t[4].rob_empty = 1, t[4].fe_empty = 1;
  t[4].iss_old_rob_idx = 3;
  return t;
}

// The window is followed from the counts; the check reads it before each cycle (as the probe
// rules, tb/harness/check/probe_rules.cpp, do).
std::string run(const std::vector<Probe>& t) {
  RobWindow window;
  const ProbeCheck c(4, 2, 2);
  for (const Probe& p : t) {
    if (std::string e = c.check(p, window); !e.empty()) return e;
    window.step(p, 3);
  }
  return {};
}

}  // namespace

TEST_CASE("ProbeCheck: a hand-traced correct probe passes", "[probe]") {
  REQUIRE(run(trace()).empty());
}

TEST_CASE("ProbeCheck: each window flag wired to a wrong signal is caught", "[probe]") {
  struct Mutation {
    const char* what;
    const char* rule;
    std::function<void(std::vector<Probe>&)> apply;
  };
  const std::vector<Mutation> muts = {
      {"rob_full <- rs_full (never set here)", "rob_full",
       [](auto& t) { t[1].rob_full = t[2].rob_full = 0; }},
      {"rob_full <- be_stall without a full ROB", "rob_full",
       [](auto& t) { t[0].rob_full = t[0].be_stall = 1, t[0].fe_empty = 0; }},
      {"rob_full without be_stall", "be_stall", [](auto& t) { t[1].be_stall = 0; }},
      {"rob_empty <- rob_empty before commit", "rob_empty", [](auto& t) { t[3].rob_empty = 0; }},
      {"rob_head_valid stuck at 1", "rob_head_valid", [](auto& t) { t[0].rob_head_valid = 1; }},
      {"cmt_n counts a uop twice", "cmt_n<=window", [](auto& t) { t[2].cmt_n = 5; }},
      {"head_commit <- head_valid", "head_commit",
       [](auto& t) { t[1].head_commit[0] = t[1].head_commit[1] = 1; }},
      {"head_valid <- head_commit", "head_valid", [](auto& t) { t[1].head_valid[1] = 0; }},
      {"disp_rob_idx from the head", "disp_rob_idx", [](auto& t) { t[1].disp_rob_idx = 0; }},
      {"flush tail not moved back", "disp_rob_idx", [](auto& t) { t[4].disp_rob_idx = 1; }},
      {"mispredict without flush", "flush", [](auto& t) { t[3].flush = 0; }},
      {"issue of a ROB index not dispatched", "iss_rob_idx",
       [](auto& t) { t[4].iss_n = 1, t[4].iss_rob_idx[0] = 0; }},
      {"rs_empty stuck at 0", "rs_empty", [](auto& t) { t[0].disp_n = 0, t[0].rs_empty = 0; }},
      {"disp_n over the window", "window<=rob", [](auto& t) { t[2].disp_n = 1; }},
      {"iss_old_rob_idx <- the issued uop's index", "iss_old_rob_idx",
       [](auto& t) { t[1].iss_old_rob_idx = 0; }},
      {"iss_old_rob_idx from before the flush", "iss_old_rob_idx",
       [](auto& t) { t[4].iss_old_rob_idx = 2; }},
  };
  for (const Mutation& m : muts) {
    INFO(m.what);
    std::vector<Probe> t = trace();
    m.apply(t);
    const std::string e = run(t);
    CHECK(e.find(std::string("probe rule ") + m.rule + ":") != std::string::npos);
  }
}

TEST_CASE("ProbeCheck: a ROB size the probe cannot index is refused", "[probe]") {
  CHECK_THROWS_AS(ProbeCheck(48, 2, 2), std::invalid_argument);
  CHECK_THROWS_AS(ProbeCheck(128, 2, 2), std::invalid_argument);
}

// check_obs: the RS, load-queue, store-buffer and misfetch flags against the core's
// observation port (raw counts). A W = 2 core; each case sets the counts, the correct flags,
// and then one wrong flag that the named rule must report.
TEST_CASE("ProbeCheck: flags against the observation port", "[probe]") {
  struct Case {
    const char* what;
    CoreObs obs;
    std::function<void(Probe&)> right, wrong;
    const char* rule;
  };
  const auto obs = [](uint32_t min_free, uint32_t wait, uint32_t ready, uint32_t lq, uint32_t sb) {
    CoreObs o;
    o.rs_min_free = min_free, o.rs_wait = wait, o.rs_ready_left = ready;
    o.lq_waiting = lq, o.sb_free = sb;
    return o;
  };
  const std::vector<Case> cases = {
      {"LSQ full, RSs with room", obs(2, 0, 0, 0, 4), [](Probe& p) { p.rs_empty = 1; },
       [](Probe& p) { p.rs_empty = 1, p.rs_full = 1; }, "rs_full"},
      {"two uops wait, none ready", obs(4, 2, 0, 0, 4),
       [](Probe& p) { p.iss_nonready = 1; }, [](Probe& p) { p.rs_empty = 1; }, "rs_empty"},
      {"a ready uop left behind", obs(4, 3, 1, 0, 4),
       [](Probe& p) { p.iss_struct = 1, p.iss_nonready = 1; },
       [](Probe& p) { p.iss_nonready = 1; }, "iss_struct"},
      {"every waiting uop ready", obs(4, 2, 2, 0, 4), [](Probe& p) { p.iss_struct = 1; },
       [](Probe& p) { p.iss_struct = 1, p.iss_nonready = 1; }, "iss_nonready"},
      {"none ready", obs(4, 1, 0, 0, 4), [](Probe& p) { p.iss_nonready = 1; },
       [](Probe&) {}, "iss_nonready"},
      {"a load hits, waiting for data", obs(4, 0, 0, 1, 4),
       [](Probe& p) { p.rs_empty = 1, p.ld_inflight = 1; },
       [](Probe& p) { p.rs_empty = 1; }, "ld_inflight"},
      {"store buffer full", obs(4, 0, 0, 0, 0), [](Probe& p) { p.rs_empty = 1, p.sb_full = 1; },
       [](Probe& p) { p.rs_empty = 1; }, "sb_full"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    Probe right, wrong;
    c.right(right);
    c.wrong(wrong);
    CHECK(ProbeCheck(4, 2, 2).check_obs(right, c.obs).empty());
    const std::string e = ProbeCheck(4, 2, 2).check_obs(wrong, c.obs);
    CHECK(e.find(std::string("probe rule ") + c.rule + ":") == 0);
  }
}

TEST_CASE("ProbeCheck: a misfetch follows a decode redirect", "[probe]") {
  CoreObs idle, redirect, both;
  idle.sb_free = redirect.sb_free = both.sb_free = 4;  // the store buffer has room
  redirect.dec_redirect = 1;
  both.dec_redirect = both.be_redirect = 1;
  Probe quiet, misfetch;
  quiet.rs_empty = misfetch.rs_empty = 1;
  misfetch.fe_misfetch = 1;
  {  // redirect, then two cycles of misfetch, then it ends: correct
    ProbeCheck c(4, 2, 2);
    CHECK(c.check_obs(quiet, redirect).empty());
    CHECK(c.check_obs(misfetch, idle).empty());
    CHECK(c.check_obs(misfetch, idle).empty());
    CHECK(c.check_obs(quiet, idle).empty());
  }
  {  // the flag left unconnected
    ProbeCheck c(4, 2, 2);
    CHECK(c.check_obs(quiet, redirect).empty());
    CHECK(c.check_obs(quiet, idle).find("probe rule fe_misfetch:") == 0);
  }
  {  // a back-end redirect in the same cycle wins: no misfetch after it
    ProbeCheck c(4, 2, 2);
    CHECK(c.check_obs(quiet, both).empty());
    CHECK(c.check_obs(misfetch, idle).find("probe rule fe_misfetch:") == 0);
  }
  {  // a misfetch from nowhere
    ProbeCheck c(4, 2, 2);
    CHECK(c.check_obs(quiet, idle).empty());
    CHECK(c.check_obs(misfetch, idle).find("probe rule fe_misfetch:") == 0);
  }
}
