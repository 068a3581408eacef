import Foundation
import Testing
import WalkscapeAudio
import WalkscapeCore
import WalkscapeTestSupport

/// A three-point tour made to be listened to by a test, generated in a temporary directory. Each narration is
/// 3 s of a quiet 300 Hz tone (the "speech") between markers: 150 ms tones above speech, each of a
/// frequency of its own — the narration's first 150 ms (12, 13, 14 kHz for narrations 1, 2, 3), its last 150 ms
/// (15, 16, 17 kHz) and two inside it (9 and 9.5 kHz, 10 and 10.5 kHz, 11 and 11.5 kHz). Each marker begins a
/// subtitle cue, so the cue on screen can be compared with the marker heard.
///
/// The walk (walk.gpx, one fix a second at 5 m/s) starts inside the regions of points 1 and 2, so point 2 queues
/// behind point 1 and must follow it without a gap; it enters point 3's region at 8 s, 2 s after point 2's
/// narration ends.
struct HeardTour {
    static let rate = 48000
    static let narrationSeconds = 3.0
    static let markerSeconds = 0.150
    static let markerAmplitude = 0.3
    static let points = 3
    /// The most heard silence between a queued narration and the one before it (either way).
    static let queuedGap = 0.05

    struct Marker: CustomStringConvertible {
        enum Kind: String { case start, inner, end }
        var narration: Int
        var kind: Kind
        var frequency: Double
        /// Seconds into the narration's recording.
        var offset: Double
        /// The subtitle cue that starts with the marker.
        var cue: String
        var description: String { "narration \(narration)'s \(kind) marker (\(Int(frequency)) Hz at \(offset) s)" }
        /// S1, M1a, M1b, E1, S2, …
        var label: String
    }

    /// Every marker in the order it is heard.
    static let markers: [Marker] = (1...points).flatMap { n -> [Marker] in
        let k = Double(n - 1) * 1000
        return [
            Marker(narration: n, kind: .start, frequency: 12000 + k, offset: 0, cue: "narration \(n), part A", label: "S\(n)"),
            Marker(narration: n, kind: .inner, frequency: 9000 + k, offset: 1, cue: "narration \(n), part B", label: "M\(n)a"),
            Marker(narration: n, kind: .inner, frequency: 9500 + k, offset: 2, cue: "narration \(n), part C", label: "M\(n)b"),
            Marker(narration: n, kind: .end, frequency: 15000 + k, offset: narrationSeconds - markerSeconds, cue: "narration \(n), part D", label: "E\(n)"),
        ]
    }

    /// The recording of narration `n`: each marker, and the speech from one to the next.
    static func narration(_ n: Int) -> [Float] {
        var samples: [Float] = []
        for marker in markers where marker.narration == n {
            let speech = marker.offset - Double(samples.count) / Double(rate)
            if speech > 0 { samples += TestSignal.tone(300, seconds: speech, amplitude: 0.1, rate: rate) }
            samples += TestSignal.tone(marker.frequency, seconds: markerSeconds, amplitude: markerAmplitude, rate: rate)
        }
        return samples
    }

