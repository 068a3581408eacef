#!/usr/bin/env python3
"""Runs the Swift tests as several processes of the built test binary at once, plus other checks beside them.

Why: most of walkscape's tests wait (a child process, tmux, a sound server playing in real time, gpsd), and
Swift Testing runs at most as many tests at once as there are cores, so one `swift test` process left the two
cores of a CI machine half idle (7 min of wall time for 7.5 min of CPU: 1.07 cores of 2). Here each long suite
(named in SECONDS) is a process of its own and every other suite runs in one process per test target, JOBS
processes at a time, longest first by SECONDS; the commands given with --beside start first in the same pool.
The long suites that mostly wait (WAITING_SUITES: tmux, live walks) run beside the JOBS slots, all at once, so
that they do not keep the cores idle by holding slots. Within a process Swift Testing still runs
tests in parallel, and a `.serialized` suite still runs one test at a time.

The suites that judge timing on the sound server (--timed REGEX, matched against job names: the heard-narration
and PulseAudio playback suites) start at once in that lane too. While they run, only the jobs that hold no
wall-clock deadline (DEADLINE_FREE: pure computation on files, and the commands beside) start, --priority N nice
steps down, back to 0 once the last timed suite ends; every other job waits for that, and from then on a free
slot takes the longest job left of either kind (JobQueue). So a machine busy with
other work (two busy loops) starves only jobs that can wait, and the timed suites meet the load they are proven
against (the busy loops, not the pool). Lowering the rest, not raising the timed suites: it needs no privilege,
and it reaches the player, which the heard-narration tests run in tmux, whose server leaves the job's session.
The nice is set on the job's process group and on its autogroup (each job is a session of its own, and where the
kernel groups sessions a process's nice only counts inside its group; an unprivileged autogroup write is refused
for 100 ms after another one, and is retried). Beside a pool at the same priority (a load of about 6) the player
underran; with the timed suites raised to nice -10 instead, x0.5 underran too; with the whole pool 10 steps down
beside two busy loops, x2 underran and the lowered jobs with deadlines (a server-loss test, a slow download)
missed them.

`--lowered PID` names a session started before the run at a lower priority (make test: gpsd's replays, at
nice 19 beside the build): it goes back to 0 with the lowered jobs, so that it ends with the pool, not after it.

usage: tools/run_tests.py [--jobs N] [--skip REGEX] [--only REGEX] [--beside COMMAND]... [--timed REGEX]
                          [--priority N] [--lowered PID]... [--timeout SECONDS] [--log-directory DIR] [--binary PATH]
Its own tests: python3 -m unittest tools/test_run_tests.py (a fake test binary; make test runs them).
Exit status: 0 all passed, 1 a test or a command failed (or timed out), 2 the binary is missing or misused.
"""
import argparse
import collections
import concurrent.futures
import errno
import os
import re
import signal
import subprocess
import sys
import threading
import time

# The process of every job still running, for the stop signals: {pid: Popen}.
RUNNING = {}
RUNNING_LOCK = threading.Lock()
# The pids of the jobs running below the timed suites. Guarded by RUNNING_LOCK.
LOWERED = set()
# Set once a stop signal came: no job starts after it.
STOPPING = threading.Event()
# This run's mark, in every job's environment and so in every process a job starts, daemons included.
MARK = f"WALKSCAPE_TEST_RUN={os.getpid()}-{time.time_ns()}"

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where each job's log goes (--log-directory; .build/test-logs by default).
LOG_DIRECTORY = [os.path.join(ROOT, ".build", "test-logs")]

