/*
 * coremark_like: a CPU benchmark with CoreMark's mix of kernels, written for StackScope from
 * scratch. It is not EEMBC CoreMark (no code of it is used) and its figures are not CoreMark
 * scores. Each of CM_ITERATIONS iterations runs four kinds of kernel on data seeded from a
 * fixed LCG seed:
 *   - list: a 48-node singly linked list in a static pool; find by value, reverse, merge sort
 *     by value, merge sort back by key;
 *   - matrix: 10x10 matrices of 16-bit data with 32-bit accumulation; add a constant, multiply
 *     by a constant, multiply two matrices;
 *   - state machine: classifies the comma-separated tokens of a string in a 512-byte buffer as
 *     integer, float, scientific or invalid, one byte per transition;
 *   - CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, bitwise) over each kernel's results,
 *     chained from kernel to kernel and iteration to iteration into the final checksum.
 * Every iteration changes the data the next one reads (found list values, the matrix, bytes of
 * the string), with amounts taken from the running CRC, so no iteration repeats another.
 *
 * Bottleneck: mixed (pointer chasing, data-dependent branches, the state machine's switch,
 * multiply chains, the CRC's dependent bit loop).
 *
 * Check: it prints `coremark_like: iterations N crc 0xXXXX` and exits 0 when the CRC equals
 * CM_EXPECTED_CRC, the value this same file prints when built natively on the host with
 * -DCM_HOST (ctest sw_bench_coremark_like_host builds and runs it so). Each kernel checks
 * itself by a second route too: the CRC of "123456789" is the published 0x29B1; the string's
 * token classes as first built equal those of its hand-classified templates; a sorted list is
 * in order and keeps all its nodes; the matrix sums obey sum(k A) = k sum(A) and
 * sum(A B) = sum over k of colsum_k(A) rowsum_k(B) (mod 2^32).
 */
#include <stddef.h>
#include <stdint.h>

/* The platform: console output and the failure exit. */
#ifdef CM_HOST
#include <stdio.h>
#include <stdlib.h>
static void cm_putc(char c) { putchar(c); }
#define cm_check(cond, id)   \
    do {                     \
        if (!(cond)) {       \
            fflush(stdout);  \
            exit(id);        \
        }                    \
    } while (0)
#else
#include "stackscope.h"
#define cm_putc ss_putc
#define cm_check ss_check
#endif

#define CM_ITERATIONS 8u
#define CM_EXPECTED_CRC 0x0af1u /* printed by the host build (-DCM_HOST) */

/* ---- CRC-16/CCITT-FALSE and the seed ---------------------------------------------------- */

static uint16_t crc16_byte(uint16_t crc, uint8_t b)
{
    crc ^= (uint16_t)(b << 8);
    for (int i = 0; i < 8; i++)
        crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
    return crc;
}

static uint16_t crc16_u16(uint16_t crc, uint16_t v)
{
    return crc16_byte(crc16_byte(crc, (uint8_t)(v >> 8)), (uint8_t)v);
}

static uint16_t crc16_u32(uint16_t crc, uint32_t v)
{
    return crc16_u16(crc16_u16(crc, (uint16_t)(v >> 16)), (uint16_t)v);
}

static uint32_t lcg_state = 0x5eed1234u;

/* 16 random bits. */
static uint32_t lcg_next(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state >> 16;
}

/* ---- Linked list ------------------------------------------------------------------------ */

#define LIST_NODES 48

struct node {
    struct node *next;
    uint16_t key; /* unique: a permutation of 0..LIST_NODES-1 */
    int16_t val;  /* in [-16384, 16383] */
};

static struct node pool[LIST_NODES];
static struct node *list_head;

/* Keeps a value in [-16384, 16383] (15-bit two's complement), without a narrowing cast. */
static int16_t wrap15(int32_t x) { return (int16_t)(((x + 16384) & 0x7fff) - 16384); }

static void list_init(void)
{
    list_head = NULL;
    for (int i = LIST_NODES - 1; i >= 0; i--) {
        pool[i].key = (uint16_t)((i * 17) % LIST_NODES); /* 17 is prime to 48: a permutation */
        pool[i].val = wrap15((int32_t)lcg_next());
        pool[i].next = list_head;
        list_head = &pool[i];
    }
}

/* The position of the first node holding val, or -1; *found is that node (or NULL). */
static int list_find(struct node *h, int16_t val, struct node **found)
{
    for (int pos = 0; h; h = h->next, pos++) {
        if (h->val == val) {
            *found = h;
            return pos;
        }
    }
    *found = NULL;
    return -1;
}

