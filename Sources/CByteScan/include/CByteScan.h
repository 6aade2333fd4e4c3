// Sixteen bytes at a time for DaybookCore: whether a body's HTML has a heading tag (HeadingIDs),
// the words of a Markdown body (WordCount) and the scripts of a text's start
// (TextLanguage). SSE2 on x86-64 (part of its baseline); elsewhere plain loops with the same
// results, which the tests hold the fast ones to through their Swift byte-by-byte versions.
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

/// Where the first table cell starts in the `n` bytes at `p` (`<td>`, `<th>`, or either with
/// attributes: PrintTables), -1 for none: sixteen places at a time, a `<` followed by a `t` found
/// with two loads.
static inline long dbk_find_cell_tag(const uint8_t *p, long n) {
    long i = 0;
#if defined(__SSE2__)
    for (; i + 17 < n; i += 16) {
        __m128i lt = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i)), _mm_set1_epi8('<'));
        __m128i t = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i + 1)), _mm_set1_epi8('t'));
        uint32_t mask = (uint32_t)_mm_movemask_epi8(_mm_and_si128(lt, t));
        while (mask) {
            long k = i + __builtin_ctz(mask);
            if (k + 3 < n && (p[k + 2] == 'd' || p[k + 2] == 'h') && (p[k + 3] == '>' || p[k + 3] == ' ')) return k;
            mask &= mask - 1;
        }
    }
#endif
    for (; i + 3 < n; i++) {
        if (p[i] == '<' && p[i + 1] == 't' && (p[i + 2] == 'd' || p[i + 2] == 'h') && (p[i + 3] == '>' || p[i + 3] == ' ')) return i;
    }
    return -1;
}

/// The words of the `n` bytes at `p` as DaybookCore's WordCount reads them byte by byte:
/// a word starts at a byte that is neither white space (space, tab, CR, LF) nor one of the marks
/// `-*#>|`[]` where the last byte before it that is not such a mark is white space (or where the
/// text starts). `*scripts` has bit 1 set when a byte is 0xE3–0xE9 (the first byte of
/// U+3000–U+9FFF: kana, Han), bit 2 when one is 0xE0 or 0xE1 (of U+0800–U+1FFF: Thai, Lao,
/// Khmer and Burmese among them).
static inline long dbk_count_words(const uint8_t *p, long n, int *scripts) {
    long i = 0, count = 0;
    uint64_t carry = 0;  // whether the byte before the block is in a word
    int high = 0, low = 0;
#if defined(__SSE2__)
    for (; i + 64 <= n; i += 64) {
        uint64_t space = 0, mark = 0, wide = 0, lead = 0;
        for (int j = 0; j < 4; j++) {
            __m128i v = _mm_loadu_si128((const __m128i *)(p + i + 16 * j));
            __m128i s = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                                     _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
            __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')), _mm_cmpeq_epi8(v, _mm_set1_epi8('*'))),
                                     _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('#')), _mm_cmpeq_epi8(v, _mm_set1_epi8('>'))));
            m = _mm_or_si128(m, _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('|')), _mm_cmpeq_epi8(v, _mm_set1_epi8('`'))),
                                             _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('[')), _mm_cmpeq_epi8(v, _mm_set1_epi8(']')))));
            // 0xE3–0xE9 as signed bytes: -29 to -23.
            __m128i w = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(-30)), _mm_cmpgt_epi8(_mm_set1_epi8(-22), v));
            // 0xE0–0xE1: -32 and -31.
            __m128i e = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(-33)), _mm_cmpgt_epi8(_mm_set1_epi8(-30), v));
            space |= (uint64_t)(uint16_t)_mm_movemask_epi8(s) << (16 * j);
            mark |= (uint64_t)(uint16_t)_mm_movemask_epi8(m) << (16 * j);
            wide |= (uint64_t)(uint16_t)_mm_movemask_epi8(w) << (16 * j);
            lead |= (uint64_t)(uint16_t)_mm_movemask_epi8(e);
        }
        high |= wide != 0;
        low |= lead != 0;
        uint64_t word = ~(space | mark);
        // A run of marks right after a word byte (or at the start of a block after one) is in the
        // word: adding the run's first bit to the marks clears the run.
        uint64_t seeds = ((word << 1) | carry) & mark;
        uint64_t in = word | (mark & ~(mark + seeds));
        uint64_t before = (in << 1) | carry;
        count += __builtin_popcountll(word & ~before);
        carry = in >> 63;
    }
