#!/usr/bin/env bash
# Starts or stops a private PipeWire server with its PulseAudio server (pipewire-pulse) and a null sink, for the
# tests: the sound server most Linux desktops run, headless and of the tests' own.
#   eval "$(tools/pipewire_null.sh start)"   prints the environment that points clients at it (PULSE_SERVER=…,
#                                             and PIPEWIRE_REMOTE for PipeWire's own tools, pw-record)
#   tools/pipewire_null.sh stop               stops what start started (WALKSCAPE_PIPEWIRE_DIR's pid files)
# start ALWAYS starts servers of its own: a session bus (dbus-daemon), pipewire, wireplumber and pipewire-pulse,
# each with only the private directory's environment (its own XDG_RUNTIME_DIR, home, configuration and state;
# none of the user's PULSE_*/PIPEWIRE_*/XDG_* variables), so tests never play through the user's speakers nor
# record the user's sound. The sink is PipeWire's own null sink (support.null-audio-sink, as a desktop's
# "Dummy Output"), left at the buffer size PipeWire picks by itself: no client of this script asks for less.
# Works as root too.
set -euo pipefail
dir="${WALKSCAPE_PIPEWIRE_DIR:-${TMPDIR:-/tmp}/walkscape-pipewire-$(id -u)-$$}"
# Runs a program with only the private directory's environment.
private() {
  env -i PATH="$PATH" HOME="$dir" XDG_RUNTIME_DIR="$dir" XDG_CONFIG_HOME="$dir/config" XDG_STATE_HOME="$dir/state" \
    XDG_DATA_HOME="$dir/data" DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus" "$@"
}
# Starts a program in the background with only the private directory's environment, its output to a log; $! is
# the program's own pid (env and nohup exec it), which stop kills.
private_background() {
  local log=$1
  shift
  env -i PATH="$PATH" HOME="$dir" XDG_RUNTIME_DIR="$dir" XDG_CONFIG_HOME="$dir/config" XDG_STATE_HOME="$dir/state" \
    XDG_DATA_HOME="$dir/data" DBUS_SESSION_BUS_ADDRESS="unix:path=$dir/bus" nohup "$@" > "$log" 2>&1 &
}
# Waits up to 5 s for a file (a socket) to appear.
wait_for() {
  for _ in $(seq 50); do [ -e "$1" ] && return 0; sleep 0.1; done
  return 1
}
case "${1:-}" in
start)
  for program in pipewire wireplumber pipewire-pulse pw-cli dbus-daemon pactl; do
    command -v "$program" >/dev/null || { echo "tools/pipewire_null.sh: $program is not installed (make test-deps installs it)" >&2; exit 1; }
  done
  mkdir -p "$dir/config" "$dir/state" "$dir/data"
  chmod 700 "$dir"
  # Clients never start a PulseAudio daemon of their own when this server is gone.
  printf 'autospawn = no\n' > "$dir/client.conf"
  private dbus-daemon --session --address="unix:path=$dir/bus" --fork --print-pid > "$dir/dbus.pid"
  private_background "$dir/pipewire.log" pipewire
  echo $! > "$dir/pipewire.pid"
  wait_for "$dir/pipewire-0" || { echo "tools/pipewire_null.sh: pipewire did not start; see $dir/pipewire.log" >&2; exit 1; }
  private_background "$dir/wireplumber.log" wireplumber
  echo $! > "$dir/wireplumber.pid"
  private_background "$dir/pipewire-pulse.log" pipewire-pulse
  echo $! > "$dir/pipewire-pulse.pid"
  wait_for "$dir/pulse/native" || { echo "tools/pipewire_null.sh: pipewire-pulse did not start; see $dir/pipewire-pulse.log" >&2; exit 1; }
  # A native null sink (object.linger: it outlives pw-cli).
  private pw-cli create-node adapter '{ factory.name=support.null-audio-sink node.name=walkscape_null node.description=walkscape_null media.class=Audio/Sink object.linger=true audio.position=[FL FR] }' > "$dir/node.log" 2>&1
  # WirePlumber makes it the default once it has seen it; pactl says so through pipewire-pulse.
  for _ in $(seq 50); do
    private PULSE_SERVER="unix:$dir/pulse/native" pactl set-default-sink walkscape_null >/dev/null 2>&1 &&
      private PULSE_SERVER="unix:$dir/pulse/native" pactl info 2>/dev/null | grep -q "^Default Sink: walkscape_null$" && break
    sleep 0.1
  done
  private PULSE_SERVER="unix:$dir/pulse/native" pactl info 2>/dev/null | grep -q "^Default Sink: walkscape_null$" ||
    { echo "tools/pipewire_null.sh: the null sink is not the default; see $dir/node.log and $dir/wireplumber.log" >&2; exit 1; }
  echo "unset PULSE_SINK PULSE_SOURCE PULSE_COOKIE PULSE_PROP PULSE_PROP_OVERRIDE; export PULSE_SERVER=unix:$dir/pulse/native PULSE_CLIENTCONFIG=$dir/client.conf PIPEWIRE_RUNTIME_DIR=$dir PIPEWIRE_REMOTE=pipewire-0 WALKSCAPE_PIPEWIRE_DIR=$dir"
  ;;
stop)
  [ -n "${WALKSCAPE_PIPEWIRE_DIR:-}" ] || { echo "tools/pipewire_null.sh: stop needs WALKSCAPE_PIPEWIRE_DIR from start" >&2; exit 2; }
  for name in pipewire-pulse wireplumber pipewire dbus; do
    [ -f "$dir/$name.pid" ] || continue
    pid=$(head -1 "$dir/$name.pid")
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  rm -rf "$dir"
  ;;
*)
  echo "usage: tools/pipewire_null.sh start|stop" >&2
  exit 2
  ;;
esac
