#!/usr/bin/env bash
# The offline map's figures for docs/benchmarks.md ("Offline map"):
#   1. frame time: Benchmarks/PlayerBenchmarks' Helsinki frames (200×60, with and without the basemap), release,
#      pinned to one core;
#   2. tile decoding: the same run's "decode the 37 Helsinki tiles", beside the PyPI package mapbox-vector-tile
#      decoding the same tiles (tools/bench/mvt_decode_peer.py, in a venv under /tmp);
#   3. memory: peak RSS (VmHWM) of `walkscape play` on the Helsinki tour in a 200×60 tmux window after 8 s, with
#      its tiles and on a copy whose tour.json names none.
# usage: tools/bench/map.sh [frame] [memory]   (default: both)
set -euo pipefail
cd "$(dirname "$0")/../.."
ARGS="$*"
sections() { if [ -z "$ARGS" ]; then return 0; fi; [[ " $ARGS " == *" $1 "* ]]; }
tiles=tours/helsinki-keskusta/map/helsinki-center.mbtiles
if sections frame; then
    echo "== 1-2. frames and tile decoding (release, core 0)"
    (cd Benchmarks && swift build -c release --product PlayerBenchmarks >/dev/null 2>&1)
    taskset -c 0 Benchmarks/.build/release/PlayerBenchmarks --iterations 1000 --warmup-iterations 100 | grep -E '^(name|frame|decode)'
    venv=/tmp/walkscape-mvt-venv
    [ -x $venv/bin/python ] || { python3 -m venv $venv && $venv/bin/pip install -q mapbox-vector-tile; }
    taskset -c 0 $venv/bin/python tools/bench/mvt_decode_peer.py $tiles 10
fi
if sections memory; then
    echo "== 3. player memory (peak RSS after 8 s)"
    swift build -c release --product walkscape >/dev/null 2>&1
    bin=$(swift build -c release --show-bin-path)/walkscape
    plain=$(mktemp -d /tmp/walkscape-nomap-XXXXXX)
    cp -r tours/helsinki-keskusta "$plain/"
    python3 - "$plain/helsinki-keskusta/tour.json" <<'PY'
import json, sys
path = sys.argv[1]
tour = json.load(open(path, encoding="utf-8"))
del tour["mapTiles"]
json.dump(tour, open(path, "w", encoding="utf-8"), ensure_ascii=False, indent=2)
PY
    socket=$(mktemp -u /tmp/walkscape-bench-tmux-XXXXXX)
    for tour in tours/helsinki-keskusta "$plain/helsinki-keskusta"; do
        tmux -S "$socket" new-session -d -s m -x 200 -y 60 \
            "LANG=C.UTF-8 TERM=xterm-256color $bin play $tour --trace fixtures/traces/helsinki-keskusta-clean.gpx --audio none --speed 8"
        sleep 8
        pid=$(pgrep -n -f "$bin play $tour") || true
        echo "$tour: $(grep VmHWM /proc/$pid/status)"
        tmux -S "$socket" kill-server
    done
    rm -rf "$plain"
fi
