// libFuzzer target: the ELF loader (sim_model/iss/elf_loader.cpp) on arbitrary bytes, then,
// for an image it accepts, loading it and a bounded run on the ISS. The only outcome allowed
// for bad input is iss::elf_error (a one-line message, exit 2 in `stackscope`): any other
// exception, a crash or a sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <vector>

#include "elf_loader.h"
#include "hart.h"
#include "memory.h"

namespace {
// A small RAM keeps an execution cheap; the loader's range checks are the same at any size.
constexpr uint32_t kFuzzRam = 256u << 10;
constexpr unsigned kMaxSteps = 2000;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace stackscope::iss;
  ElfImage img;
  try {
    img = parse_elf("fuzz.elf", std::vector<uint8_t>(data, data + size), mmap::kRamBase, kFuzzRam);
  } catch (const elf_error&) {
    return 0;
  }
  (void)img.symbolize(img.entry);
  (void)img.symbolize(img.entry + 4);
  Memory mem(kFuzzRam);
  std::ostream null_console(nullptr);
  mem.set_console(&null_console);
  const ElfImage& loaded = mem.load_image(std::move(img));
  Hart hart(mem, loaded.entry);
  for (unsigned i = 0; i < kMaxSteps && !hart.exited(); ++i) hart.step();
  return 0;
}
