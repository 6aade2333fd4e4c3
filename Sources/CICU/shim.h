#ifndef DAYBOOK_CICU_SHIM_H
#define DAYBOOK_CICU_SHIM_H
// ICU (libicu-dev), for CWordBreak's C only: Swift reads ICU through Foundation's own copy.
#include <unicode/ubrk.h>
#endif