    static func subtitles(_ n: Int) -> String {
        let cues = markers.filter { $0.narration == n }
        func time(_ seconds: Double) -> String {
            let ms = Int((seconds * 1000).rounded())
            return String(format: "00:00:%02d,%03d", ms / 1000, ms % 1000)
        }
        return cues.enumerated().map { i, cue in
            "\(i + 1)\n\(time(cue.offset)) --> \(time(i + 1 < cues.count ? cues[i + 1].offset : narrationSeconds))\n\(cue.cue)\n"
        }.joined(separator: "\n")
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    let root: String
    var directory: String { root + "/tour" }
    var trace: String { root + "/walk.gpx" }

    /// Writes the tour (recordings, subtitles, tour.json with its sizes and digests from `walkscape manifest`)
    /// and the walk, and checks that `walkscape validate` accepts the tour.
    init() throws {
        root = NSTemporaryDirectory() + "walkscape-heard-\(UUID().uuidString.prefix(8))"
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/tour/audio/en", withIntermediateDirectories: true)
        try files.createDirectory(atPath: root + "/tour/subtitles/en", withIntermediateDirectories: true)
        // North of a point, in metres: 0.000009 degrees of latitude a metre.
        func position(_ north: Double) -> String { String(format: "\"lat\": %.7f, \"lng\": 7.0", 45 + north / 111_195) }
        // Points 1 and 2 overlap around the start; point 3 lies ahead, reached at 8 s (50 m north of the start).
        let places: [(north: Double, radius: Double)] = [(0, 30), (20, 30), (63, 15)]
        var points: [String] = []
        for n in 1...HeardTour.points {
            try TestSignal.writeWAV(HeardTour.narration(n), rate: HeardTour.rate, to: "\(directory)/audio/en/p\(n).wav")
            try Data(HeardTour.subtitles(n).utf8).write(to: URL(fileURLWithPath: "\(directory)/subtitles/en/p\(n).en.srt"))
            let unknown = "\"fileSizeBytes\": 0, \"sha256\": \"\(String(repeating: "0", count: 64))\""
            points.append("""
                {"id": "p\(n)", "order": \(n), "location": {\(position(places[n - 1].north))}, "triggerRadiusMeters": \(places[n - 1].radius),
                 "title": {"en": "Stop \(n)"},
                 "tracks": {"en": {"audio": {"file": "audio/en/p\(n).wav", \(unknown)},
                                   "subtitles": {"en": {"file": "subtitles/en/p\(n).en.srt", \(unknown)}}}}}
                """)
        }
        let tour = """
            {"formatVersion": 1, "id": "heard", "slug": "heard", "version": 1, "city": "Test", "durationMinutes": 1,
             "distanceKm": 0.1, "languages": ["en"], "isProtected": false, "title": {"en": "Heard narrations"},
             "startingPoint": {\(position(10))},
             "points": [\(points.joined(separator: ",\n"))]}
            """
        try Data(tour.utf8).write(to: URL(fileURLWithPath: directory + "/tour.json"))
        var gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"walkscape tests\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        for second in 0...9 {
            let lat = String(format: "%.7f", 45 + (10 + 5 * Double(second)) / 111_195)
            gpx += "<trkpt lat=\"\(lat)\" lon=\"7.0\"><time>2024-01-01T10:00:\(String(format: "%02d", second))Z</time></trkpt>\n"
        }
        gpx += "</trkseg></trk></gpx>\n"
        try Data(gpx.utf8).write(to: URL(fileURLWithPath: trace))
        let manifest = try CLI.run(["manifest", directory])
        guard manifest.status == 0 else { throw HeardTour.Failure(description: "walkscape manifest: \(manifest.stderr)") }
        let validate = try CLI.run(["validate", directory])
        guard validate.status == 0 else { throw HeardTour.Failure(description: "walkscape validate: \(validate.stdout)\(validate.stderr)") }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// The engine's silence between narration n and n + 1 (walk seconds, from `simulate --format json`):
    /// audio_started of n + 1 − audio_finished of n; element 0 is between narrations 1 and 2.
    func engineGaps() throws -> [Double] {
        let result = try CLI.run(["simulate", directory, "--trace", trace, "--format", "json"])
        guard result.status == 0 else { throw HeardTour.Failure(description: "walkscape simulate: \(result.stderr)") }
        var started: [Int: Double] = [:], finished: [Int: Double] = [:]
        for event in try JSONParser().parse(Array(result.stdout.utf8))["events"]?.arrayElements ?? [] {
            guard let point = event["point"]?.intValue, let t = event["t"]?.doubleValue ?? event["t"]?.intValue.map(Double.init) else { continue }
            switch event["event"]?.stringValue {
            case "audio_started": started[point] = t
            case "audio_finished": finished[point] = t
            default: break
            }
        }
        return try (1..<HeardTour.points).map { n in
            guard let end = finished[n], let next = started[n + 1] else {
                throw HeardTour.Failure(description: "simulate: no audio_finished of point \(n) or audio_started of point \(n + 1):\n\(result.stdout)")
            }
            return next - end
        }
    }
}

/// One check of what was heard: whether it held, and the figures that say why.
struct HeardCheck {
    var passed: Bool
    var message: String
}

/// The markers found in a recording (48 kHz, `MonitorRecorder.rate`), checked against the tour: each heard, whole
/// (from its onset to its end at least `wholeShare` of 150 ms ÷ speed: time-stretching keeps the pitch), in order, and
/// the silence between two narrations the engine's gap ÷ speed within 100 ms. A marker is the pieces of its
/// tone around the strongest, joined across silences shorter than the marker: librubberband makes a marker's
/// level waver and dip at its edges, and an underrun leaves a hole; what a cut or a skip takes is at its ends.
struct HeardMarkers {
    /// At ×1 the samples reach the sink untouched and the detector finds a marker's edges within 3 ms: 90 %
    /// (135 ms) leaves room for that and tells a 20 ms skip. Time-stretched, librubberband smears the edges and
    /// leaves the last ~20 ms of the recording out (the harness suite measures it): 80 %.
    var wholeShare: Double { speed == 1 ? 0.9 : 0.8 }
    static let gapTolerance = 0.1
    let speed: Double
    let rate = Double(MonitorRecorder.rate)
    /// The markers looked for (by default all of them), and what was found of each.
    let markers: [HeardTour.Marker]
    let found: [ToneFinder.Found]

