#include "interrupt.h"

namespace stackscope {
namespace {
// The one piece of global state: a signal handler can reach nothing else.
volatile std::sig_atomic_t g_signal = 0;

extern "C" void on_signal(int sig) { g_signal = sig; }
}  // namespace

void install_signal_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

int pending_signal() { return g_signal; }

}  // namespace stackscope
