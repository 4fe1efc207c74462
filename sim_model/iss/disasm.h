// RV32IMFC disassembler for reports: objdump-like text ("addi a0, a0, 1", "beq a0, zero,
// 0x80000010"); 16-bit instructions in their compressed form ("c.addi a0, 1").
#pragma once

#include <cstdint>
#include <string>

namespace stackscope::iss {

// ABI name of integer register x0..x31 ("zero", "ra", "sp", ... "t6").
const char* abi_reg(unsigned r);
// ABI name of f register f0..f31 ("ft0", ... "fa0", ... "ft11").
const char* abi_freg(unsigned r);

// `pc` is the instruction's address, used to print branch and jump targets as absolute addresses.
// With `c` (the code may hold compressed instructions: misa.C, an ELF's EF_RISCV_RVC), `bits`
// whose two low bits are not 0b11 are a 16-bit instruction (only their low half is read), so a
// 32-bit word fetched at a compressed instruction's address prints correctly. Without `c`
// such bits are no instruction and print as a `.word`.
std::string disasm(uint32_t bits, uint32_t pc, bool c);

}  // namespace stackscope::iss
