#ifndef DAYBOOK_CMIMALLOC_SHIM_H
#define DAYBOOK_CMIMALLOC_SHIM_H
#include <mimalloc.h>
#endif
