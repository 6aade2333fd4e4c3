#include "CSearchTerms.h"
#include "CSearchBytes.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define DBK_SEED 0x243F6A8885A308D3ull
#define DBK_MAX_TERM 64

static void *dbk_grow(void *memory, size_t bytes) {
    void *moved = realloc(memory, bytes);
    if (!moved) abort();  // out of memory, as a Swift array would trap
    return moved;
}

static inline uint64_t dbk_mix(uint64_t hash, uint64_t chunk) {
    uint64_t x = (hash ^ chunk) * 0x9E3779B97F4A7C15ull;
    return x ^ (x >> 32);
}

dbk_terms *dbk_terms_new(void) {
    dbk_terms *terms = calloc(1, sizeof(dbk_terms));
    if (!terms) abort();
    terms->arena_capacity = 4096;
    terms->arena = dbk_grow(NULL, terms->arena_capacity);
    terms->capacity = 256;
    terms->ends = dbk_grow(NULL, terms->capacity * sizeof(int32_t));
    terms->hashes = dbk_grow(NULL, terms->capacity * sizeof(uint64_t));
    terms->last_doc = dbk_grow(NULL, terms->capacity * sizeof(int32_t));
    terms->slot_count = 512;
    terms->slots = calloc(2 * terms->slot_count, sizeof(uint64_t));
    if (!terms->slots) abort();
    terms->pair_capacity = 4096;
    terms->pairs = dbk_grow(NULL, terms->pair_capacity * sizeof(uint64_t));
    return terms;
}

void dbk_terms_free(dbk_terms *terms) {
    if (!terms) return;
    free(terms->arena);
    free(terms->ends);
    free(terms->hashes);
    free(terms->last_doc);
    free(terms->slots);
    free(terms->pairs);
    free(terms);
}

static inline size_t dbk_first_slot(uint64_t hash, size_t mask) { return (size_t)(hash ^ (hash >> 29)) & mask; }

static void dbk_rehash(dbk_terms *terms) {
    size_t size = 2 * terms->slot_count, mask = size - 1;
    uint64_t *bigger = calloc(2 * size, sizeof(uint64_t));
    if (!bigger) abort();
    for (size_t s = 0; s < terms->slot_count; s++) {
        uint64_t found = terms->slots[2 * s + 1];
        if (!found) continue;
        size_t slot = dbk_first_slot(terms->hashes[(found & 0xFFFFFFFF) - 1], mask);
        while (bigger[2 * slot + 1]) slot = (slot + 1) & mask;
        bigger[2 * slot] = terms->slots[2 * s];
        bigger[2 * slot + 1] = found;
    }
    free(terms->slots);
    terms->slots = bigger;
    terms->slot_count = size;
}

__attribute__((noinline)) static size_t dbk_insert(dbk_terms *terms, size_t slot, const uint8_t *term, size_t count, uint64_t hash,
                         uint64_t key, uint64_t meta) {
    size_t t = terms->count;
    if (t == terms->capacity) {
        terms->capacity *= 2;
        terms->ends = dbk_grow(terms->ends, terms->capacity * sizeof(int32_t));
        terms->hashes = dbk_grow(terms->hashes, terms->capacity * sizeof(uint64_t));
        terms->last_doc = dbk_grow(terms->last_doc, terms->capacity * sizeof(int32_t));
    }
    if (terms->arena_count + count > terms->arena_capacity) {
        while (terms->arena_count + count > terms->arena_capacity) terms->arena_capacity *= 2;
        terms->arena = dbk_grow(terms->arena, terms->arena_capacity);
    }
    if (count) memcpy(terms->arena + terms->arena_count, term, count);
    terms->arena_count += count;
    terms->ends[t] = (int32_t)terms->arena_count;
    terms->hashes[t] = hash;
    terms->last_doc[t] = -1;
    terms->count = t + 1;
    terms->slots[2 * slot] = key;
    terms->slots[2 * slot + 1] = meta | (uint64_t)(t + 1);
    if (terms->count * 2 > terms->slot_count) dbk_rehash(terms);
    return t;
}

