// The search cache's digest of a month's inputs, and the check a cached document shard passes
// before it is published (DaybookCore's SearchMonthPart).
#include "CSearchTerms.h"
#include "CSearchBytes.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline uint64_t dbk_lane(uint64_t lane, uint64_t w, uint64_t k, int shift) {
    uint64_t x = (lane ^ w) * k;
    return x ^ (x >> shift);
}

void dbk_digest_init(dbk_digest *digest) {
    digest->a = 0x243F6A8885A308D3ull;
    digest->b = 0x13198A2E03707344ull;
}

// Two lanes, 16 bytes a step (8 each), apart so that they run side by side: a digest of 128
// bits against chance, at about half an instruction a byte (the month's bodies are hashed at
// every build).
void dbk_digest_add(dbk_digest *digest, const uint8_t *bytes, size_t n) {
    uint64_t a = dbk_lane(digest->a, (uint64_t)n, 0x9E3779B97F4A7C15ull, 32);
    uint64_t b = dbk_lane(digest->b, (uint64_t)n ^ 0xA4093822299F31D0ull, 0xC2B2AE3D27D4EB4Full, 29);
    size_t k = 0;
    for (; k + 16 <= n; k += 16) {
        a = dbk_lane(a, dbk_load64(bytes + k), 0x9E3779B97F4A7C15ull, 32);
        b = dbk_lane(b, dbk_load64(bytes + k + 8), 0xC2B2AE3D27D4EB4Full, 29);
    }
    if (k < n) {
        uint8_t tail[16] = {0};
        memcpy(tail, bytes + k, n - k);
        a = dbk_lane(a, dbk_load64(tail), 0x9E3779B97F4A7C15ull, 32);
        b = dbk_lane(b, dbk_load64(tail + 8), 0xC2B2AE3D27D4EB4Full, 29);
    }
    // Each lane takes the other's state, so that neither half of a field goes unmixed.
    digest->a = dbk_lane(a, b, 0x165667B19E3779F9ull, 31);
    digest->b = dbk_lane(b, a, 0x27D4EB2F165667C5ull, 33);
}

int dbk_read_documents(const uint8_t *in, const int32_t *doc_start, size_t terms, uint32_t start, uint32_t count,
                       uint32_t *out) {
    for (size_t t = 0; t < terms; t++) {
        int64_t previous = -1;
        for (int32_t k = doc_start[t]; k < doc_start[t + 1]; k++) {
            uint32_t doc;
            memcpy(&doc, in + 4 * (size_t)k, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            doc = __builtin_bswap32(doc);
#endif
            uint32_t local = doc & 0x7FFFFFFFu;
            if (local >= count || (int64_t)local <= previous) return 0;
            previous = local;
            out[k] = doc + start;
        }
    }
    return 1;
}

/// The end of the JSON string whose opening quote is at `at` (the index after its closing
/// quote), or 0 when there is none or it holds a raw control character or an unknown escape.
static size_t dbk_string_end(const uint8_t *s, size_t n, size_t at) {
    if (at >= n || s[at] != '"') return 0;
    size_t i = at + 1;
    for (;;) {
#if defined(__SSE2__)
        while (i + 16 <= n) {
            __m128i v = _mm_loadu_si128((const __m128i *)(s + i));
            __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
                                        _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1F)), _mm_set1_epi8(0x1F)));
            unsigned mask = (unsigned)_mm_movemask_epi8(stop);
            if (mask) {
                i += (size_t)__builtin_ctz(mask);
                break;
            }
            i += 16;
        }
#endif
        if (i >= n) return 0;
        uint8_t b = s[i];
        if (b == '"') return i + 1;
        if (b < 0x20) return 0;
        if (b == '\\') {
            if (i + 1 >= n) return 0;
            uint8_t e = s[i + 1];
            if (e == 'u') {
                if (i + 6 > n) return 0;
                for (size_t h = i + 2; h < i + 6; h++) {
                    uint8_t c = s[h];
                    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return 0;
                }
                i += 6;
            } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
                i += 2;
            } else {
                return 0;
            }
        } else {
            i++;
        }
    }
}

/// The end of the array of strings and arrays at `at`, or 0 when it is anything else.
static size_t dbk_array_end(const uint8_t *s, size_t n, size_t at, int depth) {
    if (depth > 4 || at >= n || s[at] != '[') return 0;
    size_t i = at + 1;
    if (i < n && s[i] == ']') return i + 1;
    for (;;) {
        if (i >= n) return 0;
        i = s[i] == '[' ? dbk_array_end(s, n, i, depth + 1) : dbk_string_end(s, n, i);
        if (!i || i >= n) return 0;
        if (s[i] == ']') return i + 1;
        if (s[i] != ',') return 0;
        i++;
    }
}

int dbk_is_document_shard(const uint8_t *shard, size_t n) {
    static const char head[] = "daybookSearch(\"d\",";
    const size_t head_n = sizeof head - 1;
    // `,"` 16 digits `");` and a line break.
    const size_t tail_n = 2 + 16 + 4;
    if (n < head_n + tail_n || memcmp(shard, head, head_n) != 0) return 0;
    size_t i = dbk_string_end(shard, n, head_n);
    if (!i || i >= n || shard[i] != ',') return 0;
    i = dbk_array_end(shard, n, i + 1, 1);
    if (!i || n - i != tail_n || shard[i] != ',' || shard[i + 1] != '"') return 0;
    for (size_t k = i + 2; k < i + 18; k++) {
        uint8_t c = shard[k];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return 0;
    }
    return memcmp(shard + i + 18, "\");\n", 4) == 0;
}
