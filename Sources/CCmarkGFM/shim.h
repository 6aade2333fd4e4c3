#ifndef DAYBOOK_CCMARKGFM_SHIM_H
#define DAYBOOK_CCMARKGFM_SHIM_H
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#endif
