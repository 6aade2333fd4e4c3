#include "CWordBreak.h"
// Linux only: on macOS, Foundation breaks the words (WordCount).
#if defined(__linux__)
#include <unicode/ubrk.h>

int32_t dbk_icu_word_count(const uint16_t *text, int32_t n) {
    // Opening a breaker loads its rules and dictionaries: each thread opens one, at its first
    // text, and keeps it.
    static _Thread_local UBreakIterator *breaker = NULL;
    UErrorCode status = U_ZERO_ERROR;
    if (breaker == NULL) {
        breaker = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
        if (U_FAILURE(status)) {
            breaker = NULL;
            return -1;
        }
    }
    ubrk_setText(breaker, (const UChar *)text, n, &status);
    if (U_FAILURE(status)) return -1;
    int32_t words = 0;
    ubrk_first(breaker);
    while (ubrk_next(breaker) != UBRK_DONE) {
        if (ubrk_getRuleStatus(breaker) >= UBRK_WORD_NUMBER) words++;
    }
    // The breaker keeps no pointer to a text its caller frees.
    status = U_ZERO_ERROR;
    ubrk_setText(breaker, NULL, 0, &status);
    return words;
}
#endif
