#ifndef WALKSCAPE_CSQLITE3_SHIM_H
#define WALKSCAPE_CSQLITE3_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT (a cast macro Swift cannot import): SQLite copies the bound bytes before the call returns.
static inline sqlite3_destructor_type walkscape_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
