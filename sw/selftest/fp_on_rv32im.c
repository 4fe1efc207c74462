// Single-precision arithmetic compiled for rv32imf: runs on the ISS and the RV32IMF core (exit 0);
// on the ISS with --isa rv32im the first F instruction traps as illegal: crt0 exits 64 + 2 = 66.
#include "stackscope.h"

int main(void) {
  volatile float a = 1.5f, b = 2.25f;
  const float p = a * b + a;  // 4.875: exact
  ss_check(p == 4.875f, 1);
  return 0;
}
