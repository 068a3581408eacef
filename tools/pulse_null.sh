#!/usr/bin/env bash
# Starts or stops a private PulseAudio daemon with a null sink, for the tests (on a desktop as on CI).
#   eval "$(tools/pulse_null.sh start)"   prints the environment that points clients at it (PULSE_SERVER=…)
#   tools/pulse_null.sh stop               stops only the daemon start started (WALKSCAPE_PULSE_DIR's pid file)
# start ALWAYS starts a daemon of its own, whatever server answers already: its socket, runtime directory,
# home and client configuration live in one private directory, and it and the clients this script runs see
# none of the user's PULSE_*/XDG_* variables, ~/.config/pulse or cookie. The environment printed points every
# later client there too (PULSE_SERVER, PULSE_CLIENTCONFIG with autospawn off; PULSE_SINK and friends unset),
# so tests never play through the user's speakers nor record the user's sound.
# Works as root too: PulseAudio warns ("not intended to be run as root") but runs in per-user mode.
set -euo pipefail
dir="${WALKSCAPE_PULSE_DIR:-${TMPDIR:-/tmp}/walkscape-pulse-$(id -u)-$$}"
# Runs a PulseAudio program with only the private directory's environment.
private() {
  env -i PATH="$PATH" HOME="$dir" XDG_RUNTIME_DIR="$dir" XDG_CONFIG_HOME="$dir/config" \
    PULSE_CLIENTCONFIG="$dir/client.conf" "$@"
}
case "${1:-}" in
start)
  command -v pulseaudio >/dev/null || { echo "tools/pulse_null.sh: pulseaudio is not installed" >&2; exit 1; }
  mkdir -p "$dir"
  chmod 700 "$dir"
  printf 'autospawn = no\n' > "$dir/client.conf"
  # A private runtime directory: the daemon's socket and pid file live there, nothing else is touched.
  # The daemon listens on native.new until the sink is warm (below), then the socket is renamed to native:
  # no client can reach the sink before the keep-alive stream does.
  private pulseaudio --daemonize=yes --exit-idle-time=-1 --use-pid-file=yes \
    --disallow-exit=no -n \
    --load="module-null-sink sink_name=walkscape_null sink_properties=device.description=walkscape_null" \
    --load="module-native-protocol-unix auth-anonymous=1 socket=$dir/native.new" \
    --log-target=file:"$dir/pulse.log" 2>>"$dir/pulse.log"
  for _ in $(seq 50); do
    private PULSE_SERVER="unix:$dir/native.new" pactl info >/dev/null 2>&1 && break
    sleep 0.1
  done
  private PULSE_SERVER="unix:$dir/native.new" pactl info >/dev/null 2>&1 || { echo "tools/pulse_null.sh: PulseAudio did not start; see $dir/pulse.log" >&2; exit 1; }
  # Keep the null sink awake at a low latency with a stream of silence: an idle null sink woken by a new
  # stream first renders a whole 2 s block (its maximum latency), which would stall the first ~2 s of every
  # test's audio. Hardware sinks do not do this. Silence mixed in changes no sample.
  # (env -i inline, not through private: $! must be pacat's own pid for stop.)
  env -i PATH="$PATH" HOME="$dir" XDG_RUNTIME_DIR="$dir" XDG_CONFIG_HOME="$dir/config" PULSE_CLIENTCONFIG="$dir/client.conf" \
    PULSE_SERVER="unix:$dir/native.new" nohup pacat --playback --raw --latency-msec=10 --stream-name=walkscape-keepalive \
    /dev/zero >/dev/null 2>&1 &
  echo $! > "$dir/keepalive.pid"
  for _ in $(seq 50); do
    [ -n "$(private PULSE_SERVER="unix:$dir/native.new" pactl list short sink-inputs 2>/dev/null)" ] && break
    sleep 0.1
  done
  # Connecting woke the sink, which first renders its whole 2 s block: wait until its latency is the stream's.
  for _ in $(seq 40); do
    latency=$(private PULSE_SERVER="unix:$dir/native.new" pactl list sinks 2>/dev/null | sed -n 's/^[[:space:]]*Latency: \([0-9]*\) usec.*/\1/p' | head -1)
    [ -n "$latency" ] && [ "$latency" -lt 20000 ] && break
    sleep 0.1
  done
  mv "$dir/native.new" "$dir/native"
  echo "unset PULSE_SINK PULSE_SOURCE PULSE_COOKIE PULSE_PROP PULSE_PROP_OVERRIDE; export PULSE_SERVER=unix:$dir/native PULSE_CLIENTCONFIG=$dir/client.conf WALKSCAPE_PULSE_DIR=$dir WALKSCAPE_PULSE_STARTED=1"
  ;;
stop)
  [ -n "${WALKSCAPE_PULSE_DIR:-}" ] || { echo "tools/pulse_null.sh: stop needs WALKSCAPE_PULSE_DIR from start" >&2; exit 2; }
  if [ -f "$dir/keepalive.pid" ]; then kill "$(cat "$dir/keepalive.pid")" 2>/dev/null || true; fi
  pidfile="$dir/pulse/pid"
  if [ -f "$pidfile" ]; then
    pid=$(head -1 "$pidfile")
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill "$pid"; fi
    for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$dir"
  ;;
*)
  echo "usage: tools/pulse_null.sh start|stop" >&2
  exit 2
  ;;
esac
