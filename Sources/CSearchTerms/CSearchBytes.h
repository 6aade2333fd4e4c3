// Loading bytes as words, for the search index's C files.
#ifndef CSEARCHBYTES_H
#define CSEARCHBYTES_H

#include <stdint.h>
#include <string.h>

/// The 8 bytes at p as a little-endian number.
static inline uint64_t dbk_load64(const uint8_t *p) {
    uint64_t x;
    memcpy(&x, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    x = __builtin_bswap64(x);
#endif
    return x;
}

#endif
