"""Tests of tools/run_tests.py's scheduling around the suites timed on the sound server (--timed, --priority),
against a fake test binary that records when each job started, at which nice, and at which nice it ended.

    python3 -m unittest tools/test_run_tests.py
"""
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# What every fake test binary does first: list TESTS with --list-tests, or find the suite its --filter chose
# (the runner gives one suite or one target a run); `exists` and `wait_for` wait on files in $FAKE_DIR.
FAKE_PRELUDE = textwrap.dedent('''\
    #!/usr/bin/env python3
    import json, os, re, sys, time
    TESTS = %s
    if "--list-tests" in sys.argv:
        print("\\n".join(TESTS))
        sys.exit(0)
    directory = os.environ["FAKE_DIR"]
    chosen = [t for t in TESTS if re.search(sys.argv[sys.argv.index("--filter") + 1], t)]
    suite = chosen[0].split("/")[0]
    def exists(name):
        return os.path.exists(os.path.join(directory, name))
    def wait_for(condition, seconds):
        deadline = time.monotonic() + seconds
        while not condition() and time.monotonic() < deadline:
            time.sleep(0.05)
''')


def fake_binary(tests, body):
    """A fake test binary listing `tests` and then running `body` (indented Python) for the chosen suite."""
    return FAKE_PRELUDE % json.dumps(tests) + textwrap.dedent(body)


# Five suites; each run appends one JSON line to $FAKE_DIR/record. The runs wait for each other through files
# in $FAKE_DIR, not for fixed times, so that a machine that starves the lowered jobs only slows the tests: the
# timed suite ends once the two jobs without deadlines have started (so they start while it runs); the radius
# replay ends once the timed suite has ended and its own nice is back to 0, or after 30 s without that (so its
# end says whether the runner set it back).
FAKE = fake_binary(
    ["WalkscapeCLITests.HeardNarrationTests/walk()", "WalkscapeCoreTests.EngineRadiusReplayTests/replay()",
     "WalkscapeToursTests/reads()", "WalkscapeLiveTests.TrackLiveTests/live()", "WalkscapeRemoteTests/download()"],
    '''\
    def priority():
        try:
            with open("/proc/self/autogroup") as f:
                return int(f.read().split()[-1])
        except OSError:
            return os.getpriority(os.PRIO_PROCESS, 0)
    record = {"suite": suite, "start": time.time(), "nice": priority()}
    if "HeardNarration" in suite and os.environ.get("FAKE_WATCH"):
        with open("/proc/%s/autogroup" % os.environ["FAKE_WATCH"]) as f:
            record["watched_nice"] = int(f.read().split()[-1])
    open(os.path.join(directory, "started-" + suite), "w").close()
    if "HeardNarration" in suite:
        wait_for(lambda: exists("started-WalkscapeCoreTests.EngineRadiusReplayTests") and exists("started-WalkscapeToursTests"), 60)
    elif "RadiusReplay" in suite:
        wait_for(lambda: exists("ended-WalkscapeCLITests.HeardNarrationTests") and priority() == 0, 30)
    record.update(end=time.time(), end_nice=priority())
    with open(os.path.join(directory, "record"), "a") as f:
        f.write(json.dumps(record) + "\\n")
    open(os.path.join(directory, "ended-" + suite), "w").close()
    print(f"Test run with {len(chosen)} tests passed after 1 seconds.")
    ''')

# For the order of the jobs once the timed suite has ended, with one slot (--jobs 1): the timed suite ends once
# the radius replay (the longest job without a deadline) has started; the replay ends once the timed suite has
# ended; every other run ends at once. Left then: WalkscapeCLITests (with a deadline, 77 s in SECONDS) and
# WalkscapeToursTests (without one, not in SECONDS). Each run records its start, in the order they come.
FAKE_ORDER = fake_binary(
    ["WalkscapeCLITests.HeardNarrationTests/walk()", "WalkscapeCoreTests.EngineRadiusReplayTests/replay()",
     "WalkscapeToursTests/reads()", "WalkscapeCLITests/plain()"],
    '''\
    with open(os.path.join(directory, "record"), "a") as f:
        f.write(json.dumps({"suite": suite}) + "\\n")
    open(os.path.join(directory, "started-" + suite), "w").close()
    if "HeardNarration" in suite:
        wait_for(lambda: exists("started-WalkscapeCoreTests.EngineRadiusReplayTests"), 60)
    elif "RadiusReplay" in suite:
        wait_for(lambda: exists("ended-WalkscapeCLITests.HeardNarrationTests"), 60)
        # The timed suite's process has written its mark, not yet exited: ending in the same instant left the
        # runner to fill the freed slot before it had counted the timed suite's end (a loaded machine picked a
        # job without deadlines then, 1 run in 6).
        time.sleep(1)
    open(os.path.join(directory, "ended-" + suite), "w").close()
    print(f"Test run with {len(chosen)} tests passed after 1 seconds.")
    ''')


def autogroup_nice(pid):
    """The nice of process `pid`'s autogroup."""
    with open(f"/proc/{pid}/autogroup") as f:
        return int(f.read().split()[-1])


