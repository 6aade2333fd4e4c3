// ICU's word breaker for DaybookCore's WordCount: the words of scripts written without spaces
// between them (Thai, Lao, Khmer, Burmese), which only a dictionary tells apart. ICU's own types
// stay in CWordBreak.c: Foundation's copy of ICU declares the same names.
#ifndef CWORDBREAK_H
#define CWORDBREAK_H

#include <stdint.h>

/// The words ICU's word breaker finds in the `n` UTF-16 units at `text`: the segments whose rule
/// status is a number's, letters', kana's or ideographs' (not spaces or punctuation); -1 when ICU
/// cannot open its breaker.
int32_t dbk_icu_word_count(const uint16_t *text, int32_t n);

#endif