# Seconds each long suite (10 s or more) and each test target's other suites took as a job of their own on
# a quiet two-core machine, in a full run (the `passed` lines print them). Jobs start longest first, so that
# the last to finish are short; a long suite runs as a process of its own. A suite missing here only starts
# later, inside its target's job; one named here that no longer exists is ignored. Measured 2026-11-28.
SECONDS = {
    "WalkscapeCoreTests.EngineRadiusReplayTests": 113,
    "WalkscapeCLITests.PlayerScreensTmuxTests": 100,
    "WalkscapeCLITests.StreamingReplayCLITests": 87,
    "WalkscapeCLITests": 77,
    "WalkscapeCLITests.PlayTmuxTests": 71,
    "WalkscapeAudioTests.PulsePlaybackTests": 67,
    # The calm phase's two heard-narration suites, side by side (each keeps two cores busy, counted one walk
    # at a time).
    "WalkscapeCLITests.HeardNarrationTests": 72,
    # With the five walks on a long-buffer sink (no keep-alive stream) added 2026-12-07.
    "WalkscapeCLITests.HeardNarrationLatencyTests": 140,
    # Every sample on pipewire-pulse (a private PipeWire) and the pauses on both servers, added 2026-12-07.
    "WalkscapeCLITests.HeardNarrationPipeWireTests": 160,
    "WalkscapeLiveTests.TrackLiveTests": 45,
    "WalkscapeRemoteTests.DownloadCLITests": 36,
    "WalkscapeCLITests.ReportBrowserCLITests": 33,
    "WalkscapeCoreTests": 27,
    "WalkscapeCLITests.ReplayCLITests": 25,
    "WalkscapeRemoteTests.TourDownloaderTests": 23,
    # 10 s until session 13 measured 23 s quiet (33 s in a fresh clone's pool): it ended the pool, started last.
    "WalkscapeAudioTests": 23,
    "WalkscapeTracesTests.TraceReplayStreamTests": 23,
    "WalkscapeCLITests.SimulateRenderCLITests": 19,
    "WalkscapeCLITests.HelpGoldenTests": 18,
    "WalkscapeFuzzReplayTests.FuzzReplayTests": 17,
    "WalkscapeTracesTests.TraceFileReaderTests": 17,
    "WalkscapeAudioTests.PulseServerLossTests": 16,
    "WalkscapeAudioTests.PulseGaplessTests": 20,
    "WalkscapeAudioTests.SoundServerPauseTests": 25,
    "WalkscapeAudioTests.PulseOutputChangeTests": 33,
    # Timed on the sound server since 2026-12-07: in a fresh clone's loaded pool its second tone once underran.
    "WalkscapeAudioTests.PulseHandOverTests": 26,
    "WalkscapeCLITests.ImportCLITests": 16,
    "WalkscapeFieldReportTests.FieldReportBuilderTests": 14,
    "WalkscapeLiveTests.CollectCLITests": 14,
    "WalkscapeRemoteTests.MapTileDownloadTests": 14,
    "WalkscapeTracesTests": 14,
    "WalkscapeLiveTests.FeedGpsdTests": 14,
    "WalkscapeCoreTests.RadiusProbeTests": 12,
    "WalkscapeCLITests.HostileInputCLITests": 12,
    "WalkscapeCLITests.FieldCLITests": 11,
    "WalkscapeDashboardTests": 11,
    "WalkscapeMapTests.VectorTileOracleTests": 11,
    "WalkscapeCLITests.ProfilesCLITests": 11,
    "WalkscapeTUITests": 11,
    "WalkscapeLiveTests": 11,
    "WalkscapePlayerTests.TerminalLoopTests": 9,
    "WalkscapeCLITests.ReportCLITests": 8,
}
# The suites that run as processes of their own: the long ones named above.
LONG_SUITES = [name for name in SECONDS if "." in name]
# Jobs that hold no wall-clock deadline (no wait bounded by a clock, no server or terminal to answer in time):
# pure computation on files and fixtures, the simulate-based command-line suites, and every --beside command.
# Only these start while the timed suites run (--timed), lowered; a machine that starves them only slows them.
DEADLINE_FREE = {
    "WalkscapeCoreTests.EngineRadiusReplayTests",
    "WalkscapeCoreTests.RadiusProbeTests",
    "WalkscapeCoreTests",
    "WalkscapeTracesTests.TraceFileReaderTests",
    "WalkscapeTracesTests.TraceReplayStreamTests",
    "WalkscapeTracesTests",
    "WalkscapeFuzzReplayTests.FuzzReplayTests",
    "WalkscapeFieldReportTests.FieldReportBuilderTests",
    "WalkscapeFieldReportTests",
    "WalkscapeMapTests.VectorTileOracleTests",
    "WalkscapeMapTests",
    "WalkscapeTUITests",
    "WalkscapeToursTests",
    "WalkscapeRemoteModelTests",
    "WalkscapeReportsTests",
    "WalkscapeCLITests.StreamingReplayCLITests",
    "WalkscapeCLITests.SimulateRenderCLITests",
    "WalkscapeCLITests.HelpGoldenTests",
    "WalkscapeCLITests.ReplayCLITests",
}
# Long suites that mostly wait (tmux redrawing a screen, a live walk on its own clock, a sound server restarting):
# under a tenth of a core on average (CPU seconds / wall seconds in a fresh clone's run: 6.6/103, 5.1/77, 6.1/44,
# 1.1/17, 0.7/14). They run in a lane of their own, all at once, beside the --jobs slots: holding slots, they left the two
# cores a third idle for 80 s of the pool.
WAITING_SUITES = {
    "WalkscapeCLITests.PlayerScreensTmuxTests",
    "WalkscapeCLITests.PlayTmuxTests",
    "WalkscapeLiveTests.TrackLiveTests",
    "WalkscapeAudioTests.PulseServerLossTests",
    "WalkscapeLiveTests.FeedGpsdTests",
}

