// Starting a helper program (the plotter) with an argument vector: posix_spawn, no shell,
// so no path or user string is ever interpreted by one.
#pragma once

#include <string>
#include <vector>

namespace stackscope {

// Runs argv[0] (a path, not searched in PATH) with `argv` and waits for it. Returns its exit
// status (128 + signal if a signal ended it); throws std::runtime_error if it cannot start.
int run_process(const std::vector<std::string>& argv);

}  // namespace stackscope
