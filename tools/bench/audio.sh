#!/usr/bin/env bash
# Audio output figures (docs/benchmarks.md, "Audio output"). Needs pulseaudio, pulseaudio-utils, GNU time.
#   tools/bench/audio.sh
# 1. Latency and clock: the PulsePlaybackTests play tones through a private PulseAudio daemon with a null
#    sink (tools/pulse_null.sh) while parec records the sink's monitor; they print the time from the player's
#    start call to the first sample on the monitor, the heard position against the recording, pause and seek.
# 2. Drift: the subtitle clock against the heard audio over 10 minutes with 2 pauses and 3 seeks.
# 3. Memory: peak RSS of `walkscape listen` on a ~50 MB MP3 (the Turin narration repeated), release build,
#    playing its last 8 seconds through PulseAudio and with --audio none (opening scans the whole file).
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product walkscape >/dev/null
env=$(tools/pulse_null.sh start); eval "$env"
trap '[ -n "${WALKSCAPE_PULSE_STARTED:-}" ] && tools/pulse_null.sh stop' EXIT
swift test --filter 'PulsePlaybackTests|PulseServerLossTests' 2>&1 | grep -E '^pulse' | grep -v 'position'
# The 10-minute drift run (about 11 minutes).
WALKSCAPE_DRIFT_SECONDS=600 swift test --filter subtitleClockFollowsHeardAudio 2>&1 | grep -E '^pulse drift: [0-9]'

work=$(mktemp -d); trap 'rm -rf "$work"; [ -n "${WALKSCAPE_PULSE_STARTED:-}" ] && tools/pulse_null.sh stop' EXIT
cp -r tours/torino-portici "$work/tour"
big="$work/tour/audio/it/p1.mp3"
: > "$big.tmp"
while [ "$(stat -c %s "$big.tmp")" -lt 50000000 ]; do cat tours/torino-portici/audio/it/*.mp3 >> "$big.tmp"; done
mv "$big.tmp" "$big"
# The recording's length, from the message for a --from past its end: "(MMM:SS.mmm)".
length=$(.build/release/walkscape listen "$work/tour" --point 1 --audio none --from 999999 2>&1 | sed -n 's/.*(\([0-9]*\):\([0-9.]*\)).*/\1 \2/p')
seconds=$(echo "$length" | awk '{print $1 * 60 + $2 - 8}')
echo "50 MB MP3: $(stat -c %s "$big") bytes, playing from ${seconds} s"
for output in pulse none; do
  /usr/bin/time -f "--audio $output: peak RSS %M KB, %e s" .build/release/walkscape listen "$work/tour" --point 1 --subs off --audio $output --from "$seconds" >/dev/null
done
