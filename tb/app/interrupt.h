// SIGINT / SIGTERM: the handler only records the signal; the simulation loops poll it and
// throw Interrupted, so every output's RAII owner removes its temporary file on the way out
// and main exits 128 + signal with one line (docs/robustness.md).
#pragma once

#include <csignal>
#include <stdexcept>
#include <string>

namespace stackscope {

struct Interrupted : std::runtime_error {
  explicit Interrupted(int sig)
      : std::runtime_error(std::string("interrupted by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM") +
                           ": run stopped, no output written"),
        signal(sig) {}
  int signal;
};

// Installs the handlers (once, from main).
void install_signal_handlers();
// The signal received so far, or 0.
int pending_signal();
// Throws Interrupted if a signal arrived.
inline void check_interrupt() {
  if (const int s = pending_signal()) throw Interrupted(s);
}

}  // namespace stackscope
