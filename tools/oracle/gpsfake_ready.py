#! /usr/bin/python3
"""gpsd's own gpsfake, with its start-up race closed: runs /usr/bin/gpsfake unchanged after one patch.

gpsfake (gpsd 3.22) starts gpsd and waits only until gpsd's control socket exists as a file. gpsd creates
that file when it binds the socket, before it listens, and it opens its TCP port later still. On a busy
machine gpsfake then connects too early, and two things go wrong without a clear error:

- registering the fake receiver fails silently (`DaemonInstance.add_device` swallows the refused connection),
  so gpsd never opens it: the replay ends after gpsfake's timeout with `"devices":[]` and no fixes;
- its client connects before the TCP port listens: "gpsfake: socket error [Errno 111] Connection refused".

Measured beside two busy loops, 12 replays at once: 3 to 11 of gpsd's 138 regression logs failed one of
these two ways in every pass of the corpus (ten passes), none in four passes with this patch. The patch makes `wait_ready` wait until both the control socket
and the TCP port accept a connection. Nothing else of gpsfake changes.

usage: tools/oracle/gpsfake_ready.py GPSFAKE-OPTIONS... (the same as gpsfake's; run with Debian's python3,
which has gpsd's `gps` package)
"""
import runpy
import socket
import sys
import time

import gps.fake

GPSFAKE = "/usr/bin/gpsfake"
original_spawn = gps.fake.DaemonInstance.spawn


def spawn(self, options, port, background=False, prefix=""):
    """gpsfake's spawn, remembering the TCP port for `wait_ready`."""
    self.walkscape_port = int(port)
    return original_spawn(self, options, port, background, prefix)


def accepts(family, address):
    """Whether a socket at `address` accepts a connection now."""
    probe = socket.socket(family, socket.SOCK_STREAM)
    probe.settimeout(1)
    try:
        probe.connect(address)
        return True
    except OSError:
        return False
    finally:
        probe.close()


# gpsd that has not listened on both sockets within this many seconds will not: gpsfake goes on and fails
# in its own words (a refused connection) rather than waiting for ever.
READY_WITHIN = 30


def wait_ready(self):
    """Wait until gpsd listens on its control socket and on its TCP port (or has died, or READY_WITHIN passed)."""
    deadline = time.monotonic() + READY_WITHIN
    while self.is_alive() and time.monotonic() < deadline:
        if accepts(socket.AF_UNIX, self.control_socket) and \
                accepts(socket.AF_INET, ("127.0.0.1", self.walkscape_port)):
            return
        time.sleep(0.05)


gps.fake.DaemonInstance.spawn = spawn
gps.fake.DaemonInstance.wait_ready = wait_ready
sys.argv[0] = GPSFAKE
runpy.run_path(GPSFAKE, run_name="__main__")
