#ifndef WALKSCAPE_CPSEUDOTERMINAL_H
#define WALKSCAPE_CPSEUDOTERMINAL_H

/// Opens a new pseudo-terminal pair with posix_openpt (flags as open(2)), grantpt and unlockpt, and writes
/// the device side's path (ptsname_r) into `path` (`size` bytes). Returns the controlling side's descriptor,
/// or -1 with errno set.
int walkscape_open_pty(int flags, char *path, unsigned long size);

#endif
