#!/usr/bin/env bash
# Runs the tests on a machine as hostile as a real desktop under load: both cores busy, and a "user's own"
# PulseAudio server answering (PULSE_SERVER, XDG_RUNTIME_DIR and a cookie in ~/.config/pulse all point at it).
# The tests must pass anyway, and must never touch that server: its sink is recorded throughout, and any
# sound on it, or any client the tests connected to it, fails the run.
#   tools/test_busy.sh                    runs `make test`
#   tools/test_busy.sh swift test --skip-build --filter Pulse     runs that instead
# Busy loops: one per core (default 2; WALKSCAPE_BUSY_LOOPS=N). Everything it starts is stopped at the end,
# by pid, whatever the outcome.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
command=("$@")
[ ${#command[@]} -gt 0 ] || command=(make test)

user=$(mktemp -d "${TMPDIR:-/tmp}/walkscape-user-pulse.XXXXXX")
chmod 700 "$user"
busy=()
recorder=""
watcher=""
cleanup() {
  [ -n "$watcher" ] && kill "$watcher" 2>/dev/null || true
  for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -n "$recorder" ] && kill "$recorder" 2>/dev/null || true
  if [ -f "$user/runtime/pulse/pid" ]; then kill "$(head -1 "$user/runtime/pulse/pid")" 2>/dev/null || true; fi
  sleep 0.3
  rm -rf "$user"
}
trap cleanup EXIT

# The "user's" daemon, at the default places a desktop session has: $XDG_RUNTIME_DIR/pulse/native, a cookie
# in ~/.config/pulse, a sink with a monitor.
mkdir -p "$user/home/.config/pulse" "$user/runtime"
chmod 700 "$user/runtime"
userenv=(env -i PATH="$PATH" HOME="$user/home" XDG_RUNTIME_DIR="$user/runtime")
"${userenv[@]}" pulseaudio --daemonize=yes --exit-idle-time=-1 --use-pid-file=yes -n \
  --load="module-null-sink sink_name=user_speakers" \
  --load="module-native-protocol-unix" --load="module-always-sink" \
  --log-target=file:"$user/pulse.log" 2>>"$user/pulse.log"
for _ in $(seq 50); do "${userenv[@]}" pactl info >/dev/null 2>&1 && break; sleep 0.1; done
"${userenv[@]}" pactl info >/dev/null || { echo "test_busy.sh: the user's PulseAudio did not start; see $user/pulse.log" >&2; exit 1; }
[ -f "$user/home/.config/pulse/cookie" ] || { echo "test_busy.sh: the user's daemon wrote no cookie" >&2; exit 1; }
echo "test_busy.sh: a user's PulseAudio answers at unix:$user/runtime/pulse/native (cookie in ~/.config/pulse)"
"${userenv[@]}" parec --latency-msec=50 --device=user_speakers.monitor --format=s16le --rate=8000 --channels=1 --raw > "$user/heard.raw" &
recorder=$!
sleep 0.5
# Every client that connects from now on is reported ("Event 'new' on client #N").
"${userenv[@]}" pactl subscribe > "$user/events" &
watcher=$!

# Two busy loops (or WALKSCAPE_BUSY_LOOPS), at the tests' own priority.
for _ in $(seq "${WALKSCAPE_BUSY_LOOPS:-2}"); do
  ( while :; do :; done ) &
  busy+=($!)
done
echo "test_busy.sh: ${#busy[@]} busy loops (pids ${busy[*]}); running: ${command[*]}"

status=0
HOME="$user/home" XDG_RUNTIME_DIR="$user/runtime" PULSE_SERVER="unix:$user/runtime/pulse/native" \
  PULSE_COOKIE="$user/home/.config/pulse/cookie" "${command[@]}" || status=$?

for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null || true; done
busy=()
kill "$watcher" "$recorder" 2>/dev/null || true
wait "$watcher" "$recorder" 2>/dev/null || true
watcher=""
recorder=""
clients=$(grep -c "'new' on client" "$user/events" || true)
# Any sample away from zero on the user's speakers means a test played there.
loud=$(od -An -v -td2 -w2 "$user/heard.raw" | awk '{ v = $1 < 0 ? -$1 : $1; if (v > 64) n++ } END { print n + 0 }')
seconds=$(( $(stat -c %s "$user/heard.raw") / 16000 ))
echo "test_busy.sh: the user's server: ${seconds} s recorded from its sink, ${loud} samples with sound; ${clients} clients connected during the run"
if [ "$loud" -ne 0 ] || [ "$clients" -ne 0 ]; then
  echo "test_busy.sh: FAILED: the tests reached the user's PulseAudio server" >&2
  status=1
fi
echo "test_busy.sh: exit status $status"
exit $status
