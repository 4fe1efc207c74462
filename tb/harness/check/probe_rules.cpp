#include "probe_rules.h"

#include <fmt/format.h>

#include <algorithm>

namespace stackscope::check {

ProbeRules::ProbeRules(unsigned rob_entries, unsigned dispatch_width, unsigned commit_width,
                       unsigned fp_units)
    : rob_mask_(rob_entries - 1),
      window_check_(rob_entries, dispatch_width, commit_width),
      history_(rob_entries, fp_units),
      levels_(rob_entries) {}

std::string ProbeRules::step(const pmu::Probe& p, const MachineView& m) {
  const pmu::RobWindow before = window_;
  window_.step(p, rob_mask_);
  if (std::string e = window_check_.check(p, before); !e.empty()) return e;
  if (std::string e = check_probe_commits(p, m.commits); !e.empty()) return e;
  if (m.obs)
    if (std::string e = window_check_.check_obs(p, *m.obs); !e.empty()) return e;
  if (std::string e = history_.step(p, before, m.commits); !e.empty()) return e;
  // The memory controller's queue against the harness memory's own count (4 bits, capped).
  if (p.mem_outstanding != std::min<uint32_t>(m.mem_lines, 15))
    return fmt::format("probe rule mem_outstanding: mem_outstanding {}, the memory model has {} "
                       "line requests in flight", p.mem_outstanding, m.mem_lines);
  if (m.obs && m.line_reads)
    return levels_.step(m.cycle, p, before, *m.obs, m.commits, *m.line_reads);
  return {};
}

}  // namespace stackscope::check
