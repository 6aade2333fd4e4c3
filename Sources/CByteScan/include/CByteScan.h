// Sixteen bytes at a time for DaybookCore's HeadingIDs: whether a body's HTML has a heading tag.
// SSE2 on x86-64 (part of its baseline); elsewhere a plain loop with the same result.
#ifndef CBYTESCAN_H
#define CBYTESCAN_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Whether the `n` bytes at `p` hold a heading tag, `<h1` … `<h6` (DaybookCore's HeadingIDs):
/// sixteen places at a time, a `<` followed by an `h` found with two loads.
static inline int dbk_has_heading_tag(const uint8_t *p, long n) {
    long i = 0;
#if defined(__SSE2__)
    for (; i + 17 < n; i += 16) {
        __m128i lt = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i)), _mm_set1_epi8('<'));
        __m128i h = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i + 1)), _mm_set1_epi8('h'));
        uint32_t mask = (uint32_t)_mm_movemask_epi8(_mm_and_si128(lt, h));
        while (mask) {
            int k = __builtin_ctz(mask);
            uint8_t d = p[i + k + 2];
            if (d >= '1' && d <= '6') return 1;
            mask &= mask - 1;
        }
    }
#endif
    for (; i + 2 < n; i++) {
        if (p[i] == '<' && p[i + 1] == 'h' && p[i + 2] >= '1' && p[i + 2] <= '6') return 1;
    }
    return 0;
}

#endif
