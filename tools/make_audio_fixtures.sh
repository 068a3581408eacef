#!/usr/bin/env bash
# Regenerates the small audio fixtures in fixtures/audio/ used by the decoder tests.
# Needs sox, lame and ffmpeg (Debian: apt-get install sox lame ffmpeg). The sox lines with -R (repeatable dither) give the
# same bytes on every run for a given sox/lame version; the older lines without it vary in their dither noise.
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
# 1.000 s at 16 kHz, 24-bit stereo split tone (left 440 Hz, right 880 Hz): exactly 16000 frames.
sox -R -n -r 16000 -c 2 -b 24 tone-440-880hz-1s-16k-stereo-24bit.wav synth 1.0 sine 440 sine 880 gain -6
# The same split tone at 44.1 kHz as a CBR MP3 with an ID3v2 tag in front and an ID3v1 tag at the end:
# exactly 44100 frames.
sox -R -n -r 44100 -c 2 -b 16 "$tmp/split.wav" synth 1.0 sine 440 sine 880 gain -6
lame --quiet -b 128 --cbr --add-id3v2 --tt "walkscape fixture" --ta "walkscape" --tc "split tone" \
  "$tmp/split.wav" tone-440-880hz-1s-44k-stereo-id3.mp3
# 0.5 s at 22.05 kHz mono 16-bit as RF64 (sox cannot write RF64: its RIFF header is rewritten with a
# ds64 chunk by the Python below): exactly 11025 frames.
sox -R -n -r 22050 -c 1 -b 16 "$tmp/rf64-src.wav" synth 0.5 sine 440 gain -6
python3 - "$tmp/rf64-src.wav" tone-440hz-0.5s-22k-mono-rf64.wav <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:4] == b"RIFF" and data[8:12] == b"WAVE"
chunks, at = {}, 12
while at + 8 <= len(data):
    cid, size = data[at:at + 4], struct.unpack("<I", data[at + 4:at + 8])[0]
    chunks.setdefault(cid, data[at + 8:at + 8 + size])
    at += 8 + size + (size & 1)
fmt, pcm = chunks[b"fmt "], chunks[b"data"]
frames = len(pcm) // struct.unpack("<H", fmt[12:14])[0]
ds64 = struct.pack("<QQQI", 4 + 8 + 28 + 8 + len(fmt) + 8 + len(pcm), len(pcm), frames, 0)
body = b"WAVE" + b"ds64" + struct.pack("<I", len(ds64)) + ds64 + b"fmt " + struct.pack("<I", len(fmt)) + fmt
body += b"data" + struct.pack("<I", 0xFFFFFFFF) + pcm
open(sys.argv[2], "wb").write(b"RF64" + struct.pack("<I", 0xFFFFFFFF) + body)
PY
# Broken files: a WAV cut after 20000 bytes (its data chunk still declares all 16000 frames), 3 bytes
# of junk, a truncated MP3 (first 3000 bytes), an MP4 container named .mp3.
head -c 20000 tone-440-880hz-1s-16k-stereo-24bit.wav > truncated.wav
printf 'abc' > junk-3-bytes.mp3
head -c 3000 tone-330hz-2.5s-48k-stereo-vbr.mp3 > truncated.mp3
printf '\x00\x00\x00\x18ftypM4A \x00\x00\x02\x00isomiso2\x00\x00\x00\x08free' > mp4-named.mp3
# Formats read through FFmpeg: each a 440 Hz tone of exactly 1.000 s (ffmpeg's bitexact flags: the same
# bytes on every run for a given ffmpeg version). Lengths a listener hears, priming and padding removed:
#   AAC in MP4 named .mp3 (the reference backend's own kind of file), 44.1 kHz mono: 44100 frames (edit list)
#   AAC in .m4a, 48 kHz stereo (left 440 Hz, right 880 Hz): 48000 frames (edit list)
#   ADTS .aac, 44.1 kHz mono: 46080 frames = 45 AAC frames of 1024 samples (ADTS cannot say priming or padding)
#   Opus, 48 kHz mono: 48000 frames (pre-skip and end trim from the Ogg granules)
#   Ogg Vorbis, 44.1 kHz mono: 44100 frames; FLAC, 44.1 kHz mono: 44100 frames
# Debian's ffmpeg has no HE-AAC encoder (libfdk_aac is not in Debian), so there is no HE-AAC fixture.
ff() { ffmpeg -nostdin -v error -y "$@"; }
bitexact=(-fflags +bitexact -flags:a +bitexact -map_metadata -1)
sox -R -n -r 44100 -c 1 -b 16 "$tmp/a44.wav" synth 1.0 sine 440 gain -6
sox -R -n -r 48000 -c 2 -b 16 "$tmp/a48.wav" synth 1.0 sine 440 sine 880 gain -6
sox -R -n -r 48000 -c 1 -b 16 "$tmp/m48.wav" synth 1.0 sine 440 gain -6
ff -i "$tmp/a44.wav" "${bitexact[@]}" -c:a aac -b:a 64k -f mp4 tone-440hz-1s-44k-mono-aac-in-mp4.mp3
ff -i "$tmp/a48.wav" "${bitexact[@]}" -c:a aac -b:a 96k tone-440-880hz-1s-48k-stereo.m4a
ff -i "$tmp/a44.wav" "${bitexact[@]}" -c:a aac -b:a 64k -f adts tone-440hz-1s-44k-mono.aac
ff -i "$tmp/m48.wav" "${bitexact[@]}" -c:a libopus -b:a 32k tone-440hz-1s-48k-mono.opus
# Pages of 100 ms, as encoders write for longer files (a one-page file: see docs/audio.md).
ff -i "$tmp/a44.wav" "${bitexact[@]}" -c:a libvorbis -q:a 2 -page_duration 100000 tone-440hz-1s-44k-mono.ogg
ff -i "$tmp/a44.wav" "${bitexact[@]}" -c:a flac tone-440hz-1s-44k-mono.flac
# An Ogg Vorbis file cut after 4200 bytes (0.454 s of 1 s): its last page is gone, the first pages are whole.
head -c 4200 tone-440hz-1s-44k-mono.ogg > truncated.ogg
ls -l
