// The command line around the subcommands, shared by build/stackscope and build/stackscope-sc:
// --log-level, parsing, and every error as one line on stderr with its exit status.
#pragma once

#include <CLI/CLI.hpp>

namespace stackscope {

// Parses argv into `app` (whose subcommands are registered and set `exit_code`) and runs the
// chosen one; returns the process's exit status.
int cli_main(CLI::App& app, const int& exit_code, int argc, char** argv);

}  // namespace stackscope