    init(_ samples: [Float], speed: Double, markers: [HeardTour.Marker] = HeardTour.markers) {
        self.speed = speed
        self.markers = markers
        let finder = ToneFinder(rate: MonitorRecorder.rate)
        let length = HeardTour.markerSeconds / speed * Double(MonitorRecorder.rate)
        found = markers.map { finder.find($0.frequency, in: samples).joined(within: length) }
    }

    func found(_ marker: HeardTour.Marker) -> ToneFinder.Found {
        found[markers.firstIndex { $0.frequency == marker.frequency }!]
    }

    /// Every marker: where it was heard (s on the recording) and how long, in pieces when interrupted.
    var table: String {
        zip(markers, found).map { marker, found in
            guard let onset = found.onset else { return "\(marker.label) \(Int(marker.frequency)) Hz: not heard" }
            return "\(marker.label) \(Int(marker.frequency)) Hz at \(String(format: "%.3f", onset / rate)) s, \(millis(found.span / rate)) ms" + (found.pieces.count > 1 ? " in \(found.pieces.count) pieces" : "")
        }.joined(separator: "; ")
    }

    /// The heard silence between narration n's end and narration n + 1's start marker, in seconds. Narration
    /// n ends a marker's length (÷ speed) after its end marker's onset: the onset, not the detected end, because
    /// the time-stretcher smears a marker's last samples (its last 40 ms at ×½, a decoder matter that
    /// `wholeAndInOrder` judges), and this measures when the narration's samples stopped arriving.
    func gap(after n: Int) -> Double? {
        guard let end = markers.first(where: { $0.narration == n && $0.kind == .end }),
            let start = markers.first(where: { $0.narration == n + 1 && $0.kind == .start }),
            let a = found(end).onset, let b = found(start).onset else { return nil }
        return (b - a) / rate - HeardTour.markerSeconds / speed
    }

    /// Each marker heard and whole, and all of them in order.
    var wholeAndInOrder: [HeardCheck] {
        let expected = HeardTour.markerSeconds / speed
        var checks = zip(markers, found).map { marker, found in
            let heard = found.span / rate
            return HeardCheck(
                passed: !found.pieces.isEmpty && heard >= wholeShare * expected,
                message: found.pieces.isEmpty
                    ? "×\(formatShortNumber(speed)): \(marker) was not heard; heard: \(table)"
                    : "×\(formatShortNumber(speed)): \(marker) heard for \(millis(heard)) ms of \(millis(expected)) (\(Int((heard / expected * 100).rounded())) %, at least \(Int(wholeShare * 100)) % expected) in \(found.pieces.count) piece(s) \(found.pieces); heard: \(table)")
        }
        let onsets = found.map(\.onset)
        let ordered = onsets.allSatisfy { $0 != nil } && zip(onsets, onsets.dropFirst()).allSatisfy { $0! < $1! }
        checks.append(HeardCheck(passed: ordered, message: "×\(formatShortNumber(speed)): markers out of order (expected \(markers.map(\.label).joined(separator: " < "))); heard: \(table)"))
        return checks
    }

    /// The silence between narrations against the engine's (`engineGaps`, walk seconds).
    func gaps(engine: [Double]) -> [HeardCheck] {
        engine.enumerated().map { i, walkSeconds in
            let expected = walkSeconds / speed
            guard let heard = gap(after: i + 1) else { return HeardCheck(passed: false, message: "×\(formatShortNumber(speed)): no gap \(i + 1)→\(i + 2) to measure; heard: \(table)") }
            return HeardCheck(
                passed: abs(heard - expected) <= HeardMarkers.gapTolerance,
                message: "×\(formatShortNumber(speed)): heard \(millis(heard)) ms between narration \(i + 1)'s end and narration \(i + 2)'s start; the engine's gap is \(formatShortNumber(walkSeconds)) s of walk, \(millis(expected)) ms at ×\(formatShortNumber(speed)) (off by \(millis(heard - expected)) ms, at most \(millis(HeardMarkers.gapTolerance)) allowed); heard: \(table)")
        }
    }

