#!/usr/bin/env python3
"""Differential test: every receiver log of gpsd's regression corpus read by gpsd and by walkscape.

For each log in DIR (default ../shared/real/gpsd-logs), gpsd 3.22 replays it through
`gpsfake -1 -q -p -c 0.001 -W 30 -P 0 FILE` (by way of gpsfake_ready.py, which closes gpsfake's start-up race;
a replay that fails, hangs or never opens the fake receiver is tried again, and fails the check after three
attempts); its dated fixes are the TPV reports with `mode` >= 2, a `time`, `lat`
and `lon`. walkscape reads the same file with `walkscape inspect --json --fixes`. walkscape must hold a fix
at every time gpsd reports one, within 1e-6 degrees of gpsd's latitude and longitude, except for the files
docs/traces.md lists under "Where walkscape and gpsd differ", each with its rule; for those, walkscape may
leave out at most the documented count (a ceiling, so that a walkscape that reads more still passes; "all" for
a binary-only log: walkscape reads none of its fixes).

The two halves can run apart, which is how `make test` runs them: `--save-gpsd-output DIR` only replays the
logs through gpsd and saves gpsd's output (NAME.json, or NAME.error with the reasons for a log gpsd could not
replay, then DIR/done), at the lowest priority while the Swift build compiles; `--gpsd-output DIR --wait`
waits for DIR/done and compares walkscape with what was saved.

usage: tools/oracle/gpsd_fixes.py [--binary PATH] [--logs DIR] [--docs docs/traces.md] [--jobs N] [--verbose]
                                  [--save-gpsd-output DIR | --gpsd-output DIR [--wait]] [FILE...]
Exit status: 0 all agree (or all replayed), 1 a disagreement or a log gpsd could not replay, 2 gpsd or the logs
are missing when they were required, or --wait gave up.
"""
import argparse
import concurrent.futures
import datetime
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOLERANCE = 1e-6
# A documented count of "all": walkscape reads none of gpsd's fixes of that file (a binary-only log).
ALL = -1


def gpsd_fixes(path, saved=None, timeout=None):
    """gpsd's dated fixes of one log: {time: [(lat, lon)]}; `saved` is a folder of gpsfake outputs (NAME.json)
    made earlier, to compare again without replaying."""
    if saved:
        output = saved_output(saved, os.path.basename(path))
    else:
        output = gpsd_replay(path, timeout=timeout or REPLAY_TIMEOUT)
    fixes = {}
    for line in output.decode("utf-8", "replace").splitlines():
        try:
            report = json.loads(line)
        except ValueError:
            continue
        if report.get("class") == "TPV" and report.get("mode", 0) >= 2 and "time" in report \
                and "lat" in report and "lon" in report:
            fixes.setdefault(normal_time(report["time"]), []).append((report["lat"], report["lon"]))
    return fixes


# The process group of every replay still running (each is a session of its own, so a stop signal that reaches
# this script does not reach them): stop_replays kills them.
REPLAYING = set()


def stop_replays(signum, frame):
    """On SIGTERM or SIGINT: kill every replay still running (gpsfake and its gpsd), then exit 128 + signal."""
    for pid in list(REPLAYING):
        kill_group(pid)
    os._exit(128 + signum)


GPSFAKE_READY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gpsfake_ready.py")
# The longest replay of the corpus took 14 s on a quiet machine and 16-19 s beside two busy loops (12 at once).
REPLAY_TIMEOUT = 120
REPLAY_ATTEMPTS = 3


class ReplayError(Exception):
    """gpsd could not replay a log: gpsfake failed, hung, or gpsd never opened the fake receiver."""


def saved_output(folder, name):
    """gpsd's saved output of the log `name` in `folder`; a ReplayError with the saved reasons when gpsd could
    not replay it, or when nothing was saved for it."""
    try:
        with open(os.path.join(folder, name + ".json"), "rb") as file:
            return file.read()
    except FileNotFoundError:
        pass
    try:
        with open(os.path.join(folder, name + ".error"), encoding="utf-8") as file:
            raise ReplayError(file.read().strip())
    except FileNotFoundError:
        raise ReplayError("no saved gpsd output for %s in %s (run --save-gpsd-output first)" % (name, folder))


def write_atomically(path, data):
    """Writes `data` (bytes) to `path` by way of a temporary file renamed over it: a reader never sees half."""
    temporary = path + ".partial"
    with open(temporary, "wb") as file:
        file.write(data)
    os.replace(temporary, path)


