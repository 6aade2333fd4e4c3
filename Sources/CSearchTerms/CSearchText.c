#include "CSearchTerms.h"
#include "CSearchBytes.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// The text of a body's HTML, as DaybookCore's SearchText reads it (its Swift version is the
// reference the tests hold this one to): tags and comments left out, the entities cmark-gfm
// writes decoded, white space collapsed to single spaces; block tags part words, inline ones do
// not; a footnote's number and back link left out; an image's `alt` read in its place.

/// ASCII letters and digits: the bytes of a tag's name.
static const uint8_t dbk_name_byte[256] = {
    ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
    ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1, ['H'] = 1, ['I'] = 1, ['J'] = 1,
    ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1, ['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1,
    ['U'] = 1, ['V'] = 1, ['W'] = 1, ['X'] = 1, ['Y'] = 1, ['Z'] = 1,
    ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1, ['h'] = 1, ['i'] = 1, ['j'] = 1,
    ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1, ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1,
    ['u'] = 1, ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1,
};

/// Whether a tag whose name is `packed` (its bytes lowered, read as a big-endian number; at most
/// 6 of them) sits inside a run of text.
static inline int dbk_is_inline(uint64_t packed) {
    switch (packed) {
    case 0x61: case 0x62: case 0x69: case 0x73: case 0x75:  // a b i s u
    case 0x656D: case 0x64656C: case 0x737570: case 0x737562:  // em del sup sub
    case 0x636F6465: case 0x7370616E: case 0x6D61726B:  // code span mark
    case 0x7374726F6E67ull:  // strong
        return 1;
    default:
        return 0;
    }
}

/// Where `needle` first starts wholly inside html[from ..< to]; -1 when it does not.
static long dbk_find(const uint8_t *html, size_t from, size_t to, const char *needle, size_t count) {
    size_t at = from;
    while (to >= at + count) {
        const uint8_t *hit = memchr(html + at, (uint8_t)needle[0], to - at - count + 1);
        if (!hit) return -1;
        at = (size_t)(hit - html);
        if (memcmp(html + at, needle, count) == 0) return (long)at;
        at += 1;
    }
    return -1;
}

/// After the element a footnote reference or back link opens (as cmark-gfm writes them); -1 for other tags.
static long dbk_footnote_mark_end(const uint8_t *html, size_t n, const uint8_t *name, size_t name_count,
                                  size_t attributes_start, size_t attributes_end) {
    const char *marker, *end;
    if (name_count == 3 && name[0] == 's' && name[1] == 'u' && name[2] == 'p') {
        marker = "class=\"footnote-ref\"";
        end = "</sup>";
    } else if (name_count == 1 && name[0] == 'a') {
        marker = "data-footnote-backref";
        end = "</a>";
    } else {
        return -1;
    }
    if (dbk_find(html, attributes_start, attributes_end, marker, strlen(marker)) < 0) return -1;
    long at = dbk_find(html, attributes_end, n, end, strlen(end));
    return at < 0 ? (long)n : at + (long)strlen(end);
}

/// Where the end tag of a `<script>` or `<style>` element (named `name`, lowered) starts, from i
/// on, in any case (`</SCRIPT >`); n when it never does. What is between is code, not text.
static size_t dbk_raw_text_end(const uint8_t *html, size_t n, size_t i, const char *name, size_t name_count) {
    while (i < n) {
        const uint8_t *hit = memchr(html + i, '<', n - i);
        if (!hit) return n;
        size_t at = (size_t)(hit - html);
        if (at + 2 + name_count <= n && html[at + 1] == '/') {
            size_t k = 0;
            while (k < name_count && (html[at + 2 + k] | 0x20) == (uint8_t)name[k]) k++;
            if (k == name_count && (at + 2 + k == n || !dbk_name_byte[html[at + 2 + k]])) return at;
        }
        i = at + 1;
    }
    return n;
}

/// `&amp;` `&lt;` `&gt;` `&quot;` `&nbsp;` and numeric references at i: the character (0 for none) and the length.
static uint32_t dbk_entity(const uint8_t *html, size_t n, size_t i, size_t *length) {
    size_t k = i + 1;
    while (k < n && k - i <= 10 && html[k] != ';') k++;
    if (k >= n || html[k] != ';') return 0;
    const uint8_t *name = html + i + 1;
    size_t count = k - i - 1;
    *length = k + 1 - i;
    if (count == 3 && memcmp(name, "amp", 3) == 0) return '&';
    if (count == 2 && memcmp(name, "lt", 2) == 0) return '<';
    if (count == 2 && memcmp(name, "gt", 2) == 0) return '>';
    if (count == 4 && memcmp(name, "quot", 4) == 0) return '"';
    if (count == 4 && memcmp(name, "nbsp", 4) == 0) return 0xA0;
    if (count < 2 || name[0] != '#') return 0;
    int hex = name[1] == 'x' || name[1] == 'X';
    uint32_t value = 0;
    for (size_t d = hex ? 2 : 1; d < count; d++) {
        uint8_t c = name[d];
        uint32_t digit;
        if (c >= '0' && c <= '9') digit = c - '0';
        else if (hex && c >= 'a' && c <= 'f') digit = c - 'a' + 10;
        else if (hex && c >= 'A' && c <= 'F') digit = c - 'A' + 10;
        else return 0;
        value = value * (hex ? 16 : 10) + digit;
        if (value > 0x10FFFF) return 0;
    }
    if (value >= 0xD800 && value <= 0xDFFF) return 0;
    return value;
}

/// Writes byte b of the text: escaped for JSON when `json` (`"` and `\` with a backslash, a
/// control character as a space); the bytes written.
static inline size_t dbk_put_text_byte(uint8_t *out, uint8_t b, int json) {
    if (json && (b == '"' || b == '\\' || b < 0x20)) {
        if (b < 0x20) {
            out[0] = ' ';
            return 1;
        }
        out[0] = '\\';
        out[1] = b;
        return 2;
    }
    out[0] = b;
    return 1;
}

static inline int dbk_is_plain(uint8_t c, int json) {
    return !(c == '<' || c == '&' || c < 0x20 || (json && (c == '"' || c == '\\')));
}

/// Whether `packed` is the name of a tag cmark-gfm writes without attributes (`p`, `em`,
/// `li`, `h2`, `strong`), as its bytes are, read as a big-endian number.
static inline int dbk_is_plain_name(uint64_t packed) {
    switch (packed) {
    case 0x70: case 0x62: case 0x69: case 0x73: case 0x75:  // p b i s u
    case 0x656D: case 0x6C69: case 0x756C: case 0x6F6C: case 0x7472: case 0x7464: case 0x7468:  // em li ul ol tr td th
    case 0x6831: case 0x6832: case 0x6833: case 0x6834: case 0x6835: case 0x6836:  // h1 to h6
    case 0x64656C: case 0x707265: case 0x737570: case 0x737562:  // del pre sup sub
    case 0x636F6465: case 0x6D61726B: case 0x7370616E:  // code mark span
    case 0x7461626C65ull: case 0x7468656164ull: case 0x74626F6479ull:  // table thead tbody
    case 0x7374726F6E67ull:  // strong
        return 1;
    default:
        return 0;
    }
}

/// For the 8 bytes at a `<` (as a little-endian number): the length of a plain tag there,
/// `<name>` or `</name>` (``dbk_is_plain_name``), as cmark-gfm writes most; its name packed as
/// dbk_is_inline takes it. 0 for any other tag: the general path reads it.
static inline size_t dbk_plain_tag(uint64_t x, uint64_t *packed) {
    const uint64_t ones = 0x0101010101010101ull;
    uint64_t v = x ^ (ones * '>');
    uint64_t gt = (v - ones) & ~v & (ones * 0x80);
    if (!gt) return 0;
    unsigned end = (unsigned)__builtin_ctzll(gt) >> 3;  // the first '>' (the lowest flag is exact)
    unsigned first = (uint8_t)(x >> 8) == '/' ? 2 : 1;
    // A name that starts with NUL bytes would pack as the name after them (`<\0b>` as `<b>`).
    if (end <= first || (uint8_t)(x >> (8 * first)) == 0) return 0;
    unsigned count = end - first;
    uint64_t name = x >> (8 * first) & ((1ull << (8 * count)) - 1);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    *packed = name >> (64 - 8 * count);
#else
    *packed = __builtin_bswap64(name) >> (64 - 8 * count);
#endif
    return dbk_is_plain_name(*packed) ? end + 1 : 0;
}

size_t dbk_html_text(const uint8_t *html, size_t n, uint8_t *out, int json, int image_texts, int starts_with_text) {
    size_t i = 0, count = 0;
    int space = 0;  // a space is owed before the next text
    int any = starts_with_text;
    while (i < n) {
        uint8_t b = html[i];
        if (b == '<') {
            if (n - i >= 8) {
                uint64_t packed;
                size_t length = dbk_plain_tag(dbk_load64(html + i), &packed);
                if (length) {
                    if (!dbk_is_inline(packed)) space = 1;
                    i += length;
                    continue;
                }
            }
            if (i + 3 < n && html[i + 1] == '!' && html[i + 2] == '-' && html[i + 3] == '-') {
                size_t k = i + 4;
                while (k + 2 < n && !(html[k] == '-' && html[k + 1] == '-' && html[k + 2] == '>')) k++;
                // A comment parts no words, as a browser shows none (SearchText.swift).
                i = k + 3;
                continue;
            }
            size_t k = i + 1;
            int closing = k < n && html[k] == '/';
            if (closing) k++;
            size_t name_start = k;
            uint64_t packed = 0;
            while (k < n && dbk_name_byte[html[k]]) {
                packed = packed << 8 | (uint64_t)(html[k] | 0x20);
                k++;
            }
            const uint8_t *name = html + name_start;
            size_t name_count = k - name_start;
            if (name_count > 6 || !dbk_is_inline(packed)) space = 1;
            size_t attributes_start = k;
            if (k < n && html[k] != '>') {
                const uint8_t *close = memchr(html + k, '>', n - k);
                k = close ? (size_t)(close - html) : n;
            }
            i = k + 1;
            // A script's or a style's code (raw HTML, with `unsafeHTML`) is not words of the entry.
            if (!closing && ((name_count == 6 && packed == 0x736372697074ull) || (name_count == 5 && packed == 0x7374796C65ull))) {
                i = name_count == 6 ? dbk_raw_text_end(html, n, i, "script", 6) : dbk_raw_text_end(html, n, i, "style", 5);
                continue;
            }
            if (!closing && (packed == 0x737570 || packed == 0x61)) {
                long end = dbk_footnote_mark_end(html, n, name, name_count, attributes_start, k);
                if (end >= 0) i = (size_t)end;
            }
            if (image_texts && !closing && name_count == 3 && packed == 0x696D67) {
                long at = dbk_find(html, attributes_start, k, " alt=\"", 6);
                if (at >= 0) {
                    size_t start = (size_t)at + 6, end = start;
                    while (end < k && html[end] != '"') end++;
                    if (end > start) {
                        if (any && count > 0 && out[count - 1] != ' ') out[count++] = ' ';
                        size_t written = dbk_html_text(html + start, end - start, out + count, json, 0, 0);
                        if (written > 0) {
                            count += written;
                            any = 1;
                        }
                        space = 1;
                    }
                }
            }
            continue;
        }
        if (b == ' ' || b == '\n' || b == '\t' || b == '\r') {
            space = 1;
            i++;
            continue;
        }
        uint32_t scalar = 0;
        size_t length = 0;
        if (b == '&') {
            scalar = dbk_entity(html, n, i, &length);
            // A space or a control character written as a reference is white space too.
            if (scalar && scalar <= 0x20) {
                space = 1;
                i += length;
                continue;
            }
        }
        if (space) {
            if (any && (count == 0 || out[count - 1] != ' ')) out[count++] = ' ';
            space = 0;
        }
        any = 1;
        if (scalar) {
            uint8_t bytes[4];
            size_t m;
            if (scalar < 0x80) {
                bytes[0] = (uint8_t)scalar;
                m = 1;
            } else if (scalar < 0x800) {
                bytes[0] = (uint8_t)(0xC0 | scalar >> 6);
                bytes[1] = (uint8_t)(0x80 | (scalar & 0x3F));
                m = 2;
            } else if (scalar < 0x10000) {
                bytes[0] = (uint8_t)(0xE0 | scalar >> 12);
                bytes[1] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
                bytes[2] = (uint8_t)(0x80 | (scalar & 0x3F));
                m = 3;
            } else {
                bytes[0] = (uint8_t)(0xF0 | scalar >> 18);
                bytes[1] = (uint8_t)(0x80 | (scalar >> 12 & 0x3F));
                bytes[2] = (uint8_t)(0x80 | (scalar >> 6 & 0x3F));
                bytes[3] = (uint8_t)(0x80 | (scalar & 0x3F));
                m = 4;
            }
            for (size_t k = 0; k < m; k++) count += dbk_put_text_byte(out + count, bytes[k], json);
            i += length;
            continue;
        }
        count += dbk_put_text_byte(out + count, b, json);
        i++;
        // The rest of a run of text, copied as it comes: every byte but those that start a tag
        // or an entity, need escaping, or are control characters; a space after a space is not
        // written. `count` never passes `i` (twice `i` for JSON), so 16 bytes fit.
        while (i < n) {
#if defined(__SSE2__)
            if (n - i >= 16) {
                __m128i v = _mm_loadu_si128((const __m128i *)(html + i));
                __m128i ends = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('<')), _mm_cmpeq_epi8(v, _mm_set1_epi8('&')));
                ends = _mm_or_si128(ends, _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v));
                if (json) {
                    ends = _mm_or_si128(ends, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                                                           _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
                }
                uint32_t spaces = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
                uint32_t stop = (uint32_t)_mm_movemask_epi8(ends) | (spaces & (spaces << 1 | (out[count - 1] == ' ')));
                _mm_storeu_si128((__m128i *)(out + count), v);
                if (!stop) {
                    count += 16;
                    i += 16;
                    continue;
                }
                unsigned copied = (unsigned)__builtin_ctz(stop);
                count += copied;
                i += copied;
            }
#endif
            uint8_t c = html[i];
            if (!dbk_is_plain(c, json)) break;
            int repeated = c == ' ' && out[count - 1] == ' ';
            out[count] = c;
            count += repeated ? 0 : 1;
            i++;
        }
    }
    if (count > 0 && out[count - 1] == ' ') count--;
    return count;
}