    /// For the summary: the shortest marker as a share of its length, and the gaps.
    func summary(engine: [Double]) -> String {
        let expected = HeardTour.markerSeconds / speed * rate
        let shares = zip(markers, found).map { ($0.label, $1.span / expected) }
        let shortest = shares.min { $0.1 < $1.1 }.map { "\($0.0) \(Int(($0.1 * 100).rounded())) %" } ?? "-"
        let gaps = engine.enumerated().map { i, walk in
            "\(i + 1)→\(i + 2) \(gap(after: i + 1).map { millis($0) } ?? "?") ms (engine \(millis(walk / speed)))"
        }.joined(separator: ", ")
        return "markers heard \(shares.filter { $0.1 > 0 }.count)/\(shares.count), shortest \(shortest) of \(millis(expected / rate)) ms" + (gaps.isEmpty ? "" : "; gaps \(gaps)")
    }
}

/// Seconds as whole milliseconds, for the figures.
func millis(_ seconds: Double) -> String { String(Int((seconds * 1000).rounded())) }

/// A few `sh -c 'while :; do :; done'` at the tests' priority, killed by `stop` (and when released).
final class BusyLoops {
    private var processes: [Process] = []
    /// How many loops run.
    var count: Int { processes.count }

    init(_ count: Int) throws {
        do {
            for _ in 0..<count {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = ["-c", "while :; do :; done"]
                try process.run()
                processes.append(process)
            }
        } catch {
            stop()
            throw error
        }
    }

    /// How many loops it takes to keep `cores` cores busy: the idle cores measured over half a second
    /// (/proc/stat) less a quarter, rounded up, at most `cores` (1.3 idle cores: 2 loops; 0.2: none). Beside
    /// a machine already busy (the tests run beside two busy loops) none, so that a test meant to run with
    /// both cores busy does not run at twice that load.
    static func count(keepingBusy cores: Int) -> (idle: Double, loops: Int) {
        guard cores > 0 else { return (0, 0) }
        let idle = idleCores(over: 0.5)
        return (idle, min(cores, max(0, Int((idle - 0.25).rounded(.up)))))
    }

    /// How many cores were idle, on average, over the next `seconds` (/proc/stat's idle and iowait ticks);
    /// all of them when /proc/stat cannot be read.
    static func idleCores(over seconds: Double) -> Double {
        func ticks() -> (idle: Double, total: Double)? {
            guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }) else { return nil }
            let values = line.split(separator: " ").dropFirst().compactMap { Double($0) }
            guard values.count >= 5 else { return nil }
            return (values[3] + values[4], values.reduce(0, +))
        }
        let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
        guard let first = ticks() else { return cores }
        usleep(UInt32(seconds * 1_000_000))
        guard let second = ticks(), second.total > first.total else { return cores }
        return cores * (second.idle - first.idle) / (second.total - first.total)
    }

    /// Held from counting the loops a walk needs until they run, so that walks played at once by processes side
    /// by side (the calm phase's two heard-narration suites) count one after the other: the second counts the
    /// first's loops as load and adds none, instead of both finding the cores idle and starting two each.
    /// An exclusive `flock` on one file in the temporary directory, given up on `release` (or when freed).
    final class Gate {
        private var descriptor: Int32

        /// Waits for the gate (at most `seconds`, then goes on without it: a walk is never held up for long
        /// by another process's stuck one).
        init(waitingAtMost seconds: Double = 30) {
            let path = NSTemporaryDirectory() + "walkscape-busy-loops.lock"
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else { return }
            let deadline = monotonicNow() + seconds
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard monotonicNow() < deadline else {
                    release()
                    return
                }
                usleep(20_000)
            }
        }

        func release() {
            guard descriptor >= 0 else { return }
            flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }

        deinit { release() }
    }

    func stop() {
        for process in processes where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        processes = []
    }

    deinit { stop() }
}

/// `walkscape play … --audio pulse` in tmux on a private sound server (PulseAudio or pipewire-pulse), its sink's
/// monitor recorded.
struct HeardPlay {
    /// One read of the screen, with the monotonic moments just before and after it.
    struct Capture { var before: Double, after: Double, screen: String }

    struct Outcome {
        var samples: [Float]
        var recorder: MonitorRecorder
        /// The screen reads that took under 15 ms (with `watch`), and when the completion screen was first seen.
        var captures: [Capture]
        var completed: Double?
        var playLog: String
        var screen: String
        /// The busy loops started for `busyCores`, and the idle cores measured before.
        var loopsAdded = 0
        var idleCores = 0.0
        /// When each pause's keys were sent (monotonic).
        var pauses: [(pressed: Double, resumed: Double)] = []
    }

