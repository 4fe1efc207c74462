// Unit tests of the robustness pieces: the size syntax, the trap-loop rule, the HTIF rule,
// the config limits and the all-or-nothing output set (docs/robustness.md).
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "config.h"
#include "htif.h"
#include "memory.h"
#include "outputs.h"
#include "size_arg.h"
#include "trap_loop.h"

namespace fs = std::filesystem;
using stackscope::OutputSet;
using stackscope::parse_size;

TEST_CASE("one size syntax: bytes, K/M/G, hex; everything else refused", "[robust]") {
  CHECK(parse_size("4096", "s") == 4096);
  CHECK(parse_size("16M", "s") == 16u << 20);
  CHECK(parse_size("16m", "s") == 16u << 20);
  CHECK(parse_size("64K", "s") == 64u << 10);
  CHECK(parse_size("64KiB", "s") == 64u << 10);
  CHECK(parse_size("2G", "s") == uint64_t{2} << 30);
  CHECK(parse_size("0x1000", "s") == 0x1000);
  for (const char* bad : {"", "16Q", "-1", " 16M", "M", "0x", "0x10M", "1.5M",
                          "99999999999999999999", "17179869184G"})
    CHECK_THROWS_AS(parse_size(bad, "s"), std::invalid_argument);
}

TEST_CASE("trap loop: the same trap twice with nothing retired in between", "[robust]") {
  stackscope::iss::TrapLoopDetector d;
  CHECK_FALSE(d.step(true, 11, 0x80000000, 0));  // ecall
  CHECK_FALSE(d.step(true, 1, 0, 0));            // mtvec = 0: fetch fault at 0
  CHECK(d.step(true, 1, 0, 0));                  // again: a loop
  CHECK_THAT(d.message(), Catch::Matchers::StartsWith(
                              "trap loop: cause 1 (instruction access fault) at pc 0x00000000, "
                              "tval 0x00000000"));
  stackscope::iss::TrapLoopDetector e;
  CHECK_FALSE(e.step(true, 2, 0x80000010, 0));
  e.retired();  // a handler instruction retired: progress
  CHECK_FALSE(e.step(true, 2, 0x80000010, 0));
  CHECK_FALSE(e.step(true, 5, 0x80000010, 0x10));  // other cause
  CHECK_FALSE(e.step(true, 5, 0x80000010, 0x14));  // other tval
  CHECK_FALSE(e.step(true, 5, 0x80000014, 0x14));  // other pc
  CHECK_FALSE(e.step(false, 0, 0x80000014, 0));
  CHECK_FALSE(e.step(true, 5, 0x80000014, std::nullopt));
  CHECK(e.step(true, 5, 0x80000014, std::nullopt));  // no tval (RTL without lockstep)
  CHECK_THAT(e.message(), Catch::Matchers::Contains("tval unknown"));
}

TEST_CASE("HTIF: any width with bit 0 set at tohost exits with the word >> 1", "[robust]") {
  using namespace stackscope::iss;
  CHECK(htif::is_exit_store(0x80001000, 1, 0x80001000));
  CHECK_FALSE(htif::is_exit_store(0x80001000, 2, 0x80001000));
  CHECK_FALSE(htif::is_exit_store(0x80001001, 1, 0x80001000));
  CHECK_FALSE(htif::is_exit_store(0, 1, 0));  // no tohost
  Memory m(1 << 16);
  m.set_tohost(0x80001000);
  REQUIRE(m.store<uint32_t>(0x80001000, 0x200));  // even: data
  CHECK_FALSE(m.exited());
  REQUIRE(m.store<uint8_t>(0x80001000, 0x05));  // word 0x205 -> 0x102
  CHECK(m.exited());
  CHECK(m.exit_code() == 0x102);
  Memory h(1 << 16);
  h.set_tohost(0x80001000);
  REQUIRE(h.store<uint16_t>(0x80001000, 0x0201));
  CHECK(h.exit_code() == 0x100);  // 256: status 1, never 0
}

TEST_CASE("config limits: one rule for CLI names and config keys", "[robust]") {
  using stackscope::report::check_limit;
  CHECK_NOTHROW(check_limit("mem-latency", 20));
  CHECK_NOTHROW(check_limit("memory.latency", 100000));
  CHECK_THROWS_WITH(check_limit("memory.latency", 4294967316u),
                    "memory.latency 4294967316: must be 1..100000");
  CHECK_THROWS_WITH(check_limit("dispatch-width", 0), "dispatch-width 0: must be 1..4");
  const fs::path p =
      fs::temp_directory_path() / ("robust_cfg_" + std::to_string(getpid()) + ".json");
  auto run = [&](const std::string& text) {
    std::ofstream(p) << text;
    stackscope::report::RunConfig c = stackscope::report::built_model();
    std::string err;
    try {
      stackscope::report::apply_config_file(p.string(), c);
    } catch (const std::invalid_argument& e) {
      err = e.what();
    }
    return std::make_pair(c, err);
  };
  CHECK(run(R"({"pmu": {"tip_period": 4294967297}})").second ==
        p.string() + ": pmu.tip_period 4294967297: must be 1..65535");
  CHECK(run(R"({"caches": {"l1i_sets": 4294967296}})").second ==
        p.string() + ": caches.l1i_sets 4294967296: must fit 32 bits");
  CHECK(run(R"({"memory": {"latency": 7}, "memory": {"bandwidth": 4}})").second ==
        p.string() + ": duplicate key 'memory'");
  CHECK(run(R"({"memory": {"latency": 7, "bandwidth": 4}})").first.mem_latency == 7);
  fs::remove(p);
}

TEST_CASE("outputs: temporary files up front, renamed together, removed otherwise", "[robust]") {
  const fs::path dir = fs::temp_directory_path() / ("robust_out_" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto count = [&](const fs::path& d) {
    return std::distance(fs::directory_iterator(d), fs::directory_iterator{});
  };
  {
    OutputSet out;
    const std::string tmp = out.add_file((dir / "a.json").string());
    CHECK(fs::exists(tmp));  // created before anything runs
    out.ensure_dir((dir / "t/u").string());
    out.add_file((dir / "t/u/x.txt").string());
    out.write((dir / "a.json").string(), "{}\n");
    CHECK_THROWS(out.add_file((dir / "a.json").string()));  // twice
    CHECK_FALSE(fs::exists(dir / "a.json"));
  }  // not committed: all gone, the created directories too
  CHECK(count(dir) == 0);
  {
    OutputSet out;
    out.add_file((dir / "a.json").string());
    out.add_file((dir / "b.csv").string());
    out.write((dir / "a.json").string(), "{}\n");
    out.write((dir / "b.csv").string(), "x\n");
    out.commit();
  }
  CHECK(count(dir) == 2);
  std::ifstream f(dir / "a.json");
  std::string line;
  std::getline(f, line);
  CHECK(line == "{}");
  fs::create_symlink(dir / "a.json", dir / "link.json");
  REQUIRE(mkfifo((dir / "fifo").c_str(), 0600) == 0);
  OutputSet out;
  CHECK_THROWS_WITH(out.add_file((dir / "link.json").string()),
                    Catch::Matchers::Contains("is a symbolic link"));
  CHECK_THROWS_WITH(out.add_file((dir / "fifo").string()), Catch::Matchers::Contains("is a FIFO"));
  CHECK_THROWS_WITH(out.add_file(dir.string()), Catch::Matchers::Contains("is a directory"));
  CHECK_THROWS_WITH(out.add_file("/nonexistent/dir/x.json"),
                    Catch::Matchers::Contains("directory does not exist"));
  fs::remove_all(dir);
}
