#ifndef WALKSCAPE_CSNDFILE_SHIM_H
#define WALKSCAPE_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