    var speed: Double
    /// The sound server it plays on (a private one of the kind).
    var server: PrivateSoundServerKind = .pulseAudio
    /// Cores kept busy while it plays: busy loops for those found idle (`BusyLoops.count(keepingBusy:)`).
    var busyCores = 0
    /// More of the player's environment (PULSE_LATENCY_MSEC).
    var environment: [String: String] = [:]
    /// Sets a PulseAudio daemon up before the recording starts; returns the source to record (not called on
    /// pipewire-pulse, recorded at its null sink).
    var route: (PrivatePulseServer) throws -> String = { _ in "@DEFAULT_MONITOR@" }
    /// Pauses: when the walk's clock on screen first reads `at` seconds or more, space, and space again `seconds`
    /// (wall) later. Each is done once, in order; `Outcome.pauses` says when the keys were sent.
    var pauses: [(at: Double, seconds: Double)] = []
    /// Keeps the screen reads (those that took under 15 ms), read as often as tmux answers (for the subtitles)
    /// or, without `fastReads`, every 50 ms (for the clock).
    var watch = false
    var fastReads = true
    /// The monitor recorder's latency (nil: the recorder's default: parec's, under which a PulseAudio null sink
    /// keeps a long buffer; pw-record's, under which PipeWire picks its buffer size by itself).
    var recorderLatency: Int? = 5

    func run(_ tour: HeardTour) throws -> Outcome {
        // Measured before this walk's own sound server starts, whose start-up would count as load, and with
        // the gate held until the loops run (a walk beside this one counts them).
        let gate = busyCores > 0 ? BusyLoops.Gate() : nil
        defer { gate?.release() }
        let load = BusyLoops.count(keepingBusy: busyCores)
        return try server.with { server in
            let recorder: MonitorRecorder
            if let pulse = server as? PrivatePulseServer {
                recorder = try MonitorRecorder(server: pulse.address, device: try route(pulse), latencyMilliseconds: recorderLatency)
            } else {
                recorder = try server.recorder(latencyMilliseconds: recorderLatency)
            }
            var samples: [Float]?
            defer { if samples == nil { _ = recorder.stop() } }  // stopped whatever fails below
            let busy = try BusyLoops(load.loops)
            defer { busy.stop() }
            gate?.release()
            guard recorder.waitUntilRecording() else { throw HeardTour.Failure(description: "the \(server.name) recorder recorded nothing in 5 s") }
            usleep(400_000)  // let the recorder settle on silence
            let tmux = Tmux()
            defer { tmux.kill() }
            let state = tour.root + "/state-\(UUID().uuidString.prefix(8))"
            var variables = server.clientEnvironment
            variables.merge(["LANG": "C.UTF-8", "TERM": "xterm-256color", "XDG_STATE_HOME": state]) { $1 }
            variables.merge(environment) { $1 }
            let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
            try tmux.start(
                "cd \(tour.root) && env -i \(assignments) \(CLI.binary) play tour --trace walk.gpx --audio pulse --speed \(formatShortNumber(speed)); "
                    + "echo \"EXIT $?\"; sleep 60")
            let deadline = monotonicNow() + HeardTour.narrationSeconds * Double(HeardTour.points) / speed + 40
            var captures: [Capture] = []
            var completed: Double?
            var screen = ""
            var pausesLeft = pauses[...]
            var paused: [(pressed: Double, resumed: Double)] = []
            var resumeAt: Double?
            while monotonicNow() < deadline {
                let before = monotonicNow()
                screen = try tmux.screen()
                let after = monotonicNow()
                if let resume = resumeAt, after >= resume {
                    try tmux.keys(" ")
                    paused[paused.count - 1].resumed = monotonicNow()
                    resumeAt = nil
                } else if resumeAt == nil, let pause = pausesLeft.first, let row = screen.split(separator: "\n").first,
                    let clock = ScreenClock.clock(in: String(row)), clock >= pause.at
                {
                    try tmux.keys(" ")
                    let pressed = monotonicNow()
                    paused.append((pressed, pressed))
                    resumeAt = pressed + pause.seconds
                    pausesLeft = pausesLeft.dropFirst()
                }
                // The subtitles need reads within 15 ms; the clock (tenths of a second) is judged to within 1 s.
                if watch && after - before < (fastReads ? 0.015 : 0.1) { captures.append(Capture(before: before, after: after, screen: screen)) }
                if screen.contains("Tour complete") {
                    completed = after
                    break
                }
                if screen.contains("EXIT ") { break }
                usleep(watch && fastReads ? 1_000 : (pauses.isEmpty ? 50_000 : 10_000))
            }
            // The walk is over: what the buffers still hold is heard before the player quits.
            usleep(1_200_000)
            try tmux.keys("q")
            screen = try tmux.waitFor(timeout: 5) { $0.contains("EXIT ") || $0.contains("Quit the tour in progress?") }
            if screen.contains("Quit the tour in progress?") {
                try tmux.keys("y")
                screen = try tmux.waitFor(timeout: 5) { $0.contains("EXIT ") }
            }
            usleep(300_000)
            samples = recorder.stop()
            let log = (try? String(contentsOfFile: state + "/walkscape/play.log", encoding: .utf8)) ?? ""
            return Outcome(
                samples: samples ?? [], recorder: recorder, captures: captures, completed: completed, playLog: log, screen: screen,
                loopsAdded: busy.count, idleCores: load.idle, pauses: paused)
        }
    }
}

