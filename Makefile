# walkscape — the two commands a new user runs first, and the ones developers use.
#   make demo   installs missing Debian packages, builds, and runs the main job on the sample tour
#   make test   installs missing Debian packages, builds, and runs every test (every fuzz target's seeds and saved
#               regressions replayed once, as plain functions)
#   make fuzz   the fuzzing campaign: every libFuzzer target for FUZZ_CAMPAIGN_SECONDS, then the grammar-based
#               GPX differential (docs/reliability.md); CI runs it after make test, 20 s a target
SHELL := /bin/bash
SWIFT ?= swift
BIN := .build/debug/walkscape
DEMO_TOUR := tours/torino-portici

# Debian packages: C libraries walkscape links, and tools the tests use. (walkscape reads every GPX, KML and XML
# file with its own reader, GPXStreamParser; libxml2 still comes in as a dependency of libavformat.)
BUILD_PACKAGES := pkg-config zlib1g-dev libncursesw5-dev libmpg123-dev libpulse-dev libsndfile1-dev libsamplerate0-dev libavformat-dev libavcodec-dev libswresample-dev libavutil-dev librubberband-dev libcurl4-openssl-dev libproj-dev libsqlite3-dev libssl-dev
# pulseaudio + pulseaudio-utils: a private daemon with a null sink lets the audio tests play and record (parec);
# tmux runs the terminal player in the end-to-end tests.
# libxml2-dev: the GPX fuzz target's well-formedness oracle, and libxml2 for Foundation's XML parser, with which
# tests check that the GPX, KML and SVG walkscape writes are well-formed XML; python3-srt: the SRT differential test's oracle;
# ffmpeg: ffprobe, the audio length oracle, and the fixture generator; man-db: tools/check_install.sh renders the
# installed man page with `man -l`; gdal-bin: ogrinfo, the vector tile decoder's oracle (WalkscapeMapTests), and
# tools/samples/make_helsinki_tiles.py's ogr2ogr.
# gpsd + gpsd-clients: `feed` is tested into a real gpsd on loopback, read back with gpspipe (WalkscapeLiveTests);
# gpsfake (gpsd-clients) is also the oracle for NMEA: tools/oracle/gpsd_fixes.py replays gpsd's regression logs.
# curl: the HTTP client that posts to `collect` in its tests.
# chromium: opens the page `walkscape report` writes, offline and headless (tools/report/check_page.py --page,
# ReportBrowserCLITests).
TEST_PACKAGES := python3-jsonschema pulseaudio pulseaudio-utils pipewire pipewire-pulse pipewire-bin wireplumber dbus-daemon tmux libxml2-dev python3-srt ffmpeg man-db gpsd gpsd-clients curl gdal-bin chromium

# Seconds each fuzz target runs in `make fuzz` (Fuzz/run.sh; docs/reliability.md); .ci/run gives 20.
FUZZ_CAMPAIGN_SECONDS ?= 600
FUZZ_PARALLEL ?= 1
# Extra libFuzzer flags; .ci/run adds -seed=1 so that its short runs are the same every time.
FUZZ_ARGS ?=
# Documents per seed of the grammar-based differential (Fuzz/grammar.sh, seeds 1 2 3) in `make fuzz`.
GRAMMAR_DOCUMENTS ?= 20000
# Every target in Fuzz/Targets, GPXWellFormed (the GPX reader against libxml2's verdict) included.
FUZZ_TARGETS ?= AACProbe AudioProbe GPX GPXWellFormed GeoJSON GooglePolyline Gzip KML LatLngListPolyline NMEA RemoteAnswers SRT TextDecoder TourJSON ImportSources VectorTile GPSD Analytics Collector

.PHONY: all deps test-deps build demo demo-helsinki test test-timed check-schema fuzz clean install

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

# The Helsinki sample tour, whose map tiles draw the streets under the route (docs/map.md).
demo-helsinki:
	$(MAKE) --no-print-directory demo DEMO_TOUR=tours/helsinki-keskusta DEMO_TRACE=fixtures/traces/helsinki-keskusta-clean.gpx

