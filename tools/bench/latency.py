#!/usr/bin/env python3
"""Start latency of walkscape's sound, measured on the sink (docs/benchmarks.md, "Heard narration").

    tools/bench/latency.py [--runs N] [--busy 0|2] [--bin PATH]

A private PulseAudio daemon with a null sink (tools/pulse_null.sh); parec records its monitor, and each chunk's
arrival (monotonic) places the recording's samples on the monotonic clock. For each run the command is started,
and its latency is the time from the start to the first sample of the narration heard on the sink (the
recording's first loud 10 ms window, less the recording's own leading silence, measured the same way on the
decoded file):

  listen   `walkscape listen tours/torino-portici --point 1 --audio pulse --subs off` (command to first sample)
  play     `walkscape play tours/torino-portici --trace fixtures/traces/torino-portici-brisk.gpx --audio pulse`
           in tmux (point 1 triggers at the walk's first fix: command to first sample)
  mpg123   `mpg123 -q -o pulse` on the same recording (the peer)

With --busy 2, two busy loops run throughout. The play log's lines give the point-start latency (engine
trigger to first sample, on the sink's clock) for play's runs. Python's standard library only.
"""
import argparse
import array
import os
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RATE = 48000
RECORDING = "tours/torino-portici/audio/it/p1.mp3"


def pulse_start(directory):
    env = dict(os.environ, WALKSCAPE_PULSE_DIR=directory)
    out = subprocess.run([ROOT + "/tools/pulse_null.sh", "start"], env=env, capture_output=True, text=True, check=True).stdout
    extra = {}
    exported = out.split("export ", 1)[1] if "export " in out else ""
    for word in exported.split():
        if "=" in word:
            key, value = word.split("=", 1)
            extra[key] = value.strip("'\"")
    return extra


def pulse_stop(directory):
    subprocess.run([ROOT + "/tools/pulse_null.sh", "stop"], env=dict(os.environ, WALKSCAPE_PULSE_DIR=directory), capture_output=True)


class Recorder:
    """parec on the default monitor: samples, and each chunk's arrival on the monotonic clock."""

    def __init__(self, env):
        self.samples = array.array("f")
        self.arrivals = []
        self.process = subprocess.Popen(
            ["parec", "--device=@DEFAULT_MONITOR@", "--format=float32le", "--rate=%d" % RATE, "--channels=1", "--latency-msec=5", "--raw"],
            stdout=subprocess.PIPE, env=env)
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        carry = b""
        while True:
            data = os.read(self.process.stdout.fileno(), 65536)
            now = time.monotonic()
            if not data:
                return
            carry += data
            whole = len(carry) // 4 * 4
            self.samples.frombytes(carry[:whole])
            carry = carry[whole:]
            self.arrivals.append((len(self.samples), now))

    def time_of(self, index):
        """The monotonic moment sample `index` was heard: the earliest consistent with the arrivals after it."""
        later = [(count, at) for count, at in self.arrivals if count >= index]
        return min(at - (count - index) / RATE for count, at in later[:40]) if later else None

    def stop(self):
        self.process.kill()
        self.process.wait()


def first_loud(samples, start=0, threshold=0.01, window=480):
    for i in range(start, len(samples) - window, window):
        chunk = samples[i:i + window]
        if (sum(x * x for x in chunk) / window) ** 0.5 > threshold:
            return i
    return None


def leading_silence():
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", ROOT + "/" + RECORDING, "-ac", "1", "-ar", str(RATE), "-f", "f32le", "-"],
                         capture_output=True, check=True).stdout
    samples = array.array("f")
    samples.frombytes(raw[: len(raw) // 4 * 4])
    return first_loud(samples) / RATE


def measure(kind, binary, env, silence, state):
    recorder = Recorder(env)
    time.sleep(0.5)
    start_index = len(recorder.samples)
    t0 = time.monotonic()
    socket = "/tmp/walkscape-latency-tmux-%d" % os.getpid()
    if kind == "listen":
        child = subprocess.Popen([binary, "listen", "tours/torino-portici", "--point", "1", "--audio", "pulse", "--subs", "off"],
                                 cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elif kind == "mpg123":
        child = subprocess.Popen(["mpg123", "-q", "-o", "pulse", RECORDING], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    else:
        command = ("cd %s && XDG_STATE_HOME=%s LANG=C.UTF-8 TERM=xterm-256color PULSE_SERVER=%s PULSE_CLIENTCONFIG=%s %s play tours/torino-portici "
                   "--trace fixtures/traces/torino-portici-brisk.gpx --audio pulse" % (ROOT, state, env["PULSE_SERVER"], env.get("PULSE_CLIENTCONFIG", ""), binary))
        t0 = time.monotonic()
        subprocess.run(["tmux", "-S", socket, "new-session", "-d", "-x", "100", "-y", "30", command], check=True)
        child = None
    onset = None
    deadline = time.monotonic() + 10
    while onset is None and time.monotonic() < deadline:
        time.sleep(0.2)
        onset = first_loud(recorder.samples, start_index)
    time.sleep(0.3)
    heard = recorder.time_of(onset) if onset is not None else None
    if child:
        child.kill()
        child.wait()
    else:
        subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True)
    recorder.stop()
    return None if heard is None else heard - t0 - silence


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--busy", type=int, default=0)
    parser.add_argument("--bin", default=ROOT + "/.build/release/walkscape")
    options = parser.parse_args()
    directory = "/tmp/walkscape-latency-pulse-%d" % os.getpid()
    state = "/tmp/walkscape-latency-state-%d" % os.getpid()
    env = dict(os.environ, **pulse_start(directory))
    busy = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(options.busy)]
    try:
        silence = leading_silence()
        print("recording %s: first sound at %.3f s; %d runs each, %d busy loops" % (RECORDING, silence, options.runs, options.busy))
        for kind in ["listen", "play", "mpg123"]:
            figures = []
            for _ in range(options.runs):
                value = measure(kind, options.bin, env, silence, state)
                if value is not None:
                    figures.append(value * 1000)
            if figures:
                print("%-8s command to first sample heard: median %.0f ms (min %.0f, max %.0f; %d runs)"
                      % (kind, statistics.median(figures), min(figures), max(figures), len(figures)))
            else:
                print("%-8s nothing heard" % kind)
        log = state + "/walkscape/play.log"
        if os.path.exists(log):
            lines = [line.strip() for line in open(log) if line.startswith("narration:")]
            latencies = [float(line.split("first sample heard ")[1].split(" s")[0]) * 1000 for line in lines]
            if latencies:
                print("play     engine trigger to first sample heard (play log): median %.0f ms (min %.0f, max %.0f; %d narrations)"
                      % (statistics.median(latencies), min(latencies), max(latencies), len(latencies)))
    finally:
        for process in busy:
            process.kill()
        pulse_stop(directory)
        subprocess.run(["rm", "-rf", state])


if __name__ == "__main__":
    sys.exit(main())