__attribute__((always_inline)) static inline size_t dbk_find(dbk_terms *terms, const uint8_t *term, size_t count, uint64_t hash, uint64_t key,
                              int *is_new) {
    size_t mask = terms->slot_count - 1;
    uint64_t meta = (hash & 0xFFFFFF0000000000ull) | (uint64_t)(count < 255 ? count : 255) << 32;
    size_t slot = dbk_first_slot(hash, mask);
    for (;;) {
        uint64_t found = terms->slots[2 * slot + 1];
        if (!found) break;
        if ((found & 0xFFFFFFFF00000000ull) == meta && terms->slots[2 * slot] == key) {
            size_t t = (size_t)(found & 0xFFFFFFFF) - 1;
            if (count <= 8) {
                *is_new = 0;
                return t;
            }
            size_t start = t == 0 ? 0 : (size_t)terms->ends[t - 1];
            const uint8_t *kept = terms->arena + start;
            // The first 8 bytes are the key's; up to 16, the last 8 (read from within) are the rest.
            if ((size_t)terms->ends[t] - start == count &&
                (count <= 16 ? dbk_load64(kept + count - 8) == dbk_load64(term + count - 8) : memcmp(kept, term, count) == 0)) {
                *is_new = 0;
                return t;
            }
        }
        slot = (slot + 1) & mask;
    }
    *is_new = 1;
    return dbk_insert(terms, slot, term, count, hash, key, meta);
}

size_t dbk_terms_intern(dbk_terms *terms, const uint8_t *term, size_t count, uint64_t hash, uint64_t key, int *is_new) {
    return dbk_find(terms, term, count, hash, key, is_new);
}

__attribute__((always_inline)) static inline void dbk_file(dbk_terms *terms, const uint8_t *term, size_t count, uint64_t hash, uint64_t key,
                            int32_t doc, uint32_t title) {
    int is_new;
    size_t t = dbk_find(terms, term, count, hash, key, &is_new);
    if (terms->pair_count == terms->pair_capacity) {
        terms->pair_capacity *= 2;
        terms->pairs = dbk_grow(terms->pairs, terms->pair_capacity * sizeof(uint64_t));
    }
    // Written always, kept when the term is new to the document: no branch to mispredict on
    // the many repeats.
    terms->pairs[terms->pair_count] = (uint64_t)t << 32 | (uint32_t)doc | title;
    terms->pair_count += terms->last_doc[t] != doc;
    terms->last_doc[t] = doc;
}

void dbk_terms_add(dbk_terms *terms, const uint8_t *term, size_t count, uint64_t hash, uint64_t key,
                   int32_t doc, int in_title) {
    dbk_file(terms, term, count, hash, key, doc, in_title ? 0x80000000u : 0);
}

/// For the 64 bytes at p: which are letters, digits or bytes of 0x80 and above (`word`), which
/// the latter (`high`); the bytes lowered into `lower`.
static inline void dbk_classify64(const uint8_t *p, uint8_t *lower, uint64_t *word, uint64_t *high) {
    uint64_t w = 0, h = 0;
#if defined(__SSE2__)
    for (int j = 0; j < 4; j++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * j));
        // Signed compares: bytes of 0x80 and above are negative, in no range below.
        __m128i upper = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('A' - 1)), _mm_cmpgt_epi8(_mm_set1_epi8('Z' + 1), v));
        __m128i l = _mm_or_si128(v, _mm_and_si128(upper, _mm_set1_epi8(0x20)));
        _mm_storeu_si128((__m128i *)(lower + 16 * j), l);
        __m128i letter = _mm_and_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('a' - 1)), _mm_cmpgt_epi8(_mm_set1_epi8('z' + 1), l));
        __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)), _mm_cmpgt_epi8(_mm_set1_epi8('9' + 1), v));
        uint64_t hi = (uint16_t)_mm_movemask_epi8(v);
        w |= ((uint16_t)_mm_movemask_epi8(_mm_or_si128(letter, digit)) | hi) << (16 * j);
        h |= hi << (16 * j);
    }
