#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets/*.swift with swiftc, against the package's own sources.
#
# The package's library modules (WalkscapeCore, WalkscapeSystem, WalkscapeReports, WalkscapeTraces, WalkscapeRemoteModel, WalkscapeAudio, WalkscapeMap with swift-protobuf) are compiled once each into
# a static library with coverage instrumentation and AddressSanitizer (-sanitize=fuzzer,address); each target
# is then one file with an @_cdecl("LLVMFuzzerTestOneInput") entry point, linked against them and libFuzzer.
# No SwiftPM resolution is involved, so the fuzz build needs nothing the main build has not got.
#
# Usage: Fuzz/build.sh [target ...]      (default: every Fuzz/Targets/*.swift; binaries in .build/fuzz/bin)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
OUT=.build/fuzz
mkdir -p "$OUT/modules" "$OUT/bin"

LINK_FLAGS=(-D LIBFUZZER -swift-version 6 -parse-as-library -O -wmo -sanitize=fuzzer,address -use-ld=lld -I "$OUT/modules")
FLAGS=("${LINK_FLAGS[@]}" -g)
# The C modules' folders (module maps and shim headers): a Swift module that imports one compiles its
# declarations in, so a change there rebuilds the Swift modules too.
C_MODULES=(Sources/CGeodesic Sources/CZlib Sources/CLibCrypto Sources/CSQLite3 Sources/CMpg123 Sources/CSndfile Sources/CPulse
           Sources/CSamplerate Sources/CFFmpeg/include Sources/CRubberBand)
SYSTEM=()
for folder in "${C_MODULES[@]}"; do SYSTEM+=(-I "$folder"); done
SYSTEM+=(-Xcc -I/usr/include/x86_64-linux-gnu)

# A module is rebuilt when one of its sources, a module built before it, a C module's folder or this script is
# newer than its library (a module's struct layouts are compiled into the modules that use it).
# MODULE_DIR names a module's sources outside Sources/ (a package dependency under .build/checkouts).
module() {
    local name=$1; shift
    local lib="$OUT/modules/lib$name.a" dir=${MODULE_DIR:-Sources/$name}
    local sources; sources=$(find "$dir" -name '*.swift' | sort)
    if [ -f "$lib" ] && [ -z "$(find "$dir" Fuzz/build.sh "${C_MODULES[@]}" "${built[@]}" -newer "$lib" -print -quit)" ]; then
        built+=("$lib"); return
    fi
    echo "fuzz: compiling module $name" >&2
    # shellcheck disable=SC2086
    "$SWIFTC" "${FLAGS[@]}" "${SYSTEM[@]}" "$@" -enable-testing -module-name "$name" -emit-module \
        -emit-module-path "$OUT/modules/$name.swiftmodule" -emit-library -static -o "$lib" $sources
    built+=("$lib")
}
built=()

# `-package-name walkscape`: the modules share `package` symbols (ISO8601Time's byte parser), as under SwiftPM.
module WalkscapeCore -package-name walkscape
module WalkscapeSystem -package-name walkscape
module WalkscapeReports -package-name walkscape
module WalkscapeTraces -package-name walkscape
module WalkscapeRemoteModel -package-name walkscape
module WalkscapeAudio -package-name walkscape
# The vector tile decoder (the offline map) and swift-protobuf, from the checkout `swift build` made.
protobuf=.build/checkouts/swift-protobuf/Sources/SwiftProtobuf
if [ ! -d "$protobuf" ]; then echo "fuzz: $protobuf is missing: run \`swift build\` first" >&2; exit 1; fi
MODULE_DIR=$protobuf module SwiftProtobuf -package-name swift_protobuf  # it uses `package` access
module WalkscapeMap -package-name walkscape

# CFFmpeg's C file: FFmpeg's libraries are opened on first use, not linked (Sources/CFFmpeg/include/CFFmpeg.h).
ffmpeg=$OUT/modules/FFmpegLibraries.o
if [ ! -f "$ffmpeg" ] || [ -n "$(find Sources/CFFmpeg Fuzz/build.sh -newer "$ffmpeg" -print -quit)" ]; then
    echo "fuzz: compiling Sources/CFFmpeg/FFmpegLibraries.c" >&2
    "${CLANG:-$(dirname "$(command -v "$SWIFTC")")/clang}" -c -O2 -fPIC -I Sources/CFFmpeg/include Sources/CFFmpeg/FFmpegLibraries.c -o "$ffmpeg"
fi

LIBS=("$OUT/modules/libWalkscapeMap.a" "$OUT/modules/libSwiftProtobuf.a"
      "$OUT/modules/libWalkscapeAudio.a" "$OUT/modules/libWalkscapeRemoteModel.a" "$OUT/modules/libWalkscapeTraces.a" "$OUT/modules/libWalkscapeReports.a" "$OUT/modules/libWalkscapeSystem.a"
      "$OUT/modules/libWalkscapeCore.a"
      -lsqlite3 -lproj -lz -lcrypto -lmpg123 -lsndfile -lpulse -lsamplerate "$ffmpeg" -lrubberband)

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in Fuzz/Targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi
for t in "${targets[@]}"; do
    src=Fuzz/Targets/$t.swift bin=$OUT/bin/$t
    if [ -f "$bin" ] && [ -z "$(find "$src" Fuzz/Support "$OUT/modules" -newer "$bin" -print -quit)" ]; then continue; fi
    echo "fuzz: linking $t" >&2
    # A target may name extra compiler flags (a C library of its own) on a line `// fuzz-flags: …`.
    read -r -a extra <<< "$(sed -n 's|^// fuzz-flags: ||p' "$src")"
    # Without -g here: with it, swiftc leaves the target's module files in the current directory.
    "$SWIFTC" "${LINK_FLAGS[@]}" "${SYSTEM[@]}" ${extra[@]+"${extra[@]}"} -module-name "Fuzz$t" "$src" Fuzz/Support/*.swift \
        "${LIBS[@]}" -o "$bin"
done
