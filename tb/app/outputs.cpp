#include "outputs.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <stdexcept>

namespace stackscope {
namespace {

namespace fs = std::filesystem;

std::runtime_error bad(const std::string& path, const std::string& why) {
  return std::runtime_error(path + ": " + why);
}

// The path must be absent or a regular file (lstat: a symlink is refused, not followed).
void check_target(const std::string& path, bool want_dir) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return;
    throw bad(path, std::string("cannot use as output: ") + std::strerror(errno));
  }
  if (S_ISLNK(st.st_mode))
    throw bad(path,
              "is a symbolic link; give the file's own path (outputs are replaced, not "
              "written through links)");
  if (want_dir) {
    if (!S_ISDIR(st.st_mode)) throw bad(path, "exists and is not a directory");
    return;
  }
  if (S_ISDIR(st.st_mode)) throw bad(path, "is a directory");
  if (S_ISFIFO(st.st_mode))
    throw bad(path, "is a FIFO; outputs must be regular files (or - for stdout)");
  if (!S_ISREG(st.st_mode)) throw bad(path, "exists and is not a regular file");
}

std::string parent_of(const std::string& path) {
  const fs::path p = fs::path(path).parent_path();
  return p.empty() ? std::string(".") : p.string();
}

mode_t default_file_mode() {
  const mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

}  // namespace

OutputSet::~OutputSet() {
  if (committed_) return;
  std::error_code ec;
  for (const Entry& e : entries_) {
    if (e.tmp.empty()) continue;
    if (e.is_dir)
      fs::remove_all(e.tmp, ec);
    else
      fs::remove(e.tmp, ec);
  }
  for (auto it = created_dirs_.rbegin(); it != created_dirs_.rend(); ++it) fs::remove(*it, ec);
}

void OutputSet::ensure_dir(const std::string& dir) {
  std::error_code ec;
  check_target(dir, true);
  if (fs::is_directory(dir, ec)) return;
  // Remember each level created, to remove it again if the run does not commit.
  std::vector<std::string> levels;
  for (fs::path p = fs::path(dir); !p.empty() && !fs::exists(p, ec); p = p.parent_path())
    levels.push_back(p.string());
  fs::create_directories(dir, ec);
  if (ec) throw bad(dir, "cannot create directory: " + ec.message());
  created_dirs_.insert(created_dirs_.end(), levels.rbegin(), levels.rend());
}

std::string OutputSet::add_file(const std::string& path) {
  if (path == "-") {
    Entry e;
    e.path = path;
    e.is_stdout = true;
    entries_.push_back(std::move(e));
    return {};
  }
  for (const Entry& e : entries_)
    if (e.path == path) throw bad(path, "given for two outputs");
  check_target(path, false);
  const std::string dir = parent_of(path);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw bad(path, "directory does not exist");
  std::string tmpl = dir + "/." + fs::path(path).filename().string() + ".tmpXXXXXX";
  const int fd = mkstemp(tmpl.data());
  if (fd < 0) throw bad(path, std::string("cannot write: ") + std::strerror(errno));
  fchmod(fd, default_file_mode());
  close(fd);
  Entry e;
  e.path = path;
  e.tmp = tmpl;
  entries_.push_back(std::move(e));
  return tmpl;
}

std::string OutputSet::add_dir(const std::string& dir) {
  check_target(dir, true);
  const fs::path p = fs::path(dir).lexically_normal();
  const std::string parent =
      p.has_parent_path() && p.parent_path() != p ? p.parent_path().string() : std::string(".");
  std::error_code ec;
  if (!fs::is_directory(parent, ec)) ensure_dir(parent);
  std::string tmpl = parent + "/." + p.filename().string() + ".tmpXXXXXX";
  if (!mkdtemp(tmpl.data())) throw bad(dir, std::string("cannot write: ") + std::strerror(errno));
  Entry e;
  e.path = dir;
  e.tmp = tmpl;
  e.is_dir = true;
  entries_.push_back(std::move(e));
  return tmpl;
}

OutputSet::Entry& OutputSet::find(const std::string& path) {
  for (Entry& e : entries_)
    if (e.path == path) return e;
  throw std::logic_error("OutputSet: " + path + " was not added");
}

void OutputSet::write(const std::string& path, const std::string& content) {
  Entry& e = find(path);
  if (e.is_stdout) {
    e.stdout_content = content;
    return;
  }
  FILE* f = std::fopen(e.tmp.c_str(), "wb");
  if (!f) throw bad(path, std::string("cannot write: ") + std::strerror(errno));
  const bool ok = std::fwrite(content.data(), 1, content.size(), f) == content.size();
  if (std::fclose(f) != 0 || !ok) throw bad(path, "write failed (disk full?)");
}

void OutputSet::keep(const std::string& path) {
  Entry& e = find(path);
  if (e.is_stdout || e.is_dir || e.tmp.empty()) return;
  std::error_code ec;
  fs::rename(e.tmp, e.path, ec);
  if (!ec) e.tmp.clear();
}

void OutputSet::commit() {
  std::error_code ec;
  for (Entry& e : entries_) {
    if (e.is_stdout) {
      std::cout << e.stdout_content << std::flush;
      continue;
    }
    if (e.is_dir) {
      fs::create_directories(e.path, ec);
      if (ec) throw bad(e.path, "cannot create directory: " + ec.message());
      for (const auto& f : fs::directory_iterator(e.tmp)) {
        fs::rename(f.path(), fs::path(e.path) / f.path().filename(), ec);
        if (ec)
          throw bad(e.path,
                    "cannot move " + f.path().filename().string() + " into place: " + ec.message());
      }
      fs::remove(e.tmp, ec);
      e.tmp.clear();
      continue;
    }
    fs::rename(e.tmp, e.path, ec);
    if (ec) throw bad(e.path, "cannot rename into place: " + ec.message());
    e.tmp.clear();
  }
  committed_ = true;
}

}  // namespace stackscope
