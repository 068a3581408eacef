#!/usr/bin/env bash
# Regenerates the small audio fixtures in fixtures/audio/ used by the decoder tests.
# Needs sox and lame (Debian: apt-get install sox lame). Deterministic for a given sox/lame version.
set -euo pipefail
cd "$(dirname "$0")/../fixtures/audio"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# 1.000 s of a 440 Hz tone, 44.1 kHz mono 16-bit: exactly 44100 frames.
sox -n -r 44100 -c 1 -b 16 "$tmp/tone.wav" synth 1.0 sine 440 gain -6
lame --quiet -b 64 --cbr "$tmp/tone.wav" tone-440hz-1s-44k-mono.mp3
# 2.500 s stereo at 48 kHz, VBR: exactly 120000 frames.
sox -n -r 48000 -c 2 -b 16 "$tmp/tone2.wav" synth 2.5 sine 330 sine 660 gain -6
lame --quiet -V 4 "$tmp/tone2.wav" tone-330hz-2.5s-48k-stereo-vbr.mp3
# 0.750 s at 22.05 kHz mono as 16-bit PCM WAV: exactly 16538 frames (0.75 × 22050 rounded up by sox).
sox -n -r 22050 -c 1 -b 16 tone-880hz-0.75s-22k-mono.wav synth 0.75 sine 880 gain -6
# 0.5 s at 8 kHz stereo as 32-bit float WAV: exactly 4000 frames.
sox -n -r 8000 -c 2 -e floating-point -b 32 tone-440hz-0.5s-8k-stereo-float.wav synth 0.5 sine 440 gain -6
# Broken files: 3 bytes of junk, a truncated MP3 (first 3000 bytes), an MP4 container named .mp3.
printf 'abc' > junk-3-bytes.mp3
head -c 3000 tone-330hz-2.5s-48k-stereo-vbr.mp3 > truncated.mp3
printf '\x00\x00\x00\x18ftypM4A \x00\x00\x02\x00isomiso2\x00\x00\x00\x08free' > mp4-named.mp3
ls -l