static struct node *list_reverse(struct node *h)
{
    struct node *prev = NULL;
    while (h) {
        struct node *next = h->next;
        h->next = prev;
        prev = h;
        h = next;
    }
    return prev;
}

static int node_le(const struct node *a, const struct node *b, int by_val)
{
    return by_val ? a->val <= b->val : a->key <= b->key;
}

/* Merges two sorted lists; on a tie the node of a comes first, so the sort is stable. */
static struct node *list_merge(struct node *a, struct node *b, int by_val)
{
    struct node head, *tail = &head;
    while (a && b) {
        if (node_le(a, b, by_val)) {
            tail->next = a;
            a = a->next;
        } else {
            tail->next = b;
            b = b->next;
        }
        tail = tail->next;
    }
    tail->next = a ? a : b;
    return head.next;
}

/* Top-down merge sort of the n nodes from h (the last one's next is NULL). */
static struct node *list_sort(struct node *h, int n, int by_val)
{
    if (n < 2)
        return h;
    int half = n / 2;
    struct node *mid = h;
    for (int i = 1; i < half; i++)
        mid = mid->next;
    struct node *rest = mid->next;
    mid->next = NULL;
    return list_merge(list_sort(h, half, by_val), list_sort(rest, n - half, by_val), by_val);
}

static uint16_t list_kernel(uint16_t crc, uint32_t it)
{
    /* Find a value the list holds and one that is drawn at random (mostly absent); a found
       node's value moves by the running CRC, so the next sort sees different data. */
    for (uint32_t j = 0; j < 4; j++) {
        int16_t want = (j & 1u) ? wrap15((int32_t)lcg_next())
                                : pool[(it * 7u + j * 13u + crc) % LIST_NODES].val;
        struct node *hit;
        int pos = list_find(list_head, want, &hit);
        crc = crc16_u16(crc, (uint16_t)pos);
        if (hit)
            hit->val = wrap15(hit->val + (int32_t)(crc & 0xffu) - 128);
    }
    list_head = list_reverse(list_head);
    struct node *p = list_head;
    for (int i = 0; i < 4; i++, p = p->next)
        crc = crc16_u16(crc, (uint16_t)p->val);

    list_head = list_sort(list_head, LIST_NODES, 1);
    int n = 0;
    for (p = list_head; p; p = p->next, n++) {
        cm_check(p->next == NULL || p->val <= p->next->val, 3);
        crc = crc16_u16(crc, (uint16_t)p->val);
    }
    cm_check(n == LIST_NODES, 4);

    list_head = list_sort(list_head, LIST_NODES, 0);
    n = 0;
    for (p = list_head; p; p = p->next, n++)
        cm_check(p->key == n, 5); /* the keys are 0..LIST_NODES-1, each once */
    cm_check(n == LIST_NODES, 5);
    return crc;
}

/* ---- Matrix ----------------------------------------------------------------------------- */

#define MAT_N 10

static int16_t mat_a[MAT_N][MAT_N], mat_b[MAT_N][MAT_N];
static int32_t mat_c[MAT_N][MAT_N];

/* Keeps a value in [-2048, 2047], so a product of two stays below 2^22 and a row of MAT_N
   products below 2^26: no 32-bit overflow. */
static int16_t wrap12(int32_t x) { return (int16_t)(((x + 2048) & ((1 << 12) - 1)) - 2048); }

static void mat_init(void)
{
    for (int i = 0; i < MAT_N; i++) {
        for (int j = 0; j < MAT_N; j++) {
            mat_a[i][j] = wrap12((int32_t)lcg_next());
            mat_b[i][j] = wrap12((int32_t)lcg_next());
        }
    }
}

static void mat_add_const(int16_t k)
{
    for (int i = 0; i < MAT_N; i++)
        for (int j = 0; j < MAT_N; j++)
            mat_a[i][j] = wrap12(mat_a[i][j] + k);
}

static void mat_mul_const(int16_t k)
{
    for (int i = 0; i < MAT_N; i++)
        for (int j = 0; j < MAT_N; j++)
            mat_c[i][j] = (int32_t)mat_a[i][j] * k;
}

static void mat_mul(void)
{
    for (int i = 0; i < MAT_N; i++) {
        for (int j = 0; j < MAT_N; j++) {
            int32_t acc = 0;
            for (int k = 0; k < MAT_N; k++)
                acc += (int32_t)mat_a[i][k] * mat_b[k][j];
            mat_c[i][j] = acc;
        }
    }
}

