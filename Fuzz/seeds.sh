#!/usr/bin/env bash
# The seed files of a fuzz target, made afresh from the repository's fixtures (plus Fuzz/Seeds/TARGET) and, when
# present, third-party files under $FUZZ_REAL (default ../shared/real; never copied into the repository).
# One copy of these rules: Fuzz/run.sh sources this file for its campaigns, and `make test`'s replay
# (Fuzz/Replay, WalkscapeFuzzReplayTests) runs it to feed the same seeds through the targets once.
#
# Usage: Fuzz/seeds.sh TARGET DIR      (run from anywhere; DIR is made if missing)
REAL=${REAL:-${FUZZ_REAL:-../shared/real}}

# seeds TARGET DIR: writes the target's seed files into DIR.
seeds() {
    local target=$1 dir=$2 prefix="" files=()
    shopt -s nullglob
    case $target in
        GPX|GPXWellFormed) files=(fixtures/traces-formats/*.gpx fixtures/traces-formats/*.kml fixtures/traces-bad/*.gpx fixtures/traces/*-brisk.gpx "$REAL"/gpx/*.gpx "$REAL"/walkspace-app/*.gpx) ;;
        KML) files=(fixtures/traces-formats/*.kml fixtures/traces-formats/walk-gx-track-no-extension "$REAL"/kml/*) ;;
        AACProbe) files=(fixtures/audio/*.m4a fixtures/audio/*aac* "$REAL"/audio/*.m4a "$REAL"/audio/*.aac) ;;
        NMEA) files=(fixtures/traces-formats/*.nmea "$REAL"/nmea/* "$REAL"/gpsd-logs/*.log) ;;
        GeoJSON) files=(fixtures/traces-formats/*.geojson fixtures/traces-bad/*.geojson "$REAL"/geojson/*) ;;
        Gzip) files=(fixtures/traces-formats/*.gz fixtures/traces-bad/*.gz) ;;
        SRT|TextDecoder) files=(fixtures/subtitles/*.srt tours/*/subtitles/*.srt "$REAL"/srt/*.srt "$REAL"/walkspace-app/uploads/*.srt) ;;
        TourJSON) files=(tours/*/tour.json "$REAL"/walkspace-app/*.json) ;;
        ImportSources) files=(fixtures/import/*.geojson fixtures/traces-formats/route-only.gpx fixtures/traces-bad/waypoints-only.gpx "$REAL"/walkspace-app/*.json "$REAL"/gpx/*.gpx) ;;
        Analytics) files=(fixtures/golden/*.jsonl) ;;
        AudioProbe) files=(fixtures/audio/* "$REAL"/audio/*) ;;
    esac
    case $target in GPX|KML|NMEA|GeoJSON|AACProbe) prefix='\x00' ;; esac
    local i=0 f
    for f in "${files[@]}"; do
        i=$((i + 1))
        if [ "$target" = AudioProbe ]; then
            case $f in *.wav) prefix='\x01' ;; *) prefix='\x00' ;; esac
        fi
        { printf "$prefix"; cat "$f"; } > "$dir/seed-$i"
    done
    if [ "$target" = Gzip ]; then
        for f in fixtures/traces-formats/walk.{gpx,nmea,geojson} fixtures/traces-bad/billion-laughs.gpx; do
            i=$((i + 1)); gzip -9 -n -c "$f" > "$dir/seed-$i"
        done
    fi
    for f in Fuzz/Seeds/"$target"/*; do cp "$f" "$dir/"; done
    shopt -u nullglob
}


if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    cd "$(dirname "$0")/.."
    target=${1:?usage: Fuzz/seeds.sh TARGET DIR}
    dir=${2:?usage: Fuzz/seeds.sh TARGET DIR}
    mkdir -p "$dir"
    seeds "$target" "$dir"
fi
