# Never exits: the instruction limit must stop it.
#include "htif.h"
  .section .text.init
  .globl _start
_start:
  j _start
TOHOST
