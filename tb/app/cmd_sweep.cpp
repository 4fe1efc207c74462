// `stackscope sweep`: the sweep runner is Python (scripts/stackscope_sweep: a process pool, a
// Slurm back end, the merge and matplotlib plots; docs/sweep.md). This subcommand replaces the
// process with it (execv, an argument vector, no shell), passing the build this binary belongs
// to, so the runner's exit status and signals are the command's own.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "commands.h"

namespace stackscope {

void add_sweep_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "sweep", "run a sweep of build-time parameters, run-time options and workloads (docs/sweep.md; "
               "`stackscope sweep --help` for its options)");
  cmd->prefix_command();
  cmd->allow_extras();
  cmd->set_help_flag();  // --help goes to the runner
  cmd->callback([cmd, &exit_code] {
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) throw std::runtime_error("sweep: cannot find this binary's build directory");
    std::vector<std::string> argv{STACKSCOPE_PYTHON, STACKSCOPE_SWEEP_PY, "--build-dir",
                                  exe.parent_path().string()};
    for (const std::string& a : cmd->remaining()) argv.push_back(a);
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (std::string& a : argv) args.push_back(a.data());
    args.push_back(nullptr);
    execv(args[0], args.data());
    exit_code = 2;
    throw std::runtime_error(std::string("sweep: cannot start ") + STACKSCOPE_PYTHON + ": " +
                             std::strerror(errno));
  });
}

}  // namespace stackscope
