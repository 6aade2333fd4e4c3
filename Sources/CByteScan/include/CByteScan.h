// Sixteen bytes at a time for the search index's text (DaybookCore's SearchText): which bytes
// end a run of text that is copied as it is. SSE2 on x86-64 (part of its baseline); elsewhere
// a plain loop with the same result.
#ifndef CBYTESCAN_H
#define CBYTESCAN_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// For the 16 bytes at `p`: bit k of the low half is set when byte k ends a run of text ('<',
/// '&', a byte below 0x20, and when `json` is not 0 also '"' and '\\'); bit k of the high half
/// when byte k is a space.
static inline uint32_t dbk_text_stops16(const uint8_t *p, int json) {
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    __m128i ends = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('<')), _mm_cmpeq_epi8(v, _mm_set1_epi8('&')));
    // Unsigned v < 0x20: min(v, 0x1F) == v.
    ends = _mm_or_si128(ends, _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v));
    if (json) {
        ends = _mm_or_si128(ends, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
    }
    uint32_t spaces = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
    return (uint32_t)_mm_movemask_epi8(ends) | spaces << 16;
#else
    uint32_t ends = 0, spaces = 0;
    for (int k = 0; k < 16; k++) {
        uint8_t b = p[k];
        if (b == '<' || b == '&' || b < 0x20 || (json && (b == '"' || b == '\\'))) ends |= 1u << k;
        if (b == ' ') spaces |= 1u << k;
    }
    return ends | spaces << 16;
#endif
}

#endif
