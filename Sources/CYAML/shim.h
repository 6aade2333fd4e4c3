#ifndef DAYBOOK_CYAML_SHIM_H
#define DAYBOOK_CYAML_SHIM_H
#include <yaml.h>
#endif