class Timing:
    """How the suites timed on the sound server (--timed) get ahead of the rest: every other job starting while
    one of them runs goes --priority nice steps down. Guarded by RUNNING_LOCK."""

    def __init__(self, steps=0, suites=0):
        self.steps = steps
        # The timed suites not yet ended (counted from the start, so that no job starts above one before it
        # started); `done` is set when none is left: the jobs with deadlines may start.
        self.remaining = suites
        self.done = threading.Event()
        if suites == 0:
            self.done.set()

    def ended(self):
        """One timed suite ended (run, failed to start or stopped); True if it was the last one."""
        self.remaining -= 1
        if self.remaining == 0:
            self.done.set()
        return self.remaining == 0

    def lowering(self):
        """Whether a job starting now goes below the timed suites."""
        return self.steps > 0 and not self.done.is_set()

    def describe(self):
        return "; while they run, only the jobs without deadlines" + (f", {self.steps} nice steps down" if self.steps else "")


# Whether the kernel weighs sessions against each other (autogroups): then a job's autogroup carries its nice.
try:
    with open("/proc/sys/kernel/sched_autogroup_enabled") as flag:
        AUTOGROUPS = flag.read().strip() == "1"
except OSError:
    AUTOGROUPS = False


def set_nice(pid, nice):
    """Sets the nice of job `pid`: its autogroup's (the job is a session of its own, and where the kernel
    groups sessions that is what weighs against other jobs) and its process group's. An unprivileged autogroup
    write is refused for 100 ms after any other one (EAGAIN): retried for up to 3 s. A nice that may not be set
    (lowering one without privilege) leaves the other in place."""
    for _ in range(30 if AUTOGROUPS else 0):
        try:
            with open(f"/proc/{pid}/autogroup", "w") as group:
                group.write(str(nice))
            break
        except OSError as error:
            if error.errno != errno.EAGAIN:
                break
            time.sleep(0.1)
    try:
        os.setpriority(os.PRIO_PGRP, pid, nice)
    except OSError:
        pass


TIMING = Timing()


class JobQueue:
    """The pool's jobs not yet started, longest first. While the timed suites run, a free slot takes the
    longest job without a deadline; once they have ended, the longest of all: a long job with a deadline then
    starts at once rather than after every job without one, so that the last jobs to end are short."""

    def __init__(self, jobs):
        self.jobs = list(jobs)
        self.lock = threading.Lock()

    def take(self):
        """The job a free slot starts now; while only jobs with deadlines are left and the timed suites run,
        waits (in slices, for the stop signals). None once none is left or a stop signal came."""
        while not STOPPING.is_set():
            with self.lock:
                if not self.jobs:
                    return None
                done = TIMING.done.is_set()
                chosen = next((j for j in self.jobs if done or j.deadline_free), None)
                if chosen is not None:
                    self.jobs.remove(chosen)
                    return chosen
            TIMING.done.wait(0.5)
        return None


def run_next(queue, timeout, lock, start):
    """Runs the job `queue` gives this slot now."""
    job = queue.take()
    if job is not None:
        run(job, timeout, lock, start)

