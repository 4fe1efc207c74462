# fcsr / frm / fflags (F chapter 2.x: fcsr = frm << 5 | fflags, bits 31:8 read 0), dynamic
# rounding from frm, reserved rounding modes (static 5/6 and frm 5-7 under dyn: illegal
# instruction, mtval = the instruction), flag accrual, mstatus.FS (Off makes F instructions and
# the f CSRs illegal; a write to F state sets Dirty and SD) and misa.F.
#include "test_macros_f.h"
RVTEST_BEGIN
    # misa: F is bit 5.
    TEST_CASE(2, x14, 0x20, csrr x1, misa; andi x14, x1, 0x20)
    # fcsr aliases.
    TEST_CASE(3, x14, 0xff, li x1, -1; csrw fcsr, x1; csrr x14, fcsr)
    TEST_CASE(4, x14, 7, csrr x14, frm)
    TEST_CASE(5, x14, 0x1f, csrr x14, fflags)
    TEST_CASE(6, x14, 0x25, fscsr x0; fsrmi 1; fsflagsi 5; frcsr x14)
    # Dynamic rounding: 1/3 under frm = RTZ and RUP.
    li x1, 0x3f800000; fmv.w.x f1, x1; li x1, 0x40400000; fmv.w.x f2, x1
    TEST_CASE(7, x14, 0x3eaaaaaa, fsrmi 1; fdiv.s f3, f1, f2, dyn; fmv.x.w x14, f3)
    TEST_CASE(8, x14, 0x3eaaaaab, fsrmi 3; fdiv.s f3, f1, f2; fmv.x.w x14, f3)
    # Flags accrue: NX then DZ.
    TEST_CASE(9, x14, 0x09, fsflagsi 0; fdiv.s f3, f1, f2; fmv.w.x f4, x0; fdiv.s f3, f1, f4; frflags x14)
    # Reserved modes trap; the instruction has no effect (f3, fflags unchanged).
    fsflagsi 0
    fsrmi 5
test_10:
    li TESTNUM, 10
    TEST_TRAP_ANYTVAL(11, 2, fadd.s f3, f1, f2, dyn)
    lw x7, 0(TR_EPC); bne TR_TVAL, x7, fail
    fsrmi 7
    TEST_TRAP_ANYTVAL(12, 2, fcvt.w.s x5, f1, dyn)
    lw x7, 0(TR_EPC); bne TR_TVAL, x7, fail
    fsrmi 6
    TEST_TRAP_ANYTVAL(13, 2, fmadd.s f3, f1, f2, f1, dyn)
    # Ops without rounding ignore frm.
    TEST_CASE(14, x14, 0x3f800000, fmin.s f3, f1, f2; fmv.x.w x14, f3)
    fsrmi 0
    TEST_TRAP_ANYTVAL(15, 2, .word 0x0020d1d3)        # fadd.s f3, f1, f2 with rm = 5
    TEST_TRAP_ANYTVAL(16, 2, .word 0x0020e1d3)        # ... rm = 6
    TEST_CASE(17, x14, 0, frflags x14)
    # mstatus.FS: Dirty now (SD set); Off makes F illegal; Initial brings it back.
    TEST_CASE(18, x14, 0x6000, csrr x1, mstatus; li x2, 0x6000; and x14, x1, x2)
    TEST_CASE(19, x14, 1, csrr x1, mstatus; srli x14, x1, 31)
    li x1, 0x6000; csrc mstatus, x1
    TEST_CASE(20, x14, 0, csrr x1, mstatus; srli x14, x1, 31)
    TEST_TRAP_ANYTVAL(21, 2, fadd.s f3, f1, f2)
    TEST_TRAP_ANYTVAL(22, 2, csrr x5, fcsr)
    TEST_TRAP_ANYTVAL(23, 2, fmv.w.x f3, x0)
    TEST_TRAP_ANYTVAL(24, 2, flw f3, 0(sp))
    li x1, 0x2000; csrs mstatus, x1
    TEST_CASE(25, x14, 0x2000, csrr x1, mstatus; li x2, 0x6000; and x14, x1, x2)
    TEST_CASE(26, x14, 0x6000, fmv.w.x f3, x0; csrr x1, mstatus; li x2, 0x6000; and x14, x1, x2)
    TEST_PASSFAIL
RVTEST_END
