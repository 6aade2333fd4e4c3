#include "CWordBreak.h"
// Linux only: on macOS, Foundation breaks the words (WordCount).
#if defined(__linux__)
#include <pthread.h>
#include <unicode/ubrk.h>

/// Each thread's breaker, closed when the thread ends (a pool's idle thread, in a long `serve`).
static pthread_key_t breaker_key;
static pthread_once_t breaker_key_once = PTHREAD_ONCE_INIT;

static void close_breaker(void *breaker) {
    ubrk_close((UBreakIterator *)breaker);
}

static void make_breaker_key(void) {
    pthread_key_create(&breaker_key, close_breaker);
}

int32_t dbk_icu_word_count(const uint16_t *text, int32_t n) {
    // Opening a breaker loads its rules and dictionaries: each thread opens one, at its first
    // text, and keeps it until it ends.
    pthread_once(&breaker_key_once, make_breaker_key);
    UBreakIterator *breaker = pthread_getspecific(breaker_key);
    UErrorCode status = U_ZERO_ERROR;
    if (breaker == NULL) {
        breaker = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
        if (U_FAILURE(status)) return -1;
        pthread_setspecific(breaker_key, breaker);
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