SUMMARY = re.compile(r"Test run with (\d+) tests? (?:in \d+ suites? )?(passed|failed)")


class Job:
    """One process of the pool: a group of suites of the test binary, or a command given with --beside."""

    def __init__(self, name, argv):
        self.name = name
        self.argv = argv
        # A suite timed on the sound server (--timed); a job that holds no wall-clock deadline (DEADLINE_FREE,
        # and the --beside commands).
        self.timed = False
        self.deadline_free = name in DEADLINE_FREE
        self.log = os.path.join(LOG_DIRECTORY[0], re.sub(r"[^A-Za-z0-9._-]", "_", name) + ".log")
        self.status = None
        self.seconds = 0.0
        self.cpu = 0.0
        self.tests = None
        self.timed_out = False


def plan(binary, only, skip):
    """The tests the selection holds (as the binary lists them) and the jobs that run them: each long suite
    alone, then one job a test target for the rest."""
    listed = subprocess.run([binary, "--testing-library", "swift-testing", "--list-tests"], capture_output=True, text=True)
    if listed.returncode != 0:
        sys.exit(f"tools/run_tests.py: {binary} --list-tests failed (exit {listed.returncode}): {listed.stderr.strip()}")
    tests = [line.strip() for line in listed.stdout.splitlines() if line.strip()]
    tests = [t for t in tests if (not only or re.search(only, t)) and (not skip or not re.search(skip, t))]
    # A test's top-level suite is `Module.Suite` in `Module.Suite/test()`; a test outside any suite is
    # `Module/test()`, which its target's job names exactly.
    heads = sorted({t.split("/", 1)[0] for t in tests})
    base = [binary, "--testing-library", "swift-testing"] + (["--skip", skip] if skip else [])

    def job(name, pattern):
        # Swift Testing ORs its --filter options: --only goes into the one pattern, as a lookahead.
        selector = f"^(?=.*(?:{only}))(?:{pattern})" if only else f"^(?:{pattern})"
        return Job(name, base + ["--filter", selector])

    long_ones = [s for s in LONG_SUITES if s in heads]
    jobs = [job(s, re.escape(s) + "/") for s in long_ones]
    # The rest, one job a test target.
    sizes = collections.Counter(t.split("/", 1)[0].split(".", 1)[0] for t in tests if t.split("/", 1)[0] not in long_ones)
    for module in sorted(sizes):
        members = [re.escape(h) + ("/" if "." in h else "/[^/]*$") for h in heads if h.split(".", 1)[0] == module and h not in long_ones]
        jobs.append(job(module, "|".join(members)))
    # Longest first (by SECONDS; a job not named there by its number of tests, after the named ones).
    jobs.sort(key=lambda j: (-SECONDS.get(j.name, 0), -sizes.get(j.name, 0), j.name))
    return tests, jobs


def run(job, timeout, lock, start):
    """Runs one job; a timed suite's end is counted however the run ends, so that the jobs waiting for the timed
    suites never wait for one that will not end."""
    if not job.timed:
        return run_job(job, timeout, lock, start)
    try:
        return run_job(job, timeout, lock, start)
    finally:
        with RUNNING_LOCK:
            back = list(LOWERED) if TIMING.ended() else []
        # The last timed suite ended: the jobs set below them go back to the runner's priority.
        for pid in back:
            set_nice(pid, 0)


