/*
 * interp: a stack bytecode interpreter (switch dispatch) running an iterative Fibonacci
 * program for n = 0..46. Bottleneck: bpred (the indirect dispatch jump changes target
 * every bytecode; manifest: bpred). Check: fib values from the recurrence definition
 * F(0) = 0, F(1) = 1: F(30) = 832040, F(40) = 102334155, F(46) = 1836311903 (the largest
 * that fits in 31 bits), and F(n+2) = F(n+1) + F(n) for every n computed.
 */
#include <stdint.h>

#include "stackscope.h"

enum op { PUSH, LOAD, STORE, ADD, SUB, JZ, JMP, DUP, HALT };

/* locals: 0 = n, 1 = a, 2 = b, 3 = tmp.  a, b = 0, 1; while n: a, b = b, a + b; n--. */
static const int32_t prog[] = {
    PUSH, 0, STORE, 1,           /* a = 0 */
    PUSH, 1, STORE, 2,           /* b = 1 */
    LOAD, 0, JZ, 34,             /* 8: if n == 0 goto end */
    LOAD, 1, LOAD, 2, ADD,       /* a + b */
    LOAD, 2, STORE, 1,           /* a = b */
    STORE, 2,                    /* b = a + b */
    LOAD, 0, PUSH, 1, SUB, STORE, 0, /* n-- */
    JMP, 8, HALT, HALT,
    LOAD, 1, HALT                /* 34: result a */
};

static int32_t run(int32_t n)
{
    int32_t stack[16], locals[4] = {n, 0, 0, 0};
    int sp = 0, pc = 0;
    for (;;) {
        int32_t op = prog[pc++];
        switch (op) {
        case PUSH: stack[sp++] = prog[pc++]; break;
        case LOAD: stack[sp++] = locals[prog[pc++]]; break;
        case STORE: locals[prog[pc++]] = stack[--sp]; break;
        case ADD: sp--; stack[sp - 1] += stack[sp]; break;
        case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
        case JZ: { int32_t t = prog[pc++]; if (stack[--sp] == 0) pc = t; break; }
        case JMP: pc = prog[pc]; break;
        case DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case HALT: return sp > 0 ? stack[sp - 1] : -1;
        default: _exit(100);
        }
    }
}

int main(void)
{
    int32_t f[47];
    for (int32_t n = 0; n <= 46; n++)
        f[n] = run(n);
    ss_check(f[0] == 0 && f[1] == 1, 1);
    for (int n = 0; n + 2 <= 46; n++)
        ss_check(f[n + 2] == f[n + 1] + f[n], 2);
    ss_check(f[30] == 832040, 3);
    ss_check(f[40] == 102334155, 4);
    ss_check(f[46] == 1836311903, 5);
    return 0;
}