extension HeardPlay.Outcome {
    /// The play log's narration lines (each trigger and first sample heard), for a failure's message.
    var narrationLog: String { playLog.split(separator: "\n").filter { $0.hasPrefix("narration:") }.joined(separator: " | ") }

    /// Seconds from the last end marker's end to the completion screen (negative: the walk was declared over
    /// before its last sample was heard).
    func completionAfterLastSample(_ markers: HeardMarkers) -> Double? {
        guard let completed, let index = recorder.sampleIndex(at: completed), let end = markers.found.last?.end else { return nil }
        return (Double(index) - end) / markers.rate
    }
}

/// One walk of `HeardTour` played and recorded: what was heard, the markers found in it, the engine's gaps.
struct HeardRun {
    var outcome: HeardPlay.Outcome
    var markers: HeardMarkers
    var engine: [Double]
}

/// `walkscape listen --point 1 --audio pulse` on a private sound server, its null sink recorded: what was heard,
/// and each line listen printed with the monotonic moment it arrived.
enum HeardListen {
    static func run(_ tour: HeardTour, on kind: PrivateSoundServerKind, recorderLatency: Int?) throws -> (
        samples: [Float], recorder: MonitorRecorder, lines: [(time: Double, text: String)], status: Int32, errors: String
    ) {
        try kind.with { server in
            let recorder = try server.recorder(latencyMilliseconds: recorderLatency)
            var samples: [Float]?
            defer { if samples == nil { _ = recorder.stop() } }  // stopped whatever fails below
            guard recorder.waitUntilRecording() else { throw HeardTour.Failure(description: "the \(server.name) recorder recorded nothing in 5 s") }
            usleep(400_000)
            let started = try CLI.start(["listen", tour.directory, "--point", "1", "--audio", "pulse"], environment: server.clientEnvironment)
            var lines: [(time: Double, text: String)] = []
            var pending = Data()
            let handle = started.1.fileHandleForReading
            while true {
                let data = handle.availableData
                let now = monotonicNow()
                if data.isEmpty { break }
                pending.append(data)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    lines.append((now, String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)))
                    pending = Data(pending[(newline + 1)...])
                }
            }
            let errors = String(decoding: started.2.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            started.0.waitUntilExit()
            usleep(1_000_000)
            samples = recorder.stop()
            return (samples ?? [], recorder, lines, started.0.terminationStatus, errors)
        }
    }
}

/// A suite that plays `HeardTour` walks: each walk played with its `heard:` line printed, and judged whole.
/// Two such suites (`HeardNarrationTests`, `HeardNarrationLatencyTests`) run as processes side by side in
/// `make test`'s calm phase; their busy loops are counted one walk at a time (`BusyLoops.Gate`), so that beside
/// each other they still keep two cores busy, not four.
protocol HeardWalkSuite {}