def run_job(job, timeout, lock, start):
    # A job with a deadline waits for the timed suites to end (in slices, for the stop signals).
    while not job.timed and not job.deadline_free and not TIMING.done.wait(0.5):
        if STOPPING.is_set():
            return
    began = time.monotonic()
    with open(job.log, "w") as log:
        with RUNNING_LOCK:
            if STOPPING.is_set():
                return
            environment = dict(os.environ, WALKSCAPE_TEST_RUN=MARK.split("=", 1)[1])
            process = subprocess.Popen(job.argv, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True, env=environment)
            RUNNING[process.pid] = process
            lower = not job.timed and TIMING.lowering()
            if lower:
                LOWERED.add(process.pid)
        if lower:
            set_nice(process.pid, TIMING.steps)
        # Reaped with wait4 for the CPU the job used: its own and that of every child it waited for (the
        # walkscape runs of a CLI test; not a daemon such as a tmux server).
        def kill_late():
            job.timed_out = True
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass  # it ended as the timer fired

        timer = threading.Timer(timeout, kill_late)
        timer.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = job.status = os.waitstatus_to_exitcode(status)
            job.cpu = usage.ru_utime + usage.ru_stime
        finally:
            timer.cancel()
            with RUNNING_LOCK:
                RUNNING.pop(process.pid, None)
                LOWERED.discard(process.pid)
    job.seconds = time.monotonic() - began
    if STOPPING.is_set():
        return  # killed by a stop signal: main says so once
    with open(job.log, errors="replace") as log:
        text = log.read()
    found = SUMMARY.findall(text)
    if found:
        job.tests = int(found[-1][0])
    with lock:
        if job.status == 0 and not job.timed_out:
            what = f"{job.tests} tests" if job.tests is not None else "ok"
            print(f"  passed  {job.name}: {what} in {job.seconds:.1f} s, {job.cpu:.1f} s of CPU (at {time.monotonic() - start:.0f} s)", flush=True)
        else:
            reason = f"killed after {timeout} s" if job.timed_out else f"exit status {job.status}"
            print(f"  FAILED  {job.name}: {reason} in {job.seconds:.1f} s; its output ({os.path.relpath(job.log, ROOT)}):", flush=True)
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
            sys.stdout.flush()


# The stop signal that interrupted the run (SIGINT unless SIGTERM came).
STOPPED_BY = [signal.SIGINT]


def stop_on_sigterm(number, frame):
    STOPPED_BY[0] = number
    raise KeyboardInterrupt


def stop_running_jobs():
    """Kills the process group of every job still running, then every process carrying this run's mark."""
    with RUNNING_LOCK:
        STOPPING.set()
        groups = list(RUNNING)
    for pid in groups:
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    # What left its group (tmux daemonises): every process whose environment holds this run's mark.
    mark = MARK.encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as environ:
                if mark in environ.read().split(b"\0"):
                    os.kill(int(entry), signal.SIGKILL)
        except (OSError, ProcessLookupError):
            continue