#else
    for (int k = 0; k < 64; k++) {
        uint8_t b = p[k];
        uint8_t l = (b >= 'A' && b <= 'Z') ? (uint8_t)(b | 0x20) : b;
        lower[k] = l;
        if (b >= 0x80) h |= 1ull << k;
        if (b >= 0x80 || (l >= 'a' && l <= 'z') || (b >= '0' && b <= '9')) w |= 1ull << k;
    }
#endif
    *word = w;
    *high = h;
}

/// True when every character of 0x80 and above in text[start ..< end] is a Hangul syllable
/// (U+AC00 to U+D7A3): the tokenizer takes such a word as written, ASCII letters lowered.
static int dbk_only_hangul(const uint8_t *text, size_t start, size_t end) {
    size_t i = start;
    while (i < end) {
        uint8_t b = text[i];
        if (b < 0x80) {
            i++;
            continue;
        }
        if (b < 0xEA || b > 0xED || end - i < 3) return 0;
        uint8_t c1 = text[i + 1], c2 = text[i + 2];
        if ((c1 & 0xC0) != 0x80 || (c2 & 0xC0) != 0x80) return 0;
        uint32_t v = (uint32_t)(b & 0x0F) << 12 | (uint32_t)(c1 & 0x3F) << 6 | (c2 & 0x3F);
        if (v < 0xAC00 || v > 0xD7A3) return 0;
        i += 3;
    }
    return 1;
}

/// What the scan of a text keeps at hand for each word: the table's slots and last documents
/// (read again after anything that may add a term, which may move them) and where the next
/// (term, document) pair goes.
typedef struct dbk_scan {
    uint64_t *slots;
    size_t mask;
    int32_t *last_doc;
    uint64_t *pair;
    int32_t doc;
    uint64_t doc_bits;
} dbk_scan;

static inline void dbk_scan_reload(const dbk_terms *terms, dbk_scan *scan) {
    scan->slots = terms->slots;
    scan->mask = terms->slot_count - 1;
    scan->last_doc = terms->last_doc;
}

/// The number of the word p[0 ..< count] of 8 to DBK_MAX_TERM bytes, found or added.
__attribute__((noinline)) static size_t dbk_long_term(dbk_terms *terms, const uint8_t *p, size_t count) {
    uint64_t hash = DBK_SEED;
    size_t k = 0;
    for (; k + 8 <= count; k += 8) hash = dbk_mix(hash, dbk_load64(p + k));
    size_t rest = count - k;
    // The bytes after the word are in the scratch copy too (its room goes past the text): masked off.
    uint64_t last = rest ? dbk_load64(p + k) & (~0ull >> (64 - 8 * rest)) : 0;
    hash = dbk_mix(hash, last ^ (uint64_t)count << 56);
    int is_new;
    return dbk_find(terms, p, count, hash, dbk_load64(p), &is_new);
}

/// Files the word p[0 ..< count] (ASCII letters lowered; the bytes after it readable) for the
/// scan's document. A word of fewer than 8 bytes, most of them, is its key: one multiply for its
/// hash, one compare.
__attribute__((always_inline)) static inline void dbk_scan_word(dbk_terms *terms, dbk_scan *scan, const uint8_t *p,
                                                                size_t count) {
    size_t t;
    if (count < 8) {
        uint64_t key = dbk_load64(p) & (~0ull >> (64 - 8 * count));
        uint64_t hash = dbk_mix(DBK_SEED, key ^ (uint64_t)count << 56);
        uint64_t meta = (hash & 0xFFFFFF0000000000ull) | (uint64_t)count << 32;
        size_t slot = dbk_first_slot(hash, scan->mask);
        for (;;) {
            uint64_t found = scan->slots[2 * slot + 1];
            if ((found & 0xFFFFFFFF00000000ull) == meta && scan->slots[2 * slot] == key) {
                t = (size_t)(uint32_t)found - 1;
                break;
            }
            if (!found) {
                t = dbk_insert(terms, slot, p, count, hash, key, meta);
                dbk_scan_reload(terms, scan);
                break;
            }
            slot = (slot + 1) & scan->mask;
        }
    } else {
        if (count > DBK_MAX_TERM) return;
        t = dbk_long_term(terms, p, count);
        dbk_scan_reload(terms, scan);
    }
    // Written always, kept when the term is new to the document.
    *scan->pair = (uint64_t)t << 32 | scan->doc_bits;
    scan->pair += scan->last_doc[t] != scan->doc;
    scan->last_doc[t] = scan->doc;
}

