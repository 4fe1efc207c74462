#include "cli_main.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <exception>

#include "exit_status.h"
#include "interrupt.h"

namespace stackscope {

int cli_main(CLI::App& app, const int& exit_code, int argc, char** argv) {
  app.require_subcommand(1);
  std::string log_level = "info";
  app.add_option("--log-level", log_level, "trace|debug|info|warn|error")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error"}));
  try {
    app.parse_complete_callback(
        [&] { spdlog::set_level(spdlog::level::from_str(log_level)); });
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    // One line, no "Run with --help" footer: bad input is reported like every other error.
    spdlog::error("{}", e.what());
    return exit_status::kBadInput;
  } catch (const Interrupted& e) {
    spdlog::error("{}", e.what());
    return exit_status::kSignalBase + e.signal;
  } catch (const std::exception& e) {
    spdlog::error("{}", e.what());
    return exit_status::kBadInput;
  }
  return exit_code;
}

}  // namespace stackscope