/* A digest of C: a rotate-xor fold of its elements, and how many exceed a threshold. */
static uint16_t mat_digest(uint16_t crc, int32_t threshold, uint32_t *sum)
{
    uint32_t fold = 0, s = 0, over = 0;
    for (int i = 0; i < MAT_N; i++) {
        for (int j = 0; j < MAT_N; j++) {
            uint32_t e = (uint32_t)mat_c[i][j];
            fold = ((fold << 5) | (fold >> 27)) ^ e;
            s += e;
            over += mat_c[i][j] > threshold;
        }
    }
    *sum = s;
    return crc16_u16(crc16_u32(crc, fold), (uint16_t)over);
}

static uint32_t mat_sum_a(void)
{
    uint32_t s = 0;
    for (int i = 0; i < MAT_N; i++)
        for (int j = 0; j < MAT_N; j++)
            s += (uint32_t)(int32_t)mat_a[i][j];
    return s;
}

/* sum(A B) by the second route: sum over k of (column k of A's sum) (row k of B's sum). */
static uint32_t mat_sum_product(void)
{
    uint32_t s = 0;
    for (int k = 0; k < MAT_N; k++) {
        uint32_t col = 0, row = 0;
        for (int i = 0; i < MAT_N; i++) {
            col += (uint32_t)(int32_t)mat_a[i][k];
            row += (uint32_t)(int32_t)mat_b[k][i];
        }
        s += col * row;
    }
    return s;
}

static uint16_t matrix_kernel(uint16_t crc, uint32_t it)
{
    int16_t add = (int16_t)((crc & 0x3ffu) - 512);       /* [-512, 511] */
    int16_t mul = (int16_t)(((crc >> 6) + it) & 0xfffu); /* [0, 4095] */
    uint32_t sum;
    mat_add_const(add);
    mat_mul_const(mul);
    crc = mat_digest(crc, 0, &sum);
    cm_check(sum == mat_sum_a() * (uint32_t)mul, 6);
    mat_mul();
    crc = mat_digest(crc, 1 << 20, &sum);
    cm_check(sum == mat_sum_product(), 7);
    return crc;
}

/* ---- State machine ---------------------------------------------------------------------- */

enum token_class { TOK_INT, TOK_FLOAT, TOK_SCI, TOK_INVALID, TOK_CLASSES };

enum fsm_state {
    ST_START,    /* nothing yet */
    ST_SIGN,     /* a leading + or - */
    ST_INT,      /* digits */
    ST_DOT,      /* a '.' before any digit */
    ST_FRAC,     /* digits and a '.' */
    ST_EXP,      /* an e or E after a number */
    ST_EXP_SIGN, /* the exponent's sign */
    ST_EXP_INT,  /* exponent digits */
    ST_INVALID,  /* anything else: stays here to the token's end */
    ST_STATES
};

/* The token templates the string is built from, each with its class worked out by hand. */
static const struct {
    const char *text;
    enum token_class cls;
} templates[] = {
    {"0", TOK_INT},          {"1234", TOK_INT},       {"-87", TOK_INT},
    {"+5", TOK_INT},         {"3.14", TOK_FLOAT},     {"-0.5", TOK_FLOAT},
    {".25", TOK_FLOAT},      {"7.", TOK_FLOAT},       {"6.02e23", TOK_SCI},
    {"1E-7", TOK_SCI},       {"-2.5e+3", TOK_SCI},    {".5e1", TOK_SCI},
    {"12a", TOK_INVALID},    {"1.2.3", TOK_INVALID},  {"e5", TOK_INVALID},
    {"--1", TOK_INVALID},    {"1e", TOK_INVALID},     {"0x1f", TOK_INVALID},
    {"", TOK_INVALID},       {"+.", TOK_INVALID},     {"4e+", TOK_INVALID},
};
#define TEMPLATES (sizeof templates / sizeof templates[0])

#define TEXT_BYTES 512

static char text[TEXT_BYTES];
static int text_len;
static uint32_t class_count[TOK_CLASSES], state_count[ST_STATES];

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static enum fsm_state fsm_step(enum fsm_state s, char c)
{
    int digit = is_digit(c), sign = c == '+' || c == '-', e = c == 'e' || c == 'E';
    switch (s) {
    case ST_START: return digit ? ST_INT : sign ? ST_SIGN : c == '.' ? ST_DOT : ST_INVALID;
    case ST_SIGN: return digit ? ST_INT : c == '.' ? ST_DOT : ST_INVALID;
    case ST_INT: return digit ? ST_INT : c == '.' ? ST_FRAC : e ? ST_EXP : ST_INVALID;
    case ST_DOT: return digit ? ST_FRAC : ST_INVALID;
    case ST_FRAC: return digit ? ST_FRAC : e ? ST_EXP : ST_INVALID;
    case ST_EXP: return digit ? ST_EXP_INT : sign ? ST_EXP_SIGN : ST_INVALID;
    case ST_EXP_SIGN:
    case ST_EXP_INT: return digit ? ST_EXP_INT : ST_INVALID;
    default: return ST_INVALID;
    }
}