#endif
    int in_word = (int)carry;
    for (; i < n; i++) {
        uint8_t b = p[i];
        int is_space = b == ' ' || b == '\n' || b == '\t' || b == '\r';
        int is_mark = b == '-' || b == '*' || b == '#' || b == '>' || b == '|' || b == '`' || b == '[' || b == ']';
        int is_word = !is_space && !is_mark;
        count += is_word && !in_word;
        in_word = is_word || (in_word && !is_space);
        high |= b >= 0xE3 && b <= 0xE9;
        low |= b == 0xE0 || b == 0xE1;
    }
    *scripts = high | (low << 1);
    return count;
}

/// What DaybookCore's TextLanguage counts in a text's start, byte by byte: first bytes of
/// U+A000–U+DFFF (0xEA–0xED, Hangul syllables), of U+3000–U+9FFF (0xE3–0xE9, kana and Han),
/// ASCII letters, and first bytes of U+0080–U+1FFF (0xC2–0xE1), into `counts` in that order.
static inline void dbk_script_counts(const uint8_t *p, long n, long counts[4]) {
    long i = 0;
    long syllables = 0, cjk = 0, latin = 0, other = 0;
#if defined(__SSE2__)
    while (n - i >= 16) {
        // A byte lane counts to 255 at most: the lanes are summed every 255 blocks or fewer.
        long blocks = (n - i) / 16;
        if (blocks > 255) blocks = 255;
        __m128i a = _mm_setzero_si128(), b = a, c = a, d = a;
        for (long k = 0; k < blocks; k++, i += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
            // Signed bytes: 0xEA–0xED are -22 to -19, 0xE3–0xE9 -29 to -23, 0xC2–0xE1 -62 to -31.
            a = _mm_sub_epi8(a, _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(-23)), _mm_cmpgt_epi8(_mm_set1_epi8(-18), v)));
            b = _mm_sub_epi8(b, _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(-30)), _mm_cmpgt_epi8(_mm_set1_epi8(-22), v)));
            __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
            c = _mm_sub_epi8(c, _mm_and_si128(_mm_cmpgt_epi8(lower, _mm_set1_epi8('a' - 1)), _mm_cmpgt_epi8(_mm_set1_epi8('z' + 1), lower)));
            d = _mm_sub_epi8(d, _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8(-63)), _mm_cmpgt_epi8(_mm_set1_epi8(-30), v)));
        }
        __m128i zero = _mm_setzero_si128();
        __m128i sa = _mm_sad_epu8(a, zero), sb = _mm_sad_epu8(b, zero), sc = _mm_sad_epu8(c, zero), sd = _mm_sad_epu8(d, zero);
        syllables += _mm_cvtsi128_si32(sa) + _mm_extract_epi16(sa, 4);
        cjk += _mm_cvtsi128_si32(sb) + _mm_extract_epi16(sb, 4);
        latin += _mm_cvtsi128_si32(sc) + _mm_extract_epi16(sc, 4);
        other += _mm_cvtsi128_si32(sd) + _mm_extract_epi16(sd, 4);
    }
#endif
    for (; i < n; i++) {
        uint8_t x = p[i];
        if (x >= 0xEA && x <= 0xED) syllables++;
        else if (x >= 0xE3 && x <= 0xE9) cjk++;
        else if ((x | 0x20) >= 'a' && (x | 0x20) <= 'z') latin++;
        else if (x >= 0xC2 && x <= 0xE1) other++;
    }
    counts[0] = syllables;
    counts[1] = cjk;
    counts[2] = latin;
    counts[3] = other;
}

#endif
