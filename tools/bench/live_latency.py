#!/usr/bin/env python3
"""Live latency: from a receiver's epoch written on a TCP socket to walkscape's engine event (docs/benchmarks.md,
"Live input").

    tools/bench/live_latency.py [--runs N] [--busy 0|2] [--interval S] [--bin PATH]

A walk (fixtures/traces/torino-portici-brisk.gpx) is turned into NMEA by `walkscape feed --to stdout --speed 0`
(a GGA and an RMC a second, as most receivers send) and served on a loopback TCP port, one epoch every
--interval seconds (0.05 by default: `track` on the GPS clock gives the same timeline however the fixes are
paced). `walkscape track tours/torino-portici --gps nmea:tcp://127.0.0.1:PORT` reads it. For every event the
fixes cause (point_entered, point_triggered, point_exited, tour_completed), the latency is the time from the
moment the epoch's last sentence was written to the moment the event's line arrived on track's standard output,
both read from this process's monotonic clock. The events at the walk's first fix are left out: a live walk
starts when its second fix has arrived (FixTimeGate), so they are due one epoch later by design.

With --busy 2, two busy loops run throughout. Prints one line a run and a summary (median, 95th percentile,
max) as a Markdown row. Python's standard library only.
"""
import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOUR = "tours/torino-portici"
TRACE = "fixtures/traces/torino-portici-brisk.gpx"
POSITION_EVENTS = {"point_entered", "point_triggered", "point_exited", "tour_completed"}


def epochs(binary):
    """The walk's NMEA, grouped by epoch: [(seconds since the first fix, [sentence lines])]."""
    text = subprocess.run([binary, "feed", TRACE, "--to", "stdout", "--speed", "0"], cwd=ROOT, check=True,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    groups, first = [], None
    for line in text.splitlines():
        stamp = line.split(",")[1]
        seconds = int(stamp[0:2]) * 3600 + int(stamp[2:4]) * 60 + float(stamp[4:])
        if first is None:
            first = seconds
        t = round(seconds - first, 3)
        if groups and groups[-1][0] == t:
            groups[-1][1].append(line)
        else:
            groups.append((t, [line]))
    return groups


def one_run(binary, groups, interval):
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    port = server.getsockname()[1]
    track = subprocess.Popen([binary, "track", TOUR, "--gps", f"nmea:tcp://127.0.0.1:{port}", "--format", "jsonl"],
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    arrivals = []

    def read():
        for line in track.stdout:
            arrivals.append((time.monotonic(), line))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    server.settimeout(30)
    client, _ = server.accept()
    client.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sent = {}
    start = time.monotonic()
    for k, (t, lines) in enumerate(groups):
        # Paced on a schedule, so a slow moment does not shift every later epoch.
        delay = start + k * interval - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        client.sendall(("\r\n".join(lines) + "\r\n").encode())
        sent[t] = time.monotonic()
    time.sleep(1.0)
    client.close()
    server.close()
    track.wait(timeout=60)
    reader.join(timeout=5)
    latencies = []
    for arrived, line in arrivals:
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if event.get("event") in POSITION_EVENTS and event["t"] > 0 and event["t"] in sent:
            latencies.append((arrived - sent[event["t"]]) * 1000)
    return latencies


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--busy", type=int, default=0)
    parser.add_argument("--interval", type=float, default=0.05)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build/release/walkscape"))
    args = parser.parse_args()
    groups = epochs(args.bin)
    busy = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(args.busy)]
    try:
        everything = []
        for run in range(args.runs):
            latencies = one_run(args.bin, groups, args.interval)
            everything += latencies
            print(f"run {run + 1}: {len(latencies)} events, median {statistics.median(latencies):.1f} ms, "
                  f"max {max(latencies):.1f} ms", file=sys.stderr)
    finally:
        for p in busy:
            p.kill()
    everything.sort()
    p95 = everything[min(len(everything) - 1, int(0.95 * len(everything)))]
    print(f"| {args.busy} busy loops | {len(everything)} events in {args.runs} runs | median {statistics.median(everything):.1f} ms "
          f"| 95th percentile {p95:.1f} ms | max {everything[-1]:.1f} ms |")


if __name__ == "__main__":
    main()