# Starts a private PulseAudio daemon with a null sink (tools/pulse_null.sh), ALWAYS, even when the user's own
# server answers: the audio tests play and record there only; it is stopped afterwards, whatever the outcome.
# The Swift tests run as several processes of the test binary at once (tools/run_tests.py: most tests wait on a
# child process, tmux or the sound server, so one process left the cores idle), with the gpsd oracle, the
# install check, the golden suite and the schema and doc checks in the same pool. TIMED_TESTS, the suites that
# judge timing on the sink (the two heard-narration suites and PulsePlaybackTests), start at once; while they
# run, only the jobs without wall-clock deadlines start (tools/run_tests.py's DEADLINE_FREE and the commands
# beside), TEST_PRIORITY nice steps down (process group and autogroup; back to 0 when the timed suites end),
# and the rest waits. So the timed suites meet the load they are proven against, not the pool's: at the same
# priority (a load of 6) the player underran and PulsePlaybackTests' pause and seek were 60-70 ms off now and
# then; and a machine busy with other work starves only jobs that can wait. How the player fares beside busy
# loops of its own priority is `make test-timed` (CI runs it after `make test`) and tools/test_busy.sh.
TIMED_TESTS := HeardNarration|PulsePlaybackTests|PulseGaplessTests|PulseHandOverTests|SoundServerPauseTests|PulseOutputChangeTests
TEST_PRIORITY := 19
# Each part starts with a line "make test: HH:MM:SS part", so a log shows where the time went.
# $(,) is a comma inside a $(call) argument.
, := ,
STAMP = @echo "make test: $$(date -u +%T) $(1)"
# While the tests compile, gpsd replays its 138 receiver logs (the gpsd oracle's slow half, 68 s of CPU) at the
# lowest priority, in the CPU time the build leaves idle; the oracle's job in the pool waits for it and compares
# walkscape with what gpsd wrote (tools/oracle/gpsd_fixes.py). A stop signal stops the replays too. They run
# in a session of their own at nice 19 for the session's autogroup as well: on a built checkout they are still
# running when the timed suites start, and in make's session they would weigh as much as one of them. Each
# replay is a process group inside that session (not a session of its own, whose autogroup would be at 0).
# In the pool they are one of the lowered jobs (run_tests.py --lowered): back to 0 when the timed suites end,
# so that on a fresh clone, where the build left them little idle CPU, they end with the pool, not after it.
# make writes their pid where the saver would (the same process: sh execs it), so that the oracle's waiter
# gives up at once if the replays die before they write it themselves.
GPSD_ORACLE = .build/gpsd-oracle
test: test-deps
	$(call STAMP,building the tests; gpsd replays its receiver logs beside the build at the lowest priority)
	@mkdir -p .build; rm -rf $(GPSD_ORACLE); \
	  python3 -m unittest -q tools/test_run_tests.py > .build/run-tests-harness.log 2>&1 & harness=$$!; \
	  setsid sh -c 'if [ -w /proc/self/autogroup ]; then for i in 1 2 3 4 5; do echo 19 > /proc/self/autogroup 2>/dev/null && break; sleep 0.1; done; fi; exec nice -n 19 "$$0" "$$@"' \
	    python3 tools/oracle/gpsd_fixes.py --save-gpsd-output $(GPSD_ORACLE) --jobs 6 --replay-timeout 600 \
	    > .build/gpsd-oracle.log 2>&1 & replay=$$!; \
	  mkdir -p $(GPSD_ORACLE) && echo $$replay > $(GPSD_ORACLE)/pid; \
	  trap 'kill $$replay 2>/dev/null; tools/pulse_null.sh stop >/dev/null 2>&1' INT TERM; \
	  $(SWIFT) build --build-tests || { kill $$replay 2>/dev/null; exit 1; }; \
	  echo "make test: $$(date -u +%T) the Swift tests with the gpsd oracle and the install, golden, schema and doc checks beside them; the tests timed on the sound server first, with only jobs without deadlines beside them"; \
	  env=$$(tools/pulse_null.sh start) || { kill $$replay 2>/dev/null; exit 1; }; eval "$$env"; \
	  echo "Started a private PulseAudio with a null sink at $$PULSE_SERVER"; \
	  status=0; tools/run_tests.py \
	    --beside "python3 -m unittest -q tools/oracle/test_gpsd_fixes.py && python3 tools/oracle/gpsd_fixes.py --gpsd-output $(GPSD_ORACLE) --wait" \
	    --beside tools/check_install.sh \
	    --beside "$(BIN) check --suite fixtures/golden/suite.json --junit .build/junit-golden.xml" \
	    --beside "$(MAKE) --no-print-directory check-schema" --beside tools/check_doc_paths.sh \
	    --timed "$(TIMED_TESTS)" --priority $(TEST_PRIORITY) --lowered $$replay || status=$$?; \
	  kill $$replay 2>/dev/null; \
	  tools/pulse_null.sh stop; \
	  wait $$harness || { cat .build/run-tests-harness.log; echo "make test: FAILED: tools/test_run_tests.py (the runner's own tests)"; status=1; }; \
	  exit $$status
	$(call STAMP,done)

