# One store of width OP (sb / sh / sw) of VALUE to tohost, then an ordinary word exit with
# code 9. The HTIF rule (sim_model/iss/htif.h): a store of any width whose address is
# tohost and whose data has bit 0 set ends the program with the tohost word >> 1; so
# VALUE odd exits with VALUE >> 1 (tohost starts at 0), VALUE even ends with exit 9.
#include "htif.h"
  .section .text.init
  .globl _start
_start:
  la t0, tohost
  li t1, VALUE
  OP t1, 0(t0)
  li a0, 9
  EXIT(a0)
TOHOST
