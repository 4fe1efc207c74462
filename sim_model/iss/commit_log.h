// Spike-style commit log: one line per retired instruction, one per trap.
#pragma once

#include <cstdio>
#include <memory>
#include <string>

#include "hart.h"

namespace stackscope::iss {

class CommitLog {
 public:
  explicit CommitLog(const std::string& path);  // throws std::runtime_error
  void write(const CommitRecord& r);
  static std::string format(const CommitRecord& r);  // without the trailing newline

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::unique_ptr<std::FILE, Closer> f_;
};

const char* trap_name(uint32_t cause);

}  // namespace stackscope::iss
