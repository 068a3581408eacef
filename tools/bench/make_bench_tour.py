#!/usr/bin/env python3
"""Writes a large copy of the Turin sample tour for tools/bench/download.sh: every recording replaced by a
WAV of deterministic noise (48 kHz mono 16-bit) of about SIZE_MB megabytes, tour.json pointing at them.
Sizes and digests are then filled in by `walkscape manifest`.

    python3 tools/bench/make_bench_tour.py OUT_DIR [SIZE_MB]
"""
import json
import os
import random
import shutil
import struct
import sys
import wave

out = sys.argv[1]
size_mb = float(sys.argv[2]) if len(sys.argv) > 2 else 12
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
tour_dir = os.path.join(out, "torino-portici")
shutil.copytree(os.path.join(root, "tours", "torino-portici"), tour_dir)
with open(os.path.join(tour_dir, "tour.json"), encoding="utf-8") as f:
    tour = json.load(f)
rng = random.Random(20240601)
frames = int(size_mb * 1e6 / 2)
block = struct.pack("<%dh" % 48000, *(rng.randint(-3000, 3000) for _ in range(48000)))
for point in tour["points"]:
    for language, track in point["tracks"].items():
        old = os.path.join(tour_dir, track["audio"]["file"])
        os.remove(old)
        track["audio"]["file"] = "audio/%s/%s.wav" % (language, point["id"])
        with wave.open(os.path.join(tour_dir, track["audio"]["file"]), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(48000)
            written = 0
            while written < frames:
                n = min(48000, frames - written)
                w.writeframes(block[: 2 * n])
                written += n
with open(os.path.join(tour_dir, "tour.json"), "w", encoding="utf-8") as f:
    json.dump(tour, f, ensure_ascii=False, indent=2)
