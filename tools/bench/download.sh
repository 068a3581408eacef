#!/usr/bin/env bash
# Download throughput on loopback (docs/benchmarks.md, "Downloads"): `walkscape download` against curl
# fetching the same files, in one run each, from the test API server (Tests/WalkscapeRemoteTests/server).
#   tools/bench/download.sh [SIZE_MB_PER_RECORDING] [RUNS]
# The tour is the Turin sample with its 14 recordings replaced by WAVs of SIZE_MB (default 12: ~170 MB in all,
# about what the backend announces for a tour). curl fetches every file of both manifests in one run: one
# keep-alive connection, one file after the other (`curl URL -o FILE URL -o FILE …`), and again with
# `--parallel --parallel-max 4`, as many connections as walkscape's default `--jobs 4`. walkscape does the whole
# download: API calls, staging, SHA-256 of every byte on the way (and MD5 against the server's ETag, which
# `--etag-check auto` does over plain HTTP), fsync, validation (every WAV decoded), install. Its "downloaded
# in" figure is the file transfers with their hashing; the curl rows with sha256sum and md5sum add the same
# checks after the fact. Best of RUNS (default 3) for each.
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

best() { echo "if ($1 < $2) $1 else $2" | bc -l; }
fail() { echo "download.sh: $*" >&2; exit 1; }
# Seconds that "$@" took; the whole script stops if it fails (a failed run must not count as a fast one).
elapsed() {
  local start end
  start=$(date +%s.%N)
  "$@" || fail "failed: $1 (status $?)"
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}
fresh() { rm -rf "$work/curl" "$work/dest"; mkdir -p "$work/curl"; sync; }
curl --help all 2>/dev/null | grep -q -- '--parallel-max' || fail "curl $(curl --version | head -1 | cut -d' ' -f2) has no --parallel (7.66 or later needed)"
curl_seq=999; curl_par=999; curl_sha=999; curl_md5=999
ws_auto=999; ws_auto_whole=999; ws_never=999; ws_never_whole=999
download() {  # prints "transfer-seconds whole-seconds"
  local start end out transfer
  start=$(date +%s.%N)
  out=$($bin download --api "$api" torino-portici --lang it,en --dest "$work/dest" "$@") || fail "walkscape download $* failed"
  end=$(date +%s.%N)
  transfer=$(echo "$out" | sed -n 's/.* downloaded in \([0-9.]*\) s.*/\1/p')
  [ -n "$transfer" ] || fail "walkscape download printed no \"downloaded in\" figure: $out"
  echo "$transfer $(echo "$end - $start" | bc -l)"
}
for run in $(seq "$runs"); do
  fresh; t=$(elapsed curl -sS "${curl_args[@]}"); curl_seq=$(best "$t" "$curl_seq")
  fresh; t=$(elapsed curl -sS --no-progress-meter --parallel --parallel-max 4 "${curl_args[@]}"); curl_par=$(best "$t" "$curl_par")
  fresh; t=$(elapsed bash -c 'curl -sS "${@:2}" && sha256sum "$1"/curl/* >/dev/null' _ "$work" "${curl_args[@]}"); curl_sha=$(best "$t" "$curl_sha")
  fresh; t=$(elapsed bash -c 'curl -sS "${@:2}" && sha256sum "$1"/curl/* >/dev/null && md5sum "$1"/curl/* >/dev/null' _ "$work" "${curl_args[@]}"); curl_md5=$(best "$t" "$curl_md5")
  fresh; times=$(download); read -r t w <<< "$times"; ws_auto=$(best "$t" "$ws_auto"); ws_auto_whole=$(best "$w" "$ws_auto_whole")
  fresh; times=$(download --etag-check never); read -r t w <<< "$times"; ws_never=$(best "$t" "$ws_never"); ws_never_whole=$(best "$w" "$ws_never_whole")
done
mb() { echo "scale=1; $total / $1 / 1000000" | bc -l; }
pct() { echo "scale=0; 100 * $1 / $2" | bc -l; }
row() { printf '%-52s %6.3f s  %7s MB/s' "$1" "$2" "$(mb "$2")"; [ -n "${3:-}" ] && printf '  %s' "$3"; echo; }
echo "files: $(( ${#lines[@]} / 2 )) + cover, $total bytes"
row "curl $(curl --version | head -1 | cut -d' ' -f2), one connection" "$curl_seq"
row "curl --parallel --parallel-max 4" "$curl_par"
row "curl, then sha256sum" "$curl_sha"
row "curl, then sha256sum and md5sum" "$curl_md5"
row "walkscape download --etag-check never: transfers" "$ws_never" "($(pct "$curl_seq" "$ws_never") % of curl, $(pct "$curl_par" "$ws_never") % of curl --parallel, $(pct "$curl_sha" "$ws_never") % of curl + sha256sum)"
row "  whole command" "$ws_never_whole" "(API calls, validation, fsync, install)"
row "walkscape download (default: MD5 ETag over HTTP)" "$ws_auto" "($(pct "$curl_seq" "$ws_auto") % of curl, $(pct "$curl_md5" "$ws_auto") % of curl + sha256sum + md5sum)"
row "  whole command" "$ws_auto_whole" "(API calls, validation, fsync, install)"
