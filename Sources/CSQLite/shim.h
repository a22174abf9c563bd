#include <sqlite3.h>

/// Turns off SQLite's memory statistics, which take a process-wide mutex on every allocation
/// (a tenth of an import's time). Works only before SQLite's first use in the process; returns
/// SQLITE_MISUSE after it, which changes nothing.
static inline int fonsters_sqlite3_memstatus_off(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
