#ifndef WALKSCAPE_CGEODESIC_SHIM_H
#define WALKSCAPE_CGEODESIC_SHIM_H
/* Karney's geodesic routines (C interface), shipped with PROJ (Debian: libproj-dev). Pure maths, no I/O. */
#include <geodesic.h>
#endif