def main():
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=max(4, 2 * (os.cpu_count() or 2)), help="processes at once (default: twice the cores, at least 4)")
    parser.add_argument("--skip", help="leave out the tests whose id matches this regular expression")
    parser.add_argument("--only", help="run only the tests whose id matches this regular expression")
    parser.add_argument("--beside", action="append", default=[], help="a shell command to run in the same pool")
    parser.add_argument("--timed", help="run the jobs whose name matches this regular expression from the start, beside the slots, at the runner's priority")
    parser.add_argument("--priority", type=int, default=0, help="nice steps between the timed jobs and the rest while they run (0 to 19; default 0)")
    parser.add_argument("--lowered", type=int, action="append", default=[], metavar="PID",
                        help="a session started before the run at a lower priority (make test: gpsd's replays): set back to 0 "
                             "with the lowered jobs when the timed suites end, at once without --timed")
    parser.add_argument("--timeout", type=int, default=1200, help="seconds after which a job is killed (default 1200)")
    parser.add_argument("--log-directory", help="where each job's NAME.log goes (default: .build/test-logs)")
    parser.add_argument("--binary", help="the test binary (default: .build/debug/walkscapePackageTests.xctest)")
    args = parser.parse_args()
    if not 1 <= args.jobs <= 64:
        print(f"tools/run_tests.py: --jobs {args.jobs} is out of range; give 1 to 64", file=sys.stderr)
        return 2
    if not 1 <= args.timeout <= 86400:
        print(f"tools/run_tests.py: --timeout {args.timeout} is out of range; give 1 to 86400 seconds", file=sys.stderr)
        return 2
    if not 0 <= args.priority <= 19:
        print(f"tools/run_tests.py: --priority {args.priority} is out of range; give 0 to 19", file=sys.stderr)
        return 2
    for pid in args.lowered:
        if not 1 <= pid <= 4194304:
            print(f"tools/run_tests.py: --lowered {pid} is not a process id; give the pid of a running session (1 to 4194304)", file=sys.stderr)
            return 2
    for option, pattern in (("--only", args.only), ("--skip", args.skip), ("--timed", args.timed)):
        try:
            re.compile(pattern or "")
        except re.error as error:
            print(f"tools/run_tests.py: {option} {pattern!r} is not a regular expression ({error}); give one such as 'HeardNarration'", file=sys.stderr)
            return 2
    if args.log_directory:
        LOG_DIRECTORY[0] = os.path.abspath(args.log_directory)
    binary = args.binary or os.path.join(ROOT, ".build", "debug", "walkscapePackageTests.xctest")
    if not os.access(binary, os.X_OK):
        print(f"tools/run_tests.py: no test binary at {binary}; run `swift build --build-tests` first", file=sys.stderr)
        return 2
    os.makedirs(LOG_DIRECTORY[0], exist_ok=True)
    tests, jobs = plan(binary, args.only, args.skip)
    if not tests:
        print("tools/run_tests.py: no test matches the selection", file=sys.stderr)
        return 2
    # The commands beside (the gpsd oracle, the install check) take a minute or more: they start first.
    jobs = [Job(c, ["/bin/sh", "-c", c]) for c in args.beside] + jobs
    for job in jobs[:len(args.beside)]:
        job.deadline_free = True
    timed = [j for j in jobs if args.timed and re.search(args.timed, j.name)]
    waiting = [j for j in jobs if j.name in WAITING_SUITES and j not in timed]
    busy = [j for j in jobs if j not in waiting and j not in timed]
    for job in timed:
        job.timed = True
    global TIMING
    TIMING = Timing(args.priority if timed else 0, len(timed))
    # Sessions lowered before the run go back to 0 with the jobs lowered in it (at once if nothing is timed).
    with RUNNING_LOCK:
        if TIMING.done.is_set():
            back = list(args.lowered)
        else:
            back = []
            LOWERED.update(args.lowered)
    for pid in back:
        set_nice(pid, 0)
    print(f"tools/run_tests.py: {len(tests)} tests in {len(jobs)} jobs, {args.jobs} at a time"
          + (f" and {len(waiting)} that mostly wait beside them" if waiting else "")
          + (f"; {len(timed)} timed on the sound server beside them" + TIMING.describe() if timed else ""), flush=True)
    lock = threading.Lock()
    start = time.monotonic()
    # The pool runs args.jobs at a time, each free slot taking the job JobQueue gives it then; the waiting lane
    # starts all of its own.
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    lane = concurrent.futures.ThreadPoolExecutor(max_workers=max(1, len(timed) + len(waiting)))
    try:
        futures = [lane.submit(run, job, args.timeout, lock, start) for job in timed + waiting]
        queue = JobQueue(busy)
        futures += [pool.submit(run_next, queue, args.timeout, lock, start) for _ in busy]
        # Waited for in slices, so that the main thread takes a stop signal at once.
        while not all(f.done() for f in futures):
            concurrent.futures.wait(futures, timeout=0.5)
        for future in futures:
            future.result()
    except KeyboardInterrupt:
        pool.shutdown(wait=False, cancel_futures=True)
        lane.shutdown(wait=False, cancel_futures=True)
        stop_running_jobs()
        print("tools/run_tests.py: stopped; the running jobs were killed", file=sys.stderr)
        return 130 if STOPPED_BY[0] == signal.SIGINT else 143
    pool.shutdown()
    lane.shutdown()
    failed = [j for j in jobs if j.status != 0 or j.timed_out]
    counted = sum(j.tests or 0 for j in jobs if j.argv[0] == binary)
    elapsed = time.monotonic() - start
    if failed:
        print(f"tools/run_tests.py: FAILED: {', '.join(j.name for j in failed)} ({elapsed:.0f} s)")
        return 1
    if counted != len(tests):
        print(f"tools/run_tests.py: FAILED: the binary lists {len(tests)} tests in the selection but the jobs ran {counted}")
        return 1
    cpu = sum(j.cpu for j in jobs)
    print(f"tools/run_tests.py: {counted} tests and {len(args.beside)} commands passed in {elapsed:.0f} s, {cpu:.0f} s of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
