#!/usr/bin/env python3
"""Runs `walkscape play` on a pseudo-terminal that is not its controlling terminal, lets it draw, then closes
the terminal's master side: no SIGHUP comes (as under nohup, or a window closed whose hangup never reaches the
player), and every read of the terminal fails. The player must notice and end at once (exit 129, as for SIGHUP)
instead of spinning on a terminal that is gone. Prints `exited STATUS after SECONDS s`, or `still running` after
the wait (exit status 1 then).

  tools/probe/terminal_gone.py .build/debug/walkscape [--wait 10]
"""
import argparse, fcntl, os, struct, subprocess, sys, termios, time

parser = argparse.ArgumentParser()
parser.add_argument("binary")
parser.add_argument("--wait", type=float, default=10)
args = parser.parse_args()
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
env = {"PATH": "/usr/bin:/bin", "HOME": os.environ.get("TMPDIR", "/tmp"), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
player = subprocess.Popen(
    [args.binary, "play", "tours/torino-portici", "--trace", "fixtures/traces/torino-portici-clean.gpx", "--audio", "none"],
    stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env, start_new_session=True)
os.close(slave)
# Let it start and draw for a few seconds (read what it writes, so it never blocks on a full terminal).
deadline = time.time() + 4
while time.time() < deadline:
    try:
        os.read(master, 65536)
    except OSError:
        break
    time.sleep(0.05)
os.close(master)
closed = time.time()
try:
    status = player.wait(timeout=args.wait)
except subprocess.TimeoutExpired:
    player.kill()
    player.wait()
    print("still running %g s after its terminal went away" % args.wait)
    sys.exit(1)
print("exited %d after %.2f s" % (status, time.time() - closed))
sys.stdout.write(player.stderr.read().decode("utf-8", "replace"))