extension HeardWalkSuite {
    /// Plays a fresh `HeardTour` as `play` says, and prints the run's `heard:` line (`label` names the run).
    func run(_ play: HeardPlay, _ label: String) throws -> HeardRun {
        let tour = try HeardTour()
        defer { tour.remove() }
        let engine = try tour.engineGaps()
        let outcome = try play.run(tour)
        // WALKSCAPE_HEARD_KEEP=DIR keeps each walk's recording (48 kHz mono float, raw) for a look by hand.
        if let keep = ProcessInfo.processInfo.environment["WALKSCAPE_HEARD_KEEP"] {
            let name = label.filter { $0.isLetter || $0.isNumber || $0 == "=" }
            let path = "\(keep)/heard-x\(formatShortNumber(play.speed))-\(name).f32"
            try? outcome.samples.withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: path))
        }
        expectTrue(outcome.completed != nil, "the walk did not complete; the screen:\n\(outcome.screen)")
        let markers = HeardMarkers(outcome.samples, speed: play.speed)
        let completion = outcome.completionAfterLastSample(markers).map { millis($0) } ?? "?"
        let load = play.busyCores > 0
            ? ", \(play.busyCores) cores kept busy (\(formatFixed(outcome.idleCores, 2)) idle: \(outcome.loopsAdded) busy loops added)" : ""
        print("heard: play ×\(formatShortNumber(play.speed))\(label)\(load): \(markers.summary(engine: engine)); completion shown \(completion) ms after the last sample")
        return HeardRun(outcome: outcome, markers: markers, engine: engine)
    }

    /// Each marker heard whole and in order, and with `gaps` the silence between narrations the engine's.
    func expectWhole(_ run: HeardRun, gaps: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        for check in run.markers.wholeAndInOrder + (gaps ? run.markers.gaps(engine: run.engine) : []) {
            expectTrue(check.passed, "\(check.message)\nplay log: \(run.outcome.narrationLog)", sourceLocation: sourceLocation)
        }
    }
}

/// Every narration of a walk heard whole, on a real PulseAudio server (a private daemon's null sink, recorded
/// from its monitor): `walkscape play --audio pulse` in tmux, the markers of `HeardTour` found in the recording
/// with a Goertzel filter, at ×1, ×½ and ×2; and `listen`'s cue lines against what it played. Each run prints
/// one `heard:` line with its figures. (`HeardNarrationLatencyTests` plays the same walk through added latency
/// and judges the subtitles' clock on the player's screen.)
@Suite(.serialized, .enabled(if: Tmux.path != nil && PrivatePulseServer.available, "tmux or pulseaudio is not installed; `make test` installs both"))
struct HeardNarrationTests: HeardWalkSuite {
    /// At ×1, ×½ and ×2 with both cores kept busy: each marker heard whole, in order, and the silence between
    /// narrations the engine's (0 behind a queued point, 2 s of walk before point 3).
    @Test(arguments: [1.0, 0.5, 2.0])
    func everyNarrationIsHeardWholeWithTheEnginesGaps(speed: Double) throws {
        expectWhole(try run(HeardPlay(speed: speed, busyCores: 2), ""), gaps: true)
    }

    /// `walkscape listen --point 1 --audio pulse`: each cue line arrives when its marker is heard (within
    /// 100 ms), the first one not before the narration's first sample.
    @Test func listenPrintsEachCueWhenItsMarkerIsHeard() throws {
        let tour = try HeardTour()
        defer { tour.remove() }
        let (samples, recorder, lines, status, errors) = try HeardListen.run(tour, on: .pulseAudio, recorderLatency: 5)
        expectEqual(status, 0, "listen exited \(status): \(errors)")
        let narration = HeardTour.markers.filter { $0.narration == 1 }
        let markers = HeardMarkers(samples, speed: 1, markers: narration)
        var offsets: [String] = []
        for marker in narration {
            guard let line = lines.first(where: { $0.text.hasSuffix(marker.cue) }) else {
                Issue.record("listen printed no line for \"\(marker.cue)\"; it printed \(lines.map(\.text))")
                continue
            }
            guard let index = recorder.sampleIndex(at: line.time), let onset = markers.found(marker).onset else {
                Issue.record("\(marker) not heard; heard: \(markers.table)")
                continue
            }
            let offset = (Double(index) - onset) / markers.rate
            offsets.append("\(line.text.prefix(11)) \(millis(offset))")
            expectTrue(abs(offset) <= 0.1, "listen printed \"\(line.text)\" \(millis(offset)) ms after \(marker) was heard (negative: before it; at most 100 ms either way)")
        }
        for check in markers.wholeAndInOrder { expectTrue(check.passed, "listen: \(check.message)") }
        print("heard: listen --point 1: cue printed − marker heard (ms): \(offsets.joined(separator: ", ")); \(markers.summary(engine: []))")
    }
}

/// The harness itself, without a sound server: the detector finds every marker of the tour's own recordings
/// where it was written and for as long, tells a cut one, measures a gap, and finds the markers whole in what the
/// time-stretcher makes of a narration at ×½ and ×2.
@Suite(.serialized) struct HeardNarrationHarnessTests {
    /// The three narrations one after the other at 48 kHz, `gaps` seconds of silence between them.
    func walk(gaps: [Double]) -> [Float] {
        var samples = [Float](repeating: 0, count: 24000)
        for n in 1...HeardTour.points {
            samples += HeardTour.narration(n)
            if n <= gaps.count { samples += [Float](repeating: 0, count: Int(gaps[n - 1] * 48000)) }
        }
        return samples + [Float](repeating: 0, count: 24000)
    }

