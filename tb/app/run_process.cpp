#include "run_process.h"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

extern char** environ;

namespace stackscope {

int run_process(const std::vector<std::string>& argv) {
  if (argv.empty()) throw std::invalid_argument("run_process: empty argument vector");
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  if (const int err = posix_spawn(&pid, args[0], nullptr, nullptr, args.data(), environ); err != 0)
    throw std::runtime_error(argv[0] + ": cannot start: " + std::strerror(err));
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      throw std::runtime_error(argv[0] + ": wait failed: " + std::strerror(errno));
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

}  // namespace stackscope