class TimedSuitesTests(unittest.TestCase):
    def run_runner(self, *options, fake=FAKE, jobs="4", environment=None):
        """Runs the runner on `fake`; the runs' records in the order they were written, and its output."""
        with tempfile.TemporaryDirectory() as directory:
            binary = os.path.join(directory, "fake-tests")
            with open(binary, "w") as f:
                f.write(fake)
            os.chmod(binary, 0o755)
            result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run_tests.py"), "--binary", binary, "--jobs", jobs,
                                     "--log-directory", os.path.join(directory, "logs"), *options],
                                    capture_output=True, text=True, env=dict(os.environ, FAKE_DIR=directory, **(environment or {})), timeout=300)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            with open(os.path.join(directory, "record")) as f:
                runs = [json.loads(line) for line in f]
        return runs, result.stdout

    def run_by_suite(self, *options, **settings):
        """As run_runner, the records by suite."""
        runs, output = self.run_runner(*options, **settings)
        return {run["suite"]: run for run in runs}, output

    def test_while_the_timed_suites_run_only_jobs_without_deadlines_start_lowered_then_back(self):
        runs, output = self.run_by_suite("--timed", "HeardNarration", "--priority", "19")
        self.assertIn("1 timed on the sound server beside them; while they run, only the jobs without deadlines, 19 nice steps down", output)
        timed = runs["WalkscapeCLITests.HeardNarrationTests"]
        self.assertEqual(timed["nice"], 0)
        # Jobs without deadlines start beside it (it ends only once they have started), 19 steps down.
        for name in ("WalkscapeCoreTests.EngineRadiusReplayTests", "WalkscapeToursTests"):
            self.assertEqual(runs[name]["nice"], 19, name)
        # The radius replay ran across the timed suite's end: it is back at 0.
        self.assertEqual(runs["WalkscapeCoreTests.EngineRadiusReplayTests"]["end_nice"], 0)
        # Jobs with deadlines (the live suite in the waiting lane, the Remote target) wait for the timed one.
        for name in ("WalkscapeLiveTests.TrackLiveTests", "WalkscapeRemoteTests"):
            self.assertGreaterEqual(runs[name]["start"], timed["end"], name)
            self.assertEqual(runs[name]["nice"], 0, name)

    def test_without_timed_suites_nothing_waits_or_is_lowered(self):
        runs, _ = self.run_by_suite()
        # The live suite (a deadline) starts beside the others: before the radius replay, which waits for the
        # heard-narration suite's end, has ended.
        self.assertLess(runs["WalkscapeLiveTests.TrackLiveTests"]["start"], runs["WalkscapeCoreTests.EngineRadiusReplayTests"]["end"])
        self.assertTrue(all(run["nice"] == 0 for run in runs.values()), runs)

    def test_once_the_timed_suites_end_the_longest_job_left_starts_first_whatever_its_kind(self):
        starts, _ = self.run_runner("--timed", "HeardNarration", fake=FAKE_ORDER, jobs="1")
        order = [run["suite"] for run in starts if "HeardNarration" not in run["suite"]]
        # The one slot runs the radius replay while the timed suite runs; then the longer CLI job (with a
        # deadline) before the Tours target (without one).
        self.assertEqual(order, ["WalkscapeCoreTests.EngineRadiusReplayTests", "WalkscapeCLITests", "WalkscapeToursTests"])

    @unittest.skipUnless(os.path.exists("/proc/self/autogroup"), "the kernel groups no sessions (autogroups)")
    def test_a_session_lowered_before_the_run_stays_down_while_the_timed_suites_run_then_goes_back(self):
        # A session at autogroup nice 19, as make test starts gpsd's replays.
        sleeper = subprocess.Popen(["/bin/sh", "-c", "for i in 1 2 3 4 5; do echo 19 > /proc/self/autogroup && break; sleep 0.2; done; exec sleep 120"],
                                   start_new_session=True)
        self.addCleanup(sleeper.wait)
        self.addCleanup(sleeper.kill)
        deadline = time.monotonic() + 10
        while autogroup_nice(sleeper.pid) != 19 and time.monotonic() < deadline:
            time.sleep(0.1)
        self.assertEqual(autogroup_nice(sleeper.pid), 19)
        runs, _ = self.run_by_suite("--timed", "HeardNarration", "--priority", "19", "--lowered", str(sleeper.pid),
                                    environment={"FAKE_WATCH": str(sleeper.pid)})
        self.assertEqual(runs["WalkscapeCLITests.HeardNarrationTests"]["watched_nice"], 19)
        self.assertEqual(autogroup_nice(sleeper.pid), 0)

    def test_a_lowered_pid_out_of_range_is_refused(self):
        result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run_tests.py"), "--lowered", "0"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--lowered 0 is not a process id", result.stderr)

    def test_priority_out_of_range_is_refused(self):
        result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run_tests.py"), "--priority", "20"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--priority 20 is out of range; give 0 to 19", result.stderr)


if __name__ == "__main__":
    unittest.main()
