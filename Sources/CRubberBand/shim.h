#ifndef WALKSCAPE_CRUBBERBAND_SHIM_H
#define WALKSCAPE_CRUBBERBAND_SHIM_H
#include <rubberband/rubberband-c.h>
#endif
