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
