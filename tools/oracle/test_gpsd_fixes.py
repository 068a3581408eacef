#!/usr/bin/env python3
"""Tests of the gpsd oracle's replay harness (tools/oracle/gpsd_fixes.py): a replay that fails, hangs or
never opens the fake receiver must never pass as "gpsd found no fixes".

Stand-in gpsfake commands are small shell scripts; the last test replays a real log through gpsd when gpsd and
the corpus are installed. Run: python3 -m unittest tools/oracle/test_gpsd_fixes.py
"""
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpsd_fixes  # noqa: E402

DEVICE = '{"class":"DEVICE","path":"/dev/pts/9","activated":"2026-11-29T00:00:00.000Z"}'
TPV = '{"class":"TPV","device":"/dev/pts/9","mode":3,"time":"2026-11-29T00:00:01.000Z","lat":1.5,"lon":2.5}'
CORPUS = os.path.join(os.path.dirname(gpsd_fixes.ROOT), "shared/real/gpsd-logs")


class ReplayHarnessTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="walkscape-oracle-test-")
        self.log = os.path.join(self.folder, "walk.log")
        write(self.log, "$GPRMC\n")

    def tearDown(self):
        shutil.rmtree(self.folder)

    def stand_in(self, body):
        """A stand-in gpsfake: a shell script with `body`; $1 is the log's path."""
        path = os.path.join(self.folder, "gpsfake-%d.sh" % len(os.listdir(self.folder)))
        write(path, "#!/bin/sh\n" + body + "\n")
        os.chmod(path, 0o755)
        return [path]

    def test_a_replay_that_fails_every_time_is_an_error_not_an_empty_result(self):
        command = self.stand_in('echo "gpsfake: socket error [Errno 111] Connection refused." >&2; exit 1')
        with self.assertRaises(gpsd_fixes.ReplayError) as caught:
            gpsd_fixes.gpsd_replay(self.log, command)
        self.assertIn("walk.log in 3 attempts", str(caught.exception))
        self.assertEqual(str(caught.exception).count("exit status 1: gpsfake: socket error"), 3)

    def test_a_replay_in_which_gpsd_never_opened_the_receiver_is_an_error(self):
        # What gpsfake printed when its registration of the receiver failed silently: it exits 1 after its
        # timeout; a replay that exits 0 without the DEVICE must not pass either.
        command = self.stand_in("echo '{\"class\":\"DEVICES\",\"devices\":[]}'; exit 0")
        with self.assertRaises(gpsd_fixes.ReplayError) as caught:
            gpsd_fixes.gpsd_replay(self.log, command)
        self.assertIn("gpsd never opened the fake receiver", str(caught.exception))

    def test_a_replay_that_hangs_is_killed_with_its_children_and_tried_again(self):
        pids = os.path.join(self.folder, "pids")
        # The stand-in starts a child that would outlive it (like the gpsd that gpsfake starts) and hangs.
        command = self.stand_in("sleep 300 & echo $! >> %s; sleep 300" % pids)
        started = time.monotonic()
        with self.assertRaises(gpsd_fixes.ReplayError) as caught:
            gpsd_fixes.gpsd_replay(self.log, command, timeout=0.5)
        self.assertLess(time.monotonic() - started, 60)
        self.assertEqual(str(caught.exception).count("no end after 0.5 s"), 3)
        with open(pids) as lines:
            children = [int(line) for line in lines]
        self.assertEqual(len(children), 3)
        for pid in children:
            # SIGKILL is delivered asynchronously: on a busy machine the child can take a moment to go.
            self.assertTrue(gone_within(pid, 10), "the hung replay's child %d outlived it" % pid)

    def test_a_replay_that_fails_once_is_tried_again_and_its_fixes_are_read(self):
        marker = os.path.join(self.folder, "failed-once")
        command = self.stand_in("if [ ! -e %s ]; then touch %s; exit 1; fi; echo '%s'; echo '%s'"
                                % (marker, marker, DEVICE, TPV))
        output = gpsd_fixes.gpsd_replay(self.log, command)
        self.assertIn(b'"class":"TPV"', output)

    def test_a_log_gpsd_could_not_replay_fails_the_check_with_its_reasons(self):
        docs = os.path.join(self.folder, "traces.md")
        write(docs, "## Where walkscape and gpsd differ\n")
        failed = gpsd_fixes.ReplayError("gpsd could not replay walk.log in 3 attempts (no end after 120 s)")
        arguments = ["gpsd_fixes.py", "--logs", self.folder, "--docs", docs, "--binary", "/bin/false"]
        printed = []
        with mock.patch.object(gpsd_fixes, "gpsd_replay", side_effect=failed), \
                mock.patch.object(gpsd_fixes.shutil, "which", return_value="/usr/bin/gpsfake"), \
                mock.patch.object(sys, "argv", arguments), \
                mock.patch("builtins.print", side_effect=lambda *a: printed.append(" ".join(map(str, a)))):
            status = gpsd_fixes.main()
        self.assertEqual(status, 1)
        self.assertIn("FAIL gpsd could not replay walk.log in 3 attempts (no end after 120 s)", printed)

    def test_saved_replays_keep_each_output_and_each_failure_for_the_comparison(self):
        write(os.path.join(self.folder, "bad.log"), "$GPRMC\n")
        saved = os.path.join(self.folder, "saved")
        def replay(path, command=None, timeout=None):
            if path.endswith("bad.log"):
                raise gpsd_fixes.ReplayError("gpsd could not replay bad.log in 3 attempts (exit status 1)")
            return (DEVICE + "\n" + TPV + "\n").encode()
        with mock.patch.object(gpsd_fixes, "gpsd_replay", side_effect=replay), \
                mock.patch("builtins.print"):
            status = gpsd_fixes.save_replays(self.folder, ["bad.log", "walk.log"], saved, 2)
        self.assertEqual(status, 1)
        self.assertEqual(sorted(n for n in os.listdir(saved) if n != "pid"), ["bad.log.error", "done", "walk.log.json"])
        self.assertEqual(gpsd_fixes.wait_for_saved(saved, 1), "gpsd oracle: gpsd replayed 1 of 2 logs into " + saved)
        self.assertEqual(list(gpsd_fixes.gpsd_fixes(self.log, saved).values()), [[(1.5, 2.5)]])
        with self.assertRaises(gpsd_fixes.ReplayError) as caught:
            gpsd_fixes.gpsd_fixes(os.path.join(self.folder, "bad.log"), saved)
        self.assertEqual(str(caught.exception), "gpsd could not replay bad.log in 3 attempts (exit status 1)")
        with self.assertRaises(gpsd_fixes.ReplayError) as caught:
            gpsd_fixes.gpsd_fixes(os.path.join(self.folder, "other.log"), saved)
        self.assertIn("no saved gpsd output for other.log", str(caught.exception))

    def test_a_waiter_stops_waiting_when_the_replays_died_without_finishing(self):
        saved = os.path.join(self.folder, "saved")
        os.mkdir(saved)
        dead = subprocess.Popen(["true"])
        dead.wait()
        write(os.path.join(saved, "pid"), "%d\n" % dead.pid)
        started = time.monotonic()
        self.assertIsNone(gpsd_fixes.wait_for_saved(saved, 60, poll=0.05))
        self.assertLess(time.monotonic() - started, 30)

    def test_a_waiter_returns_the_summary_once_the_replays_finish(self):
        saved = os.path.join(self.folder, "saved")
        os.mkdir(saved)
        write(os.path.join(saved, "pid"), "%d\n" % os.getpid())
        finisher = threading.Timer(0.3, lambda: gpsd_fixes.write_atomically(os.path.join(saved, "done"), b"finished\n"))
        finisher.start()
        try:
            self.assertEqual(gpsd_fixes.wait_for_saved(saved, 60, poll=0.05), "finished")
        finally:
            finisher.join()
        self.assertIsNone(gpsd_fixes.wait_for_saved(os.path.join(self.folder, "never"), 0.2, poll=0.05))

    def test_numbers_out_of_range_are_refused_before_anything_starts(self):
        for arguments in (["--jobs", "0"], ["--jobs", "65"], ["--replay-timeout", "nan"], ["--replay-timeout", "0"],
                          ["--wait", "-1", "--gpsd-output", self.folder], ["--wait", "inf", "--gpsd-output", self.folder]):
            with mock.patch.object(sys, "argv", ["gpsd_fixes.py", "--logs", self.folder] + arguments), \
                    mock.patch.object(gpsd_fixes, "gpsd_replay", side_effect=AssertionError("a replay started")), \
                    mock.patch("sys.stderr"):
                with self.assertRaises(SystemExit) as caught:
                    gpsd_fixes.main()
            self.assertEqual(caught.exception.code, 2, arguments)

    @unittest.skipUnless(shutil.which("gpsfake") and os.path.isdir(CORPUS), "needs gpsd and ../shared/real")
    def test_gpsd_replays_a_real_log_through_the_patched_gpsfake(self):
        fixes = gpsd_fixes.gpsd_fixes(os.path.join(CORPUS, "sirfstarv-nmea.log"))
        self.assertGreater(len(fixes), 10)


def write(path, text):
    with open(path, "w") as file:
        file.write(text)


def gone_within(pid, seconds):
    """Whether a process is gone (or a zombie) within `seconds`."""
    deadline = time.monotonic() + seconds
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def alive(pid):
    """Whether a process still runs (a zombie waiting for its parent counts as gone)."""
    try:
        with open("/proc/%d/stat" % pid) as stat:
            return stat.read().split(") ")[-1][:1] != "Z"
    except FileNotFoundError:
        return False


if __name__ == "__main__":
    unittest.main()
