#ifndef DAYBOOK_CARCHIVE_SHIM_H
#define DAYBOOK_CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
#endif