    @Test func theDetectorFindsEveryMarkerWholeInOrderAndTheGaps() throws {
        let markers = HeardMarkers(walk(gaps: [0, 1.8]), speed: 1)
        for check in markers.wholeAndInOrder + markers.gaps(engine: [0, 1.8]) { expectTrue(check.passed, "\(check.message)") }
        // Where each marker was written, within 2 ms, and for 150 ms within 3 ms (the fades).
        var at = 24000.0
        for marker in HeardTour.markers {
            let found = markers.found(marker)
            let written = at + marker.offset * 48000
            expectEqual(found.pieces.count, 1, "\(marker): \(found.pieces)")
            expectTrue(abs((found.onset ?? 0) - written) < 96, "\(marker) found at \(found.onset ?? -1), written at \(written)")
            expectTrue(abs(found.span / 48000 - 0.150) < 0.004, "\(marker) found for \(found.span / 48000) s")
            if marker.kind == .end { at += HeardTour.narrationSeconds * 48000 + (marker.narration == 2 ? 1.8 * 48000 : 0) }
        }
        expectTrue(abs(markers.gap(after: 1)! - 0) < 0.005)
        expectTrue(abs(markers.gap(after: 2)! - 1.8) < 0.005)
    }

    @Test func aCutNarrationIsToldAndSoIsAWrongGap() throws {
        // The first 60 ms of narration 2 skipped and the last 50 ms of narration 1 cut: 90 and 100 ms of 150.
        // Narration 3 whole, with 30 ms of silence in the middle of its first inner marker (an underrun).
        var samples = [Float](repeating: 0, count: 24000)
        samples += HeardTour.narration(1).dropLast(2400)
        samples += HeardTour.narration(2).dropFirst(2880)
        samples += [Float](repeating: 0, count: 48000)
        let third = HeardTour.narration(3), hole = 48000 + 3600
        samples += third[..<hole] + [Float](repeating: 0, count: 1440) + third[hole...]
        let markers = HeardMarkers(samples + [Float](repeating: 0, count: 24000), speed: 1)
        let checks = markers.wholeAndInOrder
        let cut = HeardTour.markers.indices.filter { !checks[$0].passed }
        expectEqual(cut.map { HeardTour.markers[$0].label }, ["E1", "S2"], "\(checks.filter { !$0.passed }.map(\.message))")
        expectTrue(checks.last!.passed, "\(checks.last!.message)")
        expectEqual(markers.found(HeardTour.markers[9]).pieces.count, 2, "\(checks[9].message)")
        expectTrue(abs(markers.found(HeardTour.markers[3]).span / 48000 - 0.100) < 0.004, "\(checks[3].message)")
        expectTrue(abs(markers.found(HeardTour.markers[4]).span / 48000 - 0.090) < 0.004, "\(checks[4].message)")
        // 1 s of silence where the engine has 1.8 s.
        let gaps = markers.gaps(engine: [0, 1.8])
        expectTrue(gaps[0].passed, "\(gaps[0].message)")
        expectTrue(!gaps[1].passed && abs(markers.gap(after: 2)! - 1) < 0.005, "\(gaps[1].message)")
    }

    /// What librubberband makes of narration 1 at ×½ and ×2, straight from `TimeStretchDecoder`: the markers
    /// the end-to-end tests look for are there, whole, before any player or sound server is involved.
    @Test(arguments: [0.5, 2.0])
    func theTimeStretcherKeepsEveryMarkerWhole(speed: Double) throws {
        let tour = try HeardTour()
        defer { tour.remove() }
        let stretched = try TimeStretchDecoder(source: try AudioDecoding.open(path: tour.directory + "/audio/en/p1.wav"), speed: speed)
        let samples = [Float](repeating: 0, count: 24000) + (try firstChannel(of: stretched)) + [Float](repeating: 0, count: 24000)
        let markers = HeardMarkers(samples, speed: speed, markers: HeardTour.markers.filter { $0.narration == 1 })
        // Where the end marker stops against the stretched narration's last sample (librubberband's tail).
        let last = (Double(samples.count) - 24000 - Double(markers.found.last?.end ?? 0)) / markers.rate
        print("heard: the time-stretcher at ×\(formatShortNumber(speed)): \(markers.table); the end marker stops \(millis(last)) ms before the narration's end")
        for check in markers.wholeAndInOrder { expectTrue(check.passed, "time-stretcher: \(check.message)") }
    }
}
