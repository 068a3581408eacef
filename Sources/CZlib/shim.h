#ifndef WALKSCAPE_CZLIB_SHIM_H
#define WALKSCAPE_CZLIB_SHIM_H
#include <zlib.h>
#endif