static enum token_class fsm_class(enum fsm_state s)
{
    switch (s) {
    case ST_INT: return TOK_INT;
    case ST_FRAC: return TOK_FLOAT;
    case ST_EXP_INT: return TOK_SCI;
    default: return TOK_INVALID;
    }
}

/* Counts the classes of text's tokens and the states entered. */
static void fsm_scan(void)
{
    for (int i = 0; i < TOK_CLASSES; i++)
        class_count[i] = 0;
    for (int i = 0; i < ST_STATES; i++)
        state_count[i] = 0;
    enum fsm_state s = ST_START;
    for (int i = 0; i <= text_len; i++) {
        char c = text[i];
        if (c == ',' || c == '\0') {
            class_count[fsm_class(s)]++;
            s = ST_START;
        } else {
            s = fsm_step(s, c);
            state_count[s]++;
        }
    }
}

/* Fills text with randomly chosen templates, commas between; checks the scan against the
   templates' hand-written classes. */
static void text_init(void)
{
    uint32_t want[TOK_CLASSES] = {0};
    int n = 0;
    for (;;) {
        const char *t = templates[lcg_next() % TEMPLATES].text;
        int len = 0;
        while (t[len])
            len++;
        if (n + len + 1 >= TEXT_BYTES)
            break;
        for (int i = 0; i < len; i++)
            text[n++] = t[i];
        text[n++] = ',';
    }
    text[n - 1] = '\0'; /* the last comma ends the string */
    text_len = n - 1;
    /* The expected classes, by matching each token back to its template. */
    for (int start = 0; start <= text_len;) {
        int end = start;
        while (end < text_len && text[end] != ',')
            end++;
        size_t k;
        for (k = 0; k < TEMPLATES; k++) {
            const char *t = templates[k].text;
            int len = 0;
            while (t[len] && start + len < end && t[len] == text[start + len])
                len++;
            if (t[len] == '\0' && start + len == end)
                break;
        }
        cm_check(k < TEMPLATES, 2);
        want[templates[k].cls]++;
        start = end + 1;
    }
    fsm_scan();
    for (int i = 0; i < TOK_CLASSES; i++)
        cm_check(class_count[i] == want[i], 2);
}

static uint16_t fsm_kernel(uint16_t crc, uint32_t it)
{
    /* Replace a few non-comma bytes with characters the machine has transitions for. */
    static const char alphabet[] = "0123456789.eE+-x";
    for (uint32_t j = 0; j < 4; j++) {
        uint32_t pos = (it * 131u + j * 37u + crc) % (uint32_t)text_len;
        if (text[pos] != ',')
            text[pos] = alphabet[(crc >> (j * 4)) & 0xfu];
    }
    fsm_scan();
    for (int i = 0; i < TOK_CLASSES; i++)
        crc = crc16_u16(crc, (uint16_t)class_count[i]);
    for (int i = 0; i < ST_STATES; i++)
        crc = crc16_u16(crc, (uint16_t)state_count[i]);
    return crc;
}

/* ---- Output and main -------------------------------------------------------------------- */

static void put_str(const char *s)
{
    while (*s)
        cm_putc(*s++);
}

static void put_dec(uint32_t v)
{
    char buf[10];
    int n = 0;
    do {
        buf[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n)
        cm_putc(buf[--n]);
}

static void put_hex4(uint16_t v)
{
    for (int shift = 12; shift >= 0; shift -= 4)
        cm_putc("0123456789abcdef"[(v >> shift) & 0xfu]);
}

int main(void)
{
    static const char check[] = "123456789";
    uint16_t crc = 0xffffu;
    for (int i = 0; check[i]; i++)
        crc = crc16_byte(crc, (uint8_t)check[i]);
    cm_check(crc == 0x29b1u, 1); /* CRC-16/CCITT-FALSE's published check value */

    list_init();
    mat_init();
    text_init();

    crc = 0xffffu;
    for (uint32_t it = 0; it < CM_ITERATIONS; it++) {
        crc = list_kernel(crc, it);
        crc = matrix_kernel(crc, it);
        crc = fsm_kernel(crc, it);
    }

    put_str("coremark_like: iterations ");
    put_dec(CM_ITERATIONS);
    put_str(" crc 0x");
    put_hex4(crc);
    cm_putc('\n');
    cm_check(crc == CM_EXPECTED_CRC, 9);
    return 0;
}
