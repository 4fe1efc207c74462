// ELF loader: every rejection is one clear message naming the file.
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "hart.h"
#include "memory.h"

using Catch::Matchers::Equals;
using stackscope::iss::elf_error;
using stackscope::iss::Hart;
using stackscope::iss::Memory;

namespace {
const std::string kProgs = ISS_PROGS;

std::string write_temp(const std::string& name, const std::vector<uint8_t>& bytes) {
  const auto p = std::filesystem::temp_directory_path() / name;
  std::ofstream(p, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  return p.string();
}

std::string load_error(const std::string& path) {
  Memory mem;
  try {
    mem.load_elf(path);
  } catch (const elf_error& e) {
    return e.what();
  }
  return "no error";
}

// A minimal ELF header: e_ident + e_type + e_machine, the rest zero.
std::vector<uint8_t> header(uint8_t cls, uint16_t machine) {
  std::vector<uint8_t> b(64, 0);
  b[0] = 0x7f, b[1] = 'E', b[2] = 'L', b[3] = 'F', b[4] = cls, b[5] = 1, b[6] = 1;
  b[16] = 2;  // ET_EXEC
  b[18] = static_cast<uint8_t>(machine), b[19] = static_cast<uint8_t>(machine >> 8);
  return b;
}
}  // namespace

TEST_CASE("missing file", "[elf]") {
  CHECK_THAT(load_error("/nonexistent/prog.elf"),
             Equals("/nonexistent/prog.elf: cannot open: No such file or directory"));
}

TEST_CASE("not an ELF file", "[elf]") {
  const std::string txt = "hello, this is text\n";
  const auto p = write_temp("iss_text.elf", {txt.begin(), txt.end()});
  CHECK_THAT(load_error(p), Equals(p + ": not an ELF file"));
  const auto empty = write_temp("iss_empty.elf", {});
  CHECK_THAT(load_error(empty), Equals(empty + ": not an ELF file"));
}

TEST_CASE("crafted headers: 64-bit, foreign machine, truncated", "[elf]") {
  const auto p64 = write_temp("iss_64.elf", header(2, 243));
  CHECK_THAT(load_error(p64), Equals(p64 + ": 64-bit ELF, expected RV32"));
  const auto arm = write_temp("iss_arm.elf", header(1, 40));
  CHECK_THAT(load_error(arm), Equals(arm + ": machine is ARM, expected RISC-V"));
  auto t = header(1, 243);
  t.resize(30);
  const auto trunc = write_temp("iss_trunc.elf", t);
  CHECK_THAT(load_error(trunc), Equals(trunc + ": truncated ELF file"));
}

TEST_CASE("real foreign and 64-bit executables", "[elf]") {
  CHECK_THAT(load_error(kProgs + "/x86.elf"),
             Equals(kProgs + "/x86.elf: machine is x86-64, expected RISC-V"));
  if (!std::filesystem::exists(kProgs + "/rv64.elf"))
    FAIL("not built: needs riscv64-unknown-elf-gcc");
  CHECK_THAT(load_error(kProgs + "/rv64.elf"),
             Equals(kProgs + "/rv64.elf: 64-bit ELF, expected RV32"));
}

TEST_CASE("segment outside RAM, missing tohost", "[elf]") {
  if (!std::filesystem::exists(kProgs + "/lowaddr.elf"))
    FAIL("not built: needs riscv64-unknown-elf-gcc");
  CHECK_THAT(load_error(kProgs + "/lowaddr.elf"),
             Catch::Matchers::StartsWith(kProgs + "/lowaddr.elf: segment 0x000") &&
                 Catch::Matchers::EndsWith("outside RAM 0x80000000..0x81000000"));
  CHECK_THAT(load_error(kProgs + "/notohost.elf"),
             Equals(kProgs + "/notohost.elf: no 'tohost' symbol (HTIF exit is required)"));
}

TEST_CASE("RAM smaller than the program", "[elf]") {
  if (!std::filesystem::exists(kProgs + "/hello.elf"))
    FAIL("not built: needs riscv64-unknown-elf-gcc");
  Memory mem(16);  // hello's code alone is longer than 16 bytes
  CHECK_THROWS_AS(mem.load_elf(kProgs + "/hello.elf"), elf_error);
}

TEST_CASE("valid program: entry, tohost, symbols, runs to exit", "[elf]") {
  if (!std::filesystem::exists(kProgs + "/hello.elf"))
    FAIL("not built: needs riscv64-unknown-elf-gcc");
  Memory mem;
  std::ostringstream console;
  mem.set_console(&console);
  const auto& elf = mem.load_elf(kProgs + "/hello.elf");
  CHECK(elf.entry == 0x80000000);  // link.ld puts .text.init first at ORIGIN(ram)
  CHECK(elf.tohost % 8 == 0);
  REQUIRE(elf.fromhost.has_value());
  CHECK(*elf.fromhost == elf.tohost + 8);  // htif.h: fromhost follows tohost
  CHECK(elf.symbolize(0x80000000) == "_start");
  CHECK(elf.symbolize(0x80000004) == "_start+0x4");
  CHECK(elf.symbolize(0x90000000) == "0x90000000");
  Hart hart(mem, elf.entry);
  for (int i = 0; i < 100 && !hart.exited(); ++i) hart.step();
  CHECK(hart.exited());
  CHECK(hart.exit_code() == 0);
  CHECK(console.str() == "hi\n");
}

TEST_CASE("a program that never exits runs into any limit", "[elf]") {
  if (!std::filesystem::exists(kProgs + "/spin.elf"))
    FAIL("not built: needs riscv64-unknown-elf-gcc");
  Memory mem;
  Hart hart(mem, mem.load_elf(kProgs + "/spin.elf").entry);
  for (int i = 0; i < 10000; ++i) hart.step();
  CHECK_FALSE(hart.exited());
  CHECK(hart.instret() == 10000);
}

TEST_CASE("bad RAM sizes are refused", "[mem]") {
  CHECK_THROWS_AS(Memory(0), std::invalid_argument);
  CHECK_THROWS_AS(Memory(6), std::invalid_argument);
  CHECK_THROWS_AS(Memory(0x80000004u), std::invalid_argument);
}

TEST_CASE("an ELF built with C: e_flags RVC, runs on a hart with C", "[elf][rvc]") {
  if (!std::filesystem::exists(kProgs + "/rvc.elf"))
    FAIL("not built: needs riscv64-unknown-elf-gcc");
  Memory mem;
  const auto& elf = mem.load_elf(kProgs + "/rvc.elf");
  CHECK(elf.rvc);
  Hart hart(mem, elf.entry, stackscope::iss::IsaConfig{.f = true, .c = true});
  for (int i = 0; i < 1000 && !hart.exited(); ++i) hart.step();
  CHECK(hart.exited());
  CHECK(hart.exit_code() == 0);  // else the number of the failing case (progs/rvc.S)
  Memory plain;
  CHECK_FALSE(plain.load_elf(kProgs + "/hello.elf").rvc);
}
