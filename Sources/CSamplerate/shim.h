#ifndef WALKSCAPE_CSAMPLERATE_SHIM_H
#define WALKSCAPE_CSAMPLERATE_SHIM_H
#include <samplerate.h>
#endif
