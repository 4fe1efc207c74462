// The files a run writes (--json, --csv, --text-dir, --plots, --fst, --pipeview), all or
// nothing (docs/robustness.md "Outputs"):
// - each path is checked when it is added, before anything is simulated: its directory
//   exists (a --text-dir is created) and takes a new file, and the path is either absent
//   or a regular file -- a directory, symlink, FIFO or device is refused (exit 2);
// - everything is written to a temporary file in the same directory (`.NAME.tmpXXXXXX`,
//   created at once, so an unwritable place is found before the run) and renamed into place
//   by commit() after the whole run succeeded;
// - if commit() is never reached (an error, a mismatch, SIGINT/SIGTERM) the destructor
//   removes every temporary file and every directory it created.
// "-" stands for stdout: the content is printed at commit().
#pragma once

#include <string>
#include <vector>

namespace stackscope {

class OutputSet {
 public:
  OutputSet() = default;
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;
  ~OutputSet();

  // A file output. Returns the temporary path to write (or to open with another writer).
  std::string add_file(const std::string& path);
  // A directory output (the plots): returns a temporary directory; commit() moves each file
  // in it into `dir` (created if missing).
  std::string add_dir(const std::string& dir);
  // A directory that will hold file outputs: created now if missing (removed again if the
  // run does not commit).
  void ensure_dir(const std::string& dir);
  // Writes `content` to the output added as `path` (its temporary file, or the stdout buffer).
  void write(const std::string& path, const std::string& content);
  // Renames every temporary file into place; prints the stdout outputs.
  void commit();
  // Renames one file output into place now (a mismatch keeps its traces for debugging);
  // the others are still removed unless commit() follows.
  void keep(const std::string& path);

 private:
  struct Entry {
    std::string path, tmp;
    bool is_dir = false, is_stdout = false;
    std::string stdout_content;
  };
  Entry& find(const std::string& path);
  std::vector<Entry> entries_;
  std::vector<std::string> created_dirs_;  // deepest last
  bool committed_ = false;
};

}  // namespace stackscope
