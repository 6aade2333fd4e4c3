// The search index's term table (DaybookCore's SearchTermSet and SearchTermTable), and the
// scan that files the plain words (ASCII, Hangul) of an entry's text into it. In C because the build
// runs it for every word of every entry (docs/PERFORMANCE.md): Swift keeps the general
// tokenizer, this the common case, and the tests hold the two to the same terms.
#ifndef CSEARCHTERMS_H
#define CSEARCHTERMS_H

#include <stddef.h>
#include <stdint.h>

/// Terms numbered in the order they are first seen, found through an open-addressing table of
/// their hash; with the documents filed (dbk_terms_add), each (term, document) once.
typedef struct dbk_terms {
    /// Term t is arena[ends[t - 1] ..< ends[t]] (from 0 for the first).
    uint8_t *arena;
    size_t arena_count, arena_capacity;
    int32_t *ends;
    uint64_t *hashes;
    /// The last document each term was filed for.
    int32_t *last_doc;
    size_t count, capacity;
    /// Two words a slot, slot_count (a power of two) of them: the term's first 8 bytes
    /// (little-endian, zeros after a shorter term), then the hash's high 24 bits, the length
    /// (255 for longer) and the term's number + 1 (0: an empty slot).
    uint64_t *slots;
    size_t slot_count;
    /// Each (term, document) once: term << 32 | document, with bit 31 set for a title.
    uint64_t *pairs;
    size_t pair_count, pair_capacity;
} dbk_terms;

/// A new, empty table; dbk_terms_free releases it.
dbk_terms *dbk_terms_new(void);
void dbk_terms_free(dbk_terms *terms);

/// The number of the term (whose hash and key are given); *is_new is set when it was added now.
size_t dbk_terms_intern(dbk_terms *terms, const uint8_t *term, size_t count, uint64_t hash, uint64_t key, int *is_new);

/// Files `term` for document `doc`, in its title or not. Documents come in increasing order,
/// a document's title before the rest of it.
void dbk_terms_add(dbk_terms *terms, const uint8_t *term, size_t count, uint64_t hash, uint64_t key,
                   int32_t doc, int in_title);

/// Files, for document `doc` (in its title or not), every word of `text` made of ASCII letters and
/// digits, with or without Hangul syllables (as the tokenizer takes them: ASCII letters lowered),
/// when it is at most 64 bytes long. A run of letters, digits and bytes of 0x80 and above that
/// holds any other character is left to the caller: its start and end go into `runs` (two
/// numbers a run, room for n / 2 + 2 of them), their number returned. `scratch` has room for
/// n + 128 bytes.
size_t dbk_terms_add_ascii_words(dbk_terms *terms, const uint8_t *text, size_t n, int32_t doc, int in_title,
                                 uint8_t *scratch, uint32_t *runs);

/// The filed documents grouped by term, in a stable counting sort: term t's are
/// docs[doc_start[t] ..< doc_start[t + 1]], in the order filed (bit 31: in the title). `doc_start`
/// has room for count + 1 numbers, `docs` for pair_count.
void dbk_terms_group(const dbk_terms *terms, int32_t *doc_start, uint32_t *docs);

/// Writes n in decimal at `out` (room for 10 bytes); the bytes written.
size_t dbk_put_decimal(uint8_t *out, uint32_t n);

/// Writes at `out`, comma-separated, the documents of `docs` not marked as title hits (bit 31),
/// each as its difference from the one before (*last, which is updated); a comma first when
/// *any is set (it is set after). The title hits go to titles[*title_count ...], unmarked.
/// `out` has room for 11 bytes a document, `titles` for n. The bytes written.
size_t dbk_put_documents(const uint32_t *docs, size_t n, uint32_t *last, uint8_t *out, int *any,
                         uint32_t *titles, size_t *title_count);

/// Writes at `out` the text of the `n` bytes of HTML at `html` (DaybookCore's SearchText, whose
/// Swift version the tests hold this one to): escaped as the inside of a JSON string when `json`
/// is not 0, images' texts (`alt`) included when `image_texts` is not 0; `starts_with_text` says
/// whether text comes before it (a space then parts the two). `out` has room for n bytes, twice
/// that for JSON. The bytes written.
size_t dbk_html_text(const uint8_t *html, size_t n, uint8_t *out, int json, int image_texts, int starts_with_text);

/// A 128-bit digest of byte strings (two 64-bit lanes), for the search cache's key: each
/// dbk_digest_add takes one field, its length included, so fields do not run into each other.
/// Not a defence against a chosen collision (whoever writes the cache writes the output too).
typedef struct dbk_digest {
    uint64_t a, b;
} dbk_digest;

void dbk_digest_init(dbk_digest *digest);
void dbk_digest_add(dbk_digest *digest, const uint8_t *bytes, size_t n);

/// Reads the documents of `terms` terms kept by the search cache: term t's are the little-endian
/// 4-byte numbers at in[4 * doc_start[t] ..< 4 * doc_start[t + 1]], each a document's number
/// from the month's first (bit 31: in its title). Writes them at `out` with `start` added; 0 when
/// one is `count` or more, or not above the one before it in its term (else 1).
int dbk_read_documents(const uint8_t *in, const int32_t *doc_start, size_t terms, uint32_t start, uint32_t count,
                       uint32_t *out);

/// Whether the n bytes at `shard` are a document shard as the build writes it, and nothing
/// else: `daybookSearch("d",` a string, `,` arrays of strings and arrays (at most 4 deep), `,"`
/// 16 lowercase hexadecimal digits `");` and a line break. Strings hold no raw control character
/// and only JSON's escapes. A cached shard is published only when this holds.
int dbk_is_document_shard(const uint8_t *shard, size_t n);

#endif
