/*
 * crc32: reflected CRC-32 (poly 0xEDB88320). Bottleneck: depend (each byte's update needs
 * the previous CRC). Check: the standard check value CRC32("123456789") = 0xCBF43926, and a
 * 4 KiB buffer's CRC computed bitwise equals the table-driven one.
 */
#include <stddef.h>
#include <stdint.h>

#include "stackscope.h"

static uint32_t crc_bitwise(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int b = 0; b < 8; b++)
            c = (c >> 1) ^ (0xedb88320u & -(c & 1u));
    }
    return ~c;
}

static uint32_t table[256];

static uint32_t crc_table(const uint8_t *p, size_t n)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++)
        c = table[(c ^ p[i]) & 0xffu] ^ (c >> 8);
    return ~c;
}

static uint8_t buf[4096];

int main(void)
{
    static const uint8_t check[] = "123456789";
    ss_check(crc_bitwise(check, 9) == 0xcbf43926u, 1);
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int b = 0; b < 8; b++)
            c = (c >> 1) ^ (0xedb88320u & -(c & 1u));
        table[i] = c;
    }
    ss_check(crc_table(check, 9) == 0xcbf43926u, 2);
    uint32_t seed = 1;
    for (size_t i = 0; i < sizeof buf; i++) {
        seed = seed * 1664525u + 1013904223u;
        buf[i] = (uint8_t)(seed >> 24);
    }
    ss_check(crc_bitwise(buf, sizeof buf) == crc_table(buf, sizeof buf), 3);
    return 0;
}
