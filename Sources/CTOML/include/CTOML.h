#ifndef DAYBOOK_CTOML_H
#define DAYBOOK_CTOML_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a value of TOML front matter is: a string, another scalar written as TOML writes it
/// (integer, float, boolean, date, time or date-time), an array or a table.
typedef enum {
    DBK_TOML_STRING = 0,
    DBK_TOML_PLAIN = 1,
    DBK_TOML_ARRAY = 2,
    DBK_TOML_TABLE = 3,
} dbk_toml_kind;

/// One value, in preorder: an array or a table is followed by its `children`, each with its own.
/// Keys (of a table's members) and texts (of scalars) are ranges of ``dbk_toml_strings``.
typedef struct {
    dbk_toml_kind kind;
    uint32_t key_start, key_length;
    uint32_t text_start, text_length;
    /// 1-based, in the TOML text.
    uint32_t line, column;
    uint32_t children;
} dbk_toml_item;

typedef struct dbk_toml dbk_toml;

/// Parses `length` bytes of TOML with toml++ into items, the root table first. Nesting deeper
/// than `max_depth` or more than `max_items` values is an error. NULL only when out of memory.
dbk_toml *dbk_toml_parse(const char *text, size_t length, uint32_t max_depth, size_t max_items);
/// Nonzero when the text was refused: then `reason`, `line` and `column` say why and where.
int dbk_toml_failed(const dbk_toml *toml, const char **reason, uint32_t *line, uint32_t *column);
size_t dbk_toml_count(const dbk_toml *toml);
const dbk_toml_item *dbk_toml_items(const dbk_toml *toml);
const char *dbk_toml_strings(const dbk_toml *toml);
void dbk_toml_free(dbk_toml *toml);

#ifdef __cplusplus
}
#endif

#endif
