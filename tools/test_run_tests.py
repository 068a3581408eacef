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
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A test binary that lists five suites and "runs" a selection: it appends one JSON line a run to $FAKE_RECORD.
FAKE = textwrap.dedent('''\
    #!/usr/bin/env python3
    import json, os, re, sys, time
    TESTS = ["WalkscapeCLITests.HeardNarrationTests/walk()", "WalkscapeCoreTests.EngineRadiusReplayTests/replay()",
             "WalkscapeToursTests/reads()", "WalkscapeLiveTests.TrackLiveTests/live()", "WalkscapeRemoteTests/download()"]
    if "--list-tests" in sys.argv:
        print("\\n".join(TESTS))
        sys.exit(0)
    pattern = sys.argv[sys.argv.index("--filter") + 1]
    chosen = [t for t in TESTS if re.search(pattern, t)]
    def group():
        try:
            with open("/proc/self/autogroup") as f:
                return int(f.read().split()[-1])
        except OSError:
            return None
    record = {"tests": chosen, "start": time.time(), "nice": os.getpriority(os.PRIO_PROCESS, 0), "group": group()}
    # The timed suite 2 s; the radius replay 3 s, so that it runs across the timed suite's end; the rest 0.5 s.
    time.sleep(2.0 if any("HeardNarration" in t for t in chosen) else 3.0 if any("RadiusReplay" in t for t in chosen) else 0.5)
    record.update(end=time.time(), end_nice=os.getpriority(os.PRIO_PROCESS, 0), end_group=group())
    with open(os.environ["FAKE_RECORD"], "a") as f:
        f.write(json.dumps(record) + "\\n")
    print(f"Test run with {len(chosen)} tests passed after 1 seconds.")
''')


class TimedSuitesTests(unittest.TestCase):
    def run_runner(self, *options):
        with tempfile.TemporaryDirectory() as directory:
            binary = os.path.join(directory, "fake-tests")
            with open(binary, "w") as f:
                f.write(FAKE)
            os.chmod(binary, 0o755)
            record = os.path.join(directory, "record.jsonl")
            result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run_tests.py"), "--binary", binary, "--jobs", "2",
                                     "--log-directory", os.path.join(directory, "logs"), *options],
                                    capture_output=True, text=True, env=dict(os.environ, FAKE_RECORD=record), timeout=120)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            with open(record) as f:
                runs = [json.loads(line) for line in f]
        return {run["tests"][0].split("/")[0]: run for run in runs}, result.stdout

    def test_while_the_timed_suites_run_only_jobs_without_deadlines_start_lowered_then_back(self):
        runs, output = self.run_runner("--timed", "HeardNarration", "--priority", "19")
        self.assertIn("1 timed on the sound server beside them; while they run, only the jobs without deadlines, 19 nice steps down", output)
        timed = runs["WalkscapeCLITests.HeardNarrationTests"]
        self.assertEqual(timed["nice"], 0)
        timed_end = timed["end"]
        # Jobs without deadlines start beside it, 19 steps down, and are back at 0 by their end.
        for name in ("WalkscapeCoreTests.EngineRadiusReplayTests", "WalkscapeToursTests"):
            run = runs[name]
            self.assertLess(run["start"], timed_end, name)
            self.assertEqual(19, run["group"] if run["group"] is not None else run["nice"], name)
        # Jobs with deadlines (the live suite in the waiting lane, the Remote target) wait for the timed one.
        for name in ("WalkscapeLiveTests.TrackLiveTests", "WalkscapeRemoteTests"):
            run = runs[name]
            self.assertGreaterEqual(run["start"], timed_end - 0.05, name)
            self.assertEqual(0, run["group"] if run["group"] is not None else run["nice"], name)

    def test_a_lowered_job_goes_back_to_its_priority_when_the_timed_suites_end(self):
        runs, _ = self.run_runner("--timed", "HeardNarration", "--priority", "10")
        timed_end = runs["WalkscapeCLITests.HeardNarrationTests"]["end"]
        spanning = [r for r in runs.values() if r["start"] < timed_end < r["end"] and r is not runs["WalkscapeCLITests.HeardNarrationTests"]]
        self.assertTrue(spanning, "no job ran across the end of the timed suite")
        for run in spanning:
            self.assertEqual(10, run["group"] if run["group"] is not None else run["nice"])
            self.assertEqual(0, run["end_group"] if run["end_group"] is not None else run["end_nice"])

    def test_without_timed_suites_nothing_waits_or_is_lowered(self):
        runs, _ = self.run_runner()
        # The live suite (a deadline) starts beside the others, not after the longest (3 s) has ended.
        self.assertLess(runs["WalkscapeLiveTests.TrackLiveTests"]["start"], runs["WalkscapeCoreTests.EngineRadiusReplayTests"]["end"])
        self.assertTrue(all(run["nice"] == 0 for run in runs.values()))

    def test_priority_out_of_range_is_refused(self):
        result = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run_tests.py"), "--priority", "20"], capture_output=True, text=True)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--priority 20 is out of range; give 0 to 19", result.stderr)


if __name__ == "__main__":
    unittest.main()