/// Files the run text[start ..< end] when it is a word the tokenizer takes as written (ASCII
/// letters and digits with Hangul syllables); else keeps it in `runs` for the caller.
static inline size_t dbk_high_run(dbk_terms *terms, dbk_scan *scan, const uint8_t *text, const uint8_t *lower,
                                  size_t start, size_t end, uint32_t *runs, size_t run_count) {
    if (dbk_only_hangul(text, start, end)) {
        dbk_scan_word(terms, scan, lower + start, end - start);
        return run_count;
    }
    runs[2 * run_count] = (uint32_t)start;
    runs[2 * run_count + 1] = (uint32_t)end;
    return run_count + 1;
}

/// Files the words that start in the 64-byte block at `base` (`starts` and `ends` their bounds,
/// `h` the block's bytes of 0x80 and above): those it ends, and the start of one it does not.
__attribute__((always_inline)) static inline size_t dbk_scan_block(dbk_terms *terms, dbk_scan *scan, const uint8_t *text,
                                                                   const uint8_t *scratch, size_t base, uint64_t starts,
                                                                   uint64_t ends, uint64_t h, int *in_word, size_t *start,
                                                                   int *high, uint32_t *runs, size_t run_count) {
    while (starts) {
        unsigned s = (unsigned)__builtin_ctzll(starts);
        starts &= starts - 1;
        if (!ends) {
            *in_word = 1;
            *start = base + s;
            *high = (h >> s) != 0;
            break;
        }
        unsigned e = (unsigned)__builtin_ctzll(ends);
        ends &= ends - 1;
        if (h & ((1ull << e) - (1ull << s))) {
            run_count = dbk_high_run(terms, scan, text, scratch, base + s, base + e, runs, run_count);
        } else {
            dbk_scan_word(terms, scan, scratch + base + s, e - s);
        }
    }
    return run_count;
}

