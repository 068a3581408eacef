# walkscape — the two commands a new user runs first, and the ones developers use.
#   make demo   installs missing Debian packages, builds, and runs the main job on the sample tour
#   make test   installs missing Debian packages, builds, and runs every test
SHELL := /bin/bash
SWIFT ?= swift
BIN := .build/debug/walkscape
DEMO_TOUR := tours/torino-portici

# Debian packages: C libraries walkscape links, and tools the tests use.
BUILD_PACKAGES := pkg-config zlib1g-dev libncursesw5-dev libmpg123-dev libpulse-dev libsndfile1-dev libsamplerate0-dev libavformat-dev libavcodec-dev libswresample-dev libavutil-dev librubberband-dev libcurl4-openssl-dev
# pulseaudio + pulseaudio-utils: a private daemon with a null sink lets the audio tests play and record (parec);
# tmux runs the terminal player in the end-to-end tests.
TEST_PACKAGES := python3-jsonschema pulseaudio pulseaudio-utils tmux ffmpeg

.PHONY: all deps test-deps build demo test check-schema clean

all: build

# Installs only what is missing; uses sudo when not root. apt-get update runs once, first.
define apt_install
	@missing=""; for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_PACKAGES))

test-deps: deps
	$(call apt_install,$(TEST_PACKAGES))

build: deps
	$(SWIFT) build

DEMO_TRACE := fixtures/traces/torino-portici-clean.gpx

demo: build
	$(BIN) validate $(DEMO_TOUR)
	@echo
	@if [ -t 0 ] && [ -t 1 ]; then \
	  $(BIN) play $(DEMO_TOUR) --trace $(DEMO_TRACE); \
	else \
	  echo "(no terminal: printing the walk's timeline instead of playing it)"; \
	  $(BIN) simulate $(DEMO_TOUR) --trace $(DEMO_TRACE) --format text; \
	fi

# Starts a private PulseAudio daemon with a null sink when no server answers (tools/pulse_null.sh), so the
# audio tests run, and stops only that one afterwards, whatever the tests' outcome.
test: test-deps
	$(SWIFT) build --build-tests
	@env=$$(tools/pulse_null.sh start) || exit 1; eval "$$env"; \
	  if [ -n "$${WALKSCAPE_PULSE_STARTED:-}" ]; then echo "Started PulseAudio with a null sink at $$PULSE_SERVER"; fi; \
	  status=0; $(SWIFT) test || status=$$?; \
	  if [ -n "$${WALKSCAPE_PULSE_STARTED:-}" ]; then tools/pulse_null.sh stop; fi; \
	  exit $$status
	$(BIN) check --suite fixtures/golden/suite.json --junit .build/junit-golden.xml
	$(MAKE) --no-print-directory check-schema

check-schema:
	python3 tools/check_schema.py

clean:
	rm -rf .build
