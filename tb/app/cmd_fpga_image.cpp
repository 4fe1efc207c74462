// `stackscope fpga-image PROG.elf -o IMAGE.hex`: the FPGA prototype's BRAM image of a program
// (tb/harness/fpga_image.h), and its entry and tohost addresses on stdout for `make fpga`.
#include <fmt/format.h>

#include <iostream>

#include "commands.h"
#include "fpga_image.h"

namespace stackscope {

void add_fpga_image_command(CLI::App& app, int& exit_code) {
  struct Options {
    std::string elf, out;
  };
  auto o = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand(
      "fpga-image", fmt::format("write a program's $readmemh image for the FPGA top's {} KiB BRAM",
                                tb::kFpgaRamBytes / 1024));
  cmd->add_option("elf", o->elf, "RISC-V ELF linked for the FPGA RAM")->required();
  cmd->add_option("-o,--output", o->out, "image file to write")->required();
  cmd->callback([o, &exit_code] {
    const iss::ElfImage img = tb::write_fpga_image_file(o->elf, o->out);
    std::cout << fmt::format("entry 0x{:08x} tohost 0x{:08x}\n", img.entry, img.tohost);
    exit_code = 0;
  });
}

}  // namespace stackscope
