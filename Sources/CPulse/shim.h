#ifndef WALKSCAPE_CPULSE_SHIM_H
#define WALKSCAPE_CPULSE_SHIM_H
#include <pulse/pulseaudio.h>
#endif
