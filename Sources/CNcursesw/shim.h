#ifndef WALKSCAPE_CNCURSESW_SHIM_H
#define WALKSCAPE_CNCURSESW_SHIM_H
/* SwiftPM drops pkg-config -D flags, so the wide-character API is enabled here. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>
#endif
