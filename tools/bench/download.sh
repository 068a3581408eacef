#!/usr/bin/env bash
# Download throughput on loopback (docs/benchmarks.md, "Downloads"): `walkscape download` against curl
# fetching the same files, in one run each, from the test API server (Tests/WalkscapeRemoteTests/server).
#   tools/bench/download.sh [SIZE_MB_PER_RECORDING] [RUNS]
# The tour is the Turin sample with its 14 recordings replaced by WAVs of SIZE_MB (default 12: ~170 MB in all,
# about what the backend announces for a tour). curl fetches every file of both manifests over one
# keep-alive connection (`curl URL -o FILE URL -o FILE …`); walkscape does the whole download: API calls,
# staging, SHA-256 and MD5 on the way, fsync, validation (every file hashed again, every WAV decoded),
# install. Its "downloaded in" figure is the file transfers alone (hashing included: SHA-256 and MD5 of every
# byte run on their own threads as the bytes arrive), so a second curl row adds md5sum and sha256sum of the
# files, the same checks. Best of RUNS (default 3) for each.
set -euo pipefail
cd "$(dirname "$0")/../.."
size=${1:-12}
runs=${2:-3}
swift build -c release --product walkscape >/dev/null
bin=.build/release/walkscape
work=$(mktemp -d)
server_pid=
trap '[ -n "$server_pid" ] && kill "$server_pid"; rm -rf "$work"' EXIT
python3 tools/bench/make_bench_tour.py "$work/tours" "$size"
$bin manifest "$work/tours/torino-portici" >/dev/null
python3 Tests/WalkscapeRemoteTests/server/api_server.py --tours "$work/tours" > "$work/port" &
server_pid=$!
while [ ! -s "$work/port" ]; do sleep 0.1; done
api="http://127.0.0.1:$(head -1 "$work/port")/draft/v1"
total=$(du -sb --exclude=tour.json "$work/tours/torino-portici" | cut -f1)

# curl's arguments: every file of the it and en manifests, each to its own output file.
python3 - "$api" "$work/curl" > "$work/curl.args" <<'PY'
import json, sys, urllib.request
api, out = sys.argv[1], sys.argv[2]
for language in ("it", "en"):
    manifest = json.load(urllib.request.urlopen(api + "/tours/torino-portici/manifest?language=" + language))
    for i, entry in enumerate(manifest["audio"] + manifest["subtitles"]):
        print(api + "/" + entry["fileUrl"])
        print("%s/%s-%d" % (out, language, i))
PY
mapfile -t lines < "$work/curl.args"
curl_args=()
for ((i = 0; i < ${#lines[@]}; i += 2)); do curl_args+=("${lines[i]}" -o "${lines[i + 1]}"); done

best_curl=999; best_check=999; best_ws=999; best_transfer=999
for run in $(seq "$runs"); do
  rm -rf "$work/curl" "$work/dest"; mkdir -p "$work/curl"
  sync
  start=$(date +%s.%N); curl -s "${curl_args[@]}"; end=$(date +%s.%N)
  t=$(echo "$end - $start" | bc -l); best_curl=$(echo "if ($t < $best_curl) $t else $best_curl" | bc -l)
  # The same download with the checks walkscape makes on every byte: MD5 (against the ETag) and SHA-256.
  rm -rf "$work/curl"; mkdir -p "$work/curl"; sync
  start=$(date +%s.%N); curl -s "${curl_args[@]}"; md5sum "$work"/curl/* >/dev/null; sha256sum "$work"/curl/* >/dev/null; end=$(date +%s.%N)
  t=$(echo "$end - $start" | bc -l); best_check=$(echo "if ($t < $best_check) $t else $best_check" | bc -l)
  sync
  start=$(date +%s.%N)
  out=$($bin download --api "$api" torino-portici --lang it,en --dest "$work/dest")
  end=$(date +%s.%N)
  t=$(echo "$end - $start" | bc -l); best_ws=$(echo "if ($t < $best_ws) $t else $best_ws" | bc -l)
  transfer=$(echo "$out" | sed -n 's/.* downloaded in \([0-9.]*\) s.*/\1/p')
  best_transfer=$(echo "if ($transfer < $best_transfer) $transfer else $best_transfer" | bc -l)
done
mb() { echo "scale=1; $total / $1 / 1000000" | bc -l; }
echo "files: $(( ${#lines[@]} / 2 )) + cover, $total bytes"
printf 'curl 7.88 (one run, keep-alive)          %6.3f s  %7s MB/s\n' "$best_curl" "$(mb "$best_curl")"
printf 'curl, then md5sum and sha256sum           %6.3f s  %7s MB/s\n' "$best_check" "$(mb "$best_check")"
printf 'walkscape download, file transfers       %6.3f s  %7s MB/s  (%s %% of curl, %s %% of curl + checks)\n' "$best_transfer" "$(mb "$best_transfer")" "$(echo "scale=0; 100 * $best_curl / $best_transfer" | bc -l)" "$(echo "scale=0; 100 * $best_check / $best_transfer" | bc -l)"
printf 'walkscape download, whole command        %6.3f s  %7s MB/s  (API calls, validation, install)\n' "$best_ws" "$(mb "$best_ws")"