def save_replays(logs, names, folder, jobs, timeout=REPLAY_TIMEOUT):
    """Replays every log through gpsd and saves the output in `folder` (NAME.json, or NAME.error with the
    reasons), then writes `folder`/done with the summary line; returns the exit status (1 if a log failed).
    `folder`/pid names this process while it works, so that a waiter can tell a replay still running from one
    that died."""
    os.makedirs(folder, exist_ok=True)
    write_atomically(os.path.join(folder, "pid"), b"%d\n" % os.getpid())

    def save(name):
        try:
            write_atomically(os.path.join(folder, name + ".json"),
                             gpsd_replay(os.path.join(logs, name), timeout=timeout))
            return None
        except ReplayError as replay:
            write_atomically(os.path.join(folder, name + ".error"), (str(replay) + "\n").encode("utf-8"))
            return str(replay)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        failures = [failure for failure in pool.map(save, names) if failure]
    summary = "gpsd oracle: gpsd replayed %d of %d logs into %s" % (len(names) - len(failures), len(names), folder)
    write_atomically(os.path.join(folder, "done"), (summary + "\n").encode("utf-8"))
    print(summary)
    for failure in failures:
        print("FAIL " + failure)
    return 1 if failures else 0


def wait_for_saved(folder, timeout, poll=0.5):
    """The summary line in `folder`/done once --save-gpsd-output has finished; None after `timeout` s, or as
    soon as the process `folder`/pid names is gone without having written done."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with open(os.path.join(folder, "done"), encoding="utf-8") as file:
                return file.read().strip()
        except FileNotFoundError:
            pass
        try:
            with open(os.path.join(folder, "pid"), encoding="utf-8") as file:
                pid = int(file.read())
            os.kill(pid, 0)
        except (FileNotFoundError, ValueError):
            pass
        except ProcessLookupError:
            if not os.path.exists(os.path.join(folder, "done")):
                return None
        if time.monotonic() > deadline:
            return None
        time.sleep(poll)


def gpsd_replay(path, command=None, timeout=REPLAY_TIMEOUT):
    """gpsfake's JSON output for one log, from a replay in which gpsd opened the fake receiver.

    gpsfake runs through gpsfake_ready.py (gpsfake with its start-up race closed) in a process group of its
    own, so that a replay that hangs is killed with its gpsd. A group, not a session: where the kernel groups
    sessions (autogroups), a session of its own would weigh as much as the whole build beside it, whatever the
    replay's nice (six replays at once slowed `make test`'s build by 7-42 s); in the caller's session it keeps
    the caller's autogroup, which `make test` sets to nice 19. A replay that exits with an error, or in which
    gpsd never reported the fake receiver as a DEVICE, is tried again, up to REPLAY_ATTEMPTS times in all:
    an empty replay must never pass as "gpsd found no fixes". `command` replaces the gpsfake command line
    (the log's path is added at its end) in the oracle's own tests."""
    command = command or ["/usr/bin/python3", GPSFAKE_READY, "-1", "-q", "-p", "-c", "0.001", "-W", "30", "-P", "0"]
    reasons = []
    for _ in range(REPLAY_ATTEMPTS):
        process = subprocess.Popen(command + [path], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, process_group=0)
        REPLAYING.add(process.pid)
        try:
            output, errors = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(process.pid)
            process.communicate()
            reasons.append("no end after %g s" % timeout)
            continue
        finally:
            kill_group(process.pid)
            REPLAYING.discard(process.pid)
        if process.returncode != 0:
            lines = [line for line in errors.decode("utf-8", "replace").splitlines() if "DBUS" not in line]
            reasons.append("exit status %d%s" % (process.returncode, (": " + lines[-1]) if lines else ""))
        elif b'"class":"DEVICE","path"' not in output:
            reasons.append("gpsd never opened the fake receiver")
        else:
            return output
    raise ReplayError("gpsd could not replay %s in %d attempts (%s)"
                      % (os.path.basename(path), REPLAY_ATTEMPTS, "; ".join(reasons)))


def kill_group(pid):
    """Kill what is left of a replay's process group (gpsfake and the gpsd it started)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


ROLLOVER_MS = 1024 * 7 * 86400 * 1000


def normal_time(text):
    """A time as milliseconds modulo 1024 GPS weeks: gpsd 3.22 moves a date before its own release 1024 weeks
    forward (its guess at a GPS week rollover: ac12.log's 2007-12-23 becomes 2027-08-08), walkscape keeps the
    date the receiver wrote; both name the same moment of the receiver's clock."""
    match = re.match(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?Z$", text)
    if not match:
        return text
    y, mo, d, h, mi, s = (int(match.group(i)) for i in range(1, 7))
    millis = int((match.group(7) or "").ljust(3, "0")[:3])
    days = (datetime.date(y, mo, d) - datetime.date(1970, 1, 1)).days
    return ((days * 86400 + h * 3600 + mi * 60 + s) * 1000 + millis) % ROLLOVER_MS


def walkscape_fixes(binary, path):
    """walkscape's fixes of one log: ({time: [(lat, lon)]}, error line or None)."""
    run = subprocess.run([binary, "inspect", "--json", "--fixes", path], capture_output=True, timeout=600)
    if run.returncode != 0:
        return {}, run.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or ["exit %d" % run.returncode]
    report = json.loads(run.stdout)
    fixes = {}
    for time, lat, lon in report.get("fixList", []):
        if time is not None:
            fixes.setdefault(normal_time(time), []).append((float(lat), float(lon)))
    return fixes, None


def documented_rules(docs):
    """The table of docs/traces.md's section "Where walkscape and gpsd differ": {file: (left out, rule)}."""
    rules = {}
    inside = False
    with open(docs, encoding="utf-8") as file:
        lines = file.read().splitlines()
    for line in lines:
        if line.startswith("#"):
            inside = "Where walkscape and gpsd differ" in line
            continue
        if not inside:
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].startswith("`") and cells[0].endswith("`"):
            left_out = cells[1].replace(",", "")
            if left_out.isdigit():
                rules[cells[0].strip("`")] = (int(left_out), cells[2])
            elif left_out.startswith("all"):
                rules[cells[0].strip("`")] = (ALL, cells[2])
    return rules


def compare(name, path, binary, saved=None, timeout=REPLAY_TIMEOUT):
    try:
        theirs = gpsd_fixes(path, saved, timeout)
    except ReplayError as replay:
        return name, 0, 0, [], [], None, str(replay)
    ours, error = walkscape_fixes(binary, path)
    missing, moved = [], []
    for time, positions in sorted(theirs.items()):
        mine = ours.get(time)
        if not mine:
            missing.append(time)
            continue
        if not any(all(abs(a - b) <= TOLERANCE for a, b in zip(p, q)) for p in positions for q in mine):
            moved.append((time, positions[-1], mine[0]))
    return name, len(theirs), sum(len(v) for v in ours.values()), missing, moved, error, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/debug/walkscape"))
    parser.add_argument("--logs", default=os.path.join(os.path.dirname(ROOT), "shared/real/gpsd-logs"))
    parser.add_argument("--docs", default=os.path.join(ROOT, "docs/traces.md"))
    parser.add_argument("--jobs", type=int, default=12, help="logs replayed at once (gpsfake mostly waits)")
    parser.add_argument("--require", action="store_true", help="exit 2 when gpsd or the logs are missing")
    parser.add_argument("--gpsd-output", help="a folder of saved gpsfake outputs (NAME.log.json) to use instead")
    parser.add_argument("--wait", type=float, nargs="?", const=900, metavar="SECONDS",
                        help="with --gpsd-output: wait (default 900 s) for --save-gpsd-output to finish there")
    parser.add_argument("--save-gpsd-output", metavar="DIR",
                        help="only replay the logs through gpsd and save its output in DIR (no walkscape)")
    parser.add_argument("--replay-timeout", type=float, default=REPLAY_TIMEOUT, metavar="SECONDS",
                        help="a replay with no end after this long is killed and tried again (default %(default)g)")
    parser.add_argument("--verbose", action="store_true", help="one line per log")
    parser.add_argument("files", nargs="*", help="only these logs (names in DIR)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, stop_replays)
    signal.signal(signal.SIGINT, stop_replays)

    # Numbers from the command line are checked before any thread or replay starts.
    if not 1 <= args.jobs <= 64:
        parser.error("--jobs %d is out of range; give 1 to 64" % args.jobs)
    if not (math.isfinite(args.replay_timeout) and 1 <= args.replay_timeout <= 86400):
        parser.error("--replay-timeout %g is out of range; give 1 to 86400 seconds" % args.replay_timeout)
    if args.wait is not None and not (math.isfinite(args.wait) and 0 <= args.wait <= 86400):
        parser.error("--wait %g is out of range; give 0 to 86400 seconds" % args.wait)
    if args.wait is not None and not args.gpsd_output:
        parser.error("--wait needs --gpsd-output DIR")
    if args.save_gpsd_output and args.gpsd_output:
        parser.error("--save-gpsd-output and --gpsd-output do not go together")
    if args.wait is not None:
        summary = wait_for_saved(args.gpsd_output, args.wait)
        if summary is None:
            print("gpsd oracle: FAIL %s/done never came (waited up to %g s): `tools/oracle/gpsd_fixes.py "
                  "--save-gpsd-output %s` did not finish; run it alone to see why"
                  % (args.gpsd_output, args.wait, args.gpsd_output))
            return 2
        if "skipped" in summary:
            print(summary)
            return 2 if args.require else 0
    skipped = None
    if not os.path.isdir(args.logs):
        skipped = "gpsd oracle: skipped, no corpus at %s (see ../shared/real/SOURCES.md)" % args.logs
    elif shutil.which("gpsfake") is None and not args.gpsd_output:
        skipped = "gpsd oracle: skipped, gpsfake is not installed (Debian: gpsd, gpsd-clients)"
    if skipped:
        if args.save_gpsd_output:
            os.makedirs(args.save_gpsd_output, exist_ok=True)
            write_atomically(os.path.join(args.save_gpsd_output, "done"), (skipped + "\n").encode("utf-8"))
        print(skipped)
        return 2 if args.require else 0
    names = args.files or sorted(n for n in os.listdir(args.logs) if n.endswith(".log"))
    if args.save_gpsd_output:
        return save_replays(args.logs, names, args.save_gpsd_output, args.jobs, args.replay_timeout)
    rules = documented_rules(args.docs)
    failures = []
    totals = [0, 0]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda n: compare(n, os.path.join(args.logs, n), args.binary, args.gpsd_output, args.replay_timeout), names))
    for name, theirs, ours, missing, moved, error, replay_error in results:
        if replay_error:
            failures.append(replay_error)
            continue
        totals[0] += theirs
        totals[1] += theirs - len(missing) - len(moved)
        lost = len(missing) + len(moved)
        rule = rules.get(name)
        line = "%-40s gpsd %5d  walkscape %5d  left out %4d" % (name, theirs, ours, lost)
        if rule is not None:
            line += "  (documented: %s, %s)" % ("all" if rule[0] == ALL else rule[0], rule[1])
            # A documented count is the most walkscape may leave out: a walkscape that reads more still passes.
            if rule[0] == ALL:
                if ours > 0:
                    failures.append("%s: docs/traces.md says walkscape reads none of gpsd's fixes, it read %d (gpsd %d)"
                                    % (name, ours, theirs))
            elif lost > rule[0]:
                failures.append("%s: docs/traces.md says walkscape leaves out at most %d of gpsd's %d fixes, it left out %d%s"
                                % (name, rule[0], theirs, lost, example(missing, moved, error)))
        elif lost:
            failures.append("%s: walkscape left out %d of gpsd's %d fixes%s" % (name, lost, theirs, example(missing, moved, error)))
        if args.verbose:
            print(line)
    for name in sorted(set(rules) - set(names)):
        if not args.files:
            failures.append("%s: listed in docs/traces.md but not in the corpus" % name)
    print("gpsd oracle: %d logs, gpsd %d dated fixes, walkscape agrees on %d, %d documented exceptions"
          % (len(names), totals[0], totals[1], len(rules)))
    for failure in failures:
        print("FAIL " + failure)
    return 1 if failures else 0


def example(missing, moved, error):
    if error:
        return " (walkscape: %s)" % error[0]
    if missing:
        return " (first missing %s)" % shown(missing[0])
    time, theirs, mine = moved[0]
    return " (at %s gpsd %.9f,%.9f, walkscape %.9f,%.9f)" % (shown(time), theirs[0], theirs[1], mine[0], mine[1])


def shown(key):
    """A time key as a time of day (the date is modulo 1024 weeks)."""
    if isinstance(key, str):
        return key
    seconds = key / 1000 % 86400
    return "%02d:%02d:%06.3f" % (seconds // 3600, seconds // 60 % 60, seconds % 60)


if __name__ == "__main__":
    sys.exit(main())