# The suites timed on the sound server alone, as hostile as a desktop under load: each heard-narration walk
# first counts the idle cores and starts a busy loop at the normal priority for each (two on a quiet machine),
# so the player competes with work of its own priority (`make test` runs them beside a pool that yields).
test-timed: test-deps
	$(SWIFT) build --build-tests
	@env=$$(tools/pulse_null.sh start) || exit 1; eval "$$env"; \
	  echo "Started a private PulseAudio with a null sink at $$PULSE_SERVER"; \
	  trap 'tools/pulse_null.sh stop >/dev/null 2>&1' INT TERM; \
	  status=0; tools/run_tests.py --only "$(TIMED_TESTS)" || status=$$?; \
	  tools/pulse_null.sh stop; \
	  exit $$status

# Builds the libFuzzer targets (Fuzz/build.sh) and runs each for FUZZ_CAMPAIGN_SECONDS, FUZZ_PARALLEL at once,
# then the grammar-based differential of the GPX reader against libxml2 (60,000 documents on fixed seeds).
fuzz: test-deps
	FUZZ_ARGS="$(FUZZ_ARGS)" FUZZ_PARALLEL=$(FUZZ_PARALLEL) Fuzz/run.sh $(FUZZ_CAMPAIGN_SECONDS) $(FUZZ_TARGETS)
	Fuzz/grammar.sh $(GRAMMAR_DOCUMENTS) 1 2 3

check-schema:
	python3 tools/check_schema.py

# make install PREFIX=… (default /usr/local; DESTDIR for staging): the release binary, man pages made by
# swift-argument-parser's generate-manual tool (one page a command, dated by the last commit so that the same
# source gives the same pages), and bash/zsh/fish completions from the binary itself. CONFIGURATION=debug
# installs the debug build instead (tools/check_install.sh, which `make test` runs, so as not to build twice).
# The tool runs directly, not through its `swift package generate-manual` plugin: the plugin builds every product
# again and makes SwiftPM compile every plugin of the dependency graph, and the host tools they use
# (swift-protobuf's protoc-gen-swift with its own copy of SwiftProtobuf: 30-54 s of CPU when it rebuilt them).
# The tool copies a help text's blank lines into the page, where mdoc warns about each ("Empty input line"):
# they become paragraph breaks (.Pp). It drops every non-ASCII character, so help texts are ASCII only
# (tools/check_install.sh checks both).
PREFIX ?= /usr/local
CONFIGURATION ?= release
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
MAN_DATE := $(shell git log -1 --format=%cs 2>/dev/null || echo 2026-01-01)
install: deps
	$(SWIFT) build -c $(CONFIGURATION) --product walkscape
	$(SWIFT) build -c $(CONFIGURATION) --product generate-manual
	@set -e; bin=$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/walkscape; \
	  man=.build/man-pages/$(CONFIGURATION); rm -rf "$$man"; mkdir -p "$$man"; \
	  "$${bin%/*}/generate-manual" "$$bin" --multi-page --date $(MAN_DATE) --authors "walkscape contributors" --output-directory "$$man"; \
	  install -d "$(INSTALL_ROOT)/bin" "$(INSTALL_ROOT)/share/man/man1" "$(INSTALL_ROOT)/share/bash-completion/completions" \
	    "$(INSTALL_ROOT)/share/zsh/site-functions" "$(INSTALL_ROOT)/share/fish/vendor_completions.d"; \
	  install -m 755 "$$bin" "$(INSTALL_ROOT)/bin/walkscape"; \
	  for page in "$$man"/*.1; do \
	    sed 's/^$$/.Pp/' "$$page" > "$(INSTALL_ROOT)/share/man/man1/$${page##*/}"; \
	    chmod 644 "$(INSTALL_ROOT)/share/man/man1/$${page##*/}"; \
	  done; \
	  "$$bin" --generate-completion-script bash > "$(INSTALL_ROOT)/share/bash-completion/completions/walkscape"; \
	  "$$bin" --generate-completion-script zsh > "$(INSTALL_ROOT)/share/zsh/site-functions/_walkscape"; \
	  "$$bin" --generate-completion-script fish > "$(INSTALL_ROOT)/share/fish/vendor_completions.d/walkscape.fish"; \
	  echo "Installed walkscape into $(INSTALL_ROOT): bin/walkscape, $$(ls "$$man"/*.1 | wc -l) man pages in share/man/man1, completions for bash, zsh and fish"

clean:
	rm -rf .build