size_t dbk_terms_add_ascii_words(dbk_terms *terms, const uint8_t *text, size_t n, int32_t doc, int in_title,
                                 uint8_t *scratch, uint32_t *runs) {
    // Room for a pair a word: a word and what ends it take two bytes or more.
    size_t room = terms->pair_count + n / 2 + 2;
    if (room > terms->pair_capacity) {
        while (room > terms->pair_capacity) terms->pair_capacity *= 2;
        terms->pairs = dbk_grow(terms->pairs, terms->pair_capacity * sizeof(uint64_t));
    }
    dbk_scan scan = {.pair = terms->pairs + terms->pair_count, .doc = doc,
                     .doc_bits = (uint32_t)doc | (in_title ? 0x80000000u : 0)};
    dbk_scan_reload(terms, &scan);
    size_t run_count = 0;
    int in_word = 0, high = 0;
    size_t start = 0;
    uint8_t tail[64];
    for (size_t base = 0; base < n; base += 64) {
        const uint8_t *p = text + base;
        if (n - base < 64) {
            // Zeros after the text: separators.
            memset(tail, 0, 64);
            memcpy(tail, p, n - base);
            p = tail;
        }
        uint64_t w, h;
        dbk_classify64(p, scratch + base, &w, &h);
        uint64_t before = w << 1 | (uint64_t)in_word;
        uint64_t starts = w & ~before, ends = ~w & before;
        if (in_word) {
            if (!ends) {
                high |= h != 0;
                continue;
            }
            unsigned e = (unsigned)__builtin_ctzll(ends);
            ends &= ends - 1;
            high |= (h & ((1ull << e) - 1)) != 0;
            if (high) {
                run_count = dbk_high_run(terms, &scan, text, scratch, start, base + e, runs, run_count);
            } else {
                dbk_scan_word(terms, &scan, scratch + start, base + e - start);
            }
            in_word = 0;
        }
        // A block of ASCII only (most of them) takes the loop without the test for other bytes.
        if (h) {
            run_count = dbk_scan_block(terms, &scan, text, scratch, base, starts, ends, h, &in_word, &start, &high, runs, run_count);
        } else {
            run_count = dbk_scan_block(terms, &scan, text, scratch, base, starts, ends, 0, &in_word, &start, &high, runs, run_count);
        }
    }
    if (in_word) {
        if (high) {
            run_count = dbk_high_run(terms, &scan, text, scratch, start, n, runs, run_count);
        } else {
            dbk_scan_word(terms, &scan, scratch + start, n - start);
        }
    }
    terms->pair_count = (size_t)(scan.pair - terms->pairs);
    return run_count;
}

void dbk_terms_group(const dbk_terms *terms, int32_t *doc_start, uint32_t *docs) {
    size_t n = terms->count;
    memset(doc_start, 0, (n + 1) * sizeof(int32_t));
    const uint64_t *pairs = terms->pairs;
    size_t count = terms->pair_count;
    for (size_t k = 0; k < count; k++) doc_start[(pairs[k] >> 32) + 1]++;
    for (size_t t = 0; t < n; t++) doc_start[t + 1] += doc_start[t];
    // Each term's next place: doc_start shifted by one, filled as the pairs come (in order, so
    // each term's documents stay increasing), then moved back.
    for (size_t k = 0; k < count; k++) {
        size_t t = (size_t)(pairs[k] >> 32);
        docs[doc_start[t]++] = (uint32_t)pairs[k];
    }
    for (size_t t = n; t > 0; t--) doc_start[t] = doc_start[t - 1];
    doc_start[0] = 0;
}

static const char dbk_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

size_t dbk_put_decimal(uint8_t *out, uint32_t n) {
    size_t length = n < 10 ? 1 : n < 100 ? 2 : n < 1000 ? 3 : n < 10000 ? 4 : n < 100000 ? 5
                  : n < 1000000 ? 6 : n < 10000000 ? 7 : n < 100000000 ? 8 : n < 1000000000 ? 9 : 10;
    uint8_t *at = out + length;
    while (n >= 100) {
        uint32_t pair = n % 100;
        n /= 100;
        at -= 2;
        at[0] = (uint8_t)dbk_pairs[2 * pair];
        at[1] = (uint8_t)dbk_pairs[2 * pair + 1];
    }
    if (n >= 10) {
        at -= 2;
        at[0] = (uint8_t)dbk_pairs[2 * n];
        at[1] = (uint8_t)dbk_pairs[2 * n + 1];
    } else {
        *--at = (uint8_t)('0' + n);
    }
    return length;
}

size_t dbk_put_documents(const uint32_t *docs, size_t n, uint32_t *last, uint8_t *out, int *any,
                         uint32_t *titles, size_t *title_count) {
    size_t written = 0;
    uint32_t previous = *last;
    int comma = *any;
    for (size_t k = 0; k < n; k++) {
        uint32_t d = docs[k];
        if (d & 0x80000000u) {
            titles[(*title_count)++] = d & 0x7FFFFFFFu;
            continue;
        }
        out[written] = ',';
        written += (size_t)comma;
        comma = 1;
        written += dbk_put_decimal(out + written, d - previous);
        previous = d;
    }
    *last = previous;
    *any = comma;
    return written;
}
