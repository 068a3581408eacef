import ArgumentParser
import Foundation
import Synchronization
import WalkscapeAudio
import WalkscapeCore
import WalkscapeReports
import WalkscapeReplay
import WalkscapeRemote
import WalkscapeSystem
import WalkscapeTours

/// `walkscape listen TOUR --point N`: plays one point's narration and prints its subtitles as they are heard.
struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Play one point's narration and print its subtitles as they are heard.",
        discussion: """
            Plays point N's recording in the narration language (default: the tour's first language) from \
            --from seconds, and prints each subtitle cue on standard output at the moment it is heard, as \
            `[MM:SS.mmm] text` (the cue's start time in the recording; tags removed, lines joined with " / "). \
            Exits when the recording ends; Ctrl-C, SIGTERM or SIGHUP stops it cleanly (status 128 + the signal; a \
            WAV file being written keeps what was heard).

            --speed X (0.5 to 2) plays the narration faster or slower with its pitch kept (librubberband); the \
            cues then follow the stretched audio and their times are where they are heard in it (the \
            recording's time / X), as is `stopped at`; --from stays a time in the recording.

            Subtitles default to the track's own language when it has them, else its first subtitle file; \
            --subs off prints none.

            Examples:
              walkscape listen tours/torino-portici --point 1
              walkscape listen tours/torino-portici --point 2 --lang en --subs en \\
                  --from 12.5
              walkscape listen tours/paris-ile-de-la-cite --point 3 --audio none
              walkscape listen tours/paris-ile-de-la-cite --point 3 --audio wav:point3.wav
              walkscape listen tours/torino-portici --point 2 --speed 1.5
            """)

    @Argument(help: "The tour directory or its tour.json.")
    var tour: String

    @Option(help: ArgumentHelp("The point to play (its order, from 1).", valueName: "N"))
    var point: Int

    @Option(name: .customLong("lang"), help: ArgumentHelp("The narration language (default: the tour's first language).", valueName: "L"))
    var language: String?

    @Option(help: ArgumentHelp("Subtitle language, or off (default: the track's own language, else its first subtitles).", valueName: "L|off"))
    var subs: String?

    @Option(help: ArgumentHelp("Start this many seconds into the recording.", valueName: "SECONDS"))
    var from: Double = 0

    @Option(help: ArgumentHelp("Playback speed, 0.5 to 2, with the pitch kept (default 1).", valueName: "X"))
    var speed: Double = 1

    @Flag(help: "Preview a tour with files missing: a missing recording plays as silence of its recorded durationSeconds (skipped when unknown).")
    var allowMissing = false

    @OptionGroup var audioOptions: AudioOptions

    func validate() throws {
        guard from >= 0, from <= 86_400 else { throw ValidationError("--from must be a number of seconds from 0 to 86400, got \(formatShortNumber(from)).") }
        guard TimeStretchDecoder.audibleSpeeds.contains(speed) else {
            throw ValidationError("--speed must be between 0.5 and 2 (the narration is time-stretched with its pitch kept), got \(formatShortNumber(speed)).")
        }
    }

    func run() throws {
        let console = CommandContext.console
        let loaded = try TourInput.load(tour, console: console)
        guard let tourModel = loaded.tour, !loaded.diagnostics.hasErrors else {
            for problem in loaded.diagnostics where problem.severity == .error { console.error(TerminalText.sanitize(problem.description)) }
            console.error("\(tour): cannot play this tour; run `walkscape validate \(tour)` for every problem")
            throw CommandExit(.failure)
        }
        try Replay.requireComplete(loaded, tourModel, argument: tour, allowMissing: allowMissing, console: console)
        guard let stop = tourModel.points.first(where: { $0.order == point }) else {
            let orders = tourModel.points.map(\.order).sorted()
            console.error("\(tour): no point \(point); the tour has points \(orders.first ?? 0)–\(orders.last ?? 0)")
            throw CommandExit(.failure)
        }
        if let language, !tourModel.languages.contains(language) {
            console.error(TerminalText.sanitize(Replay.noLanguage(tour, language, available: tourModel.languages)))
            throw CommandExit(.usage)
        }
        let narration = language ?? tourModel.language(for: nil)
        guard let track = stop.track(narration) else {
            console.error("\(tour): point \(point) has no \"\(narration)\" recording; it has \(stop.tracks.map(\.language).joined(separator: ", "))")
            throw CommandExit(.failure)
        }

        let audioPath: String
        let recording: any AudioDecoder
        do {
            if allowMissing, (try? AssetFile(track.audio, in: loaded.location)) == nil {
                // --allow-missing: the recording is not there; its recorded length in silence, or nothing.
                guard let seconds = track.audio.durationSeconds else {
                    console.error("\(tour): warning: --allow-missing: point \(point)'s \(narration) recording \(track.audio.file) is missing and tour.json records no durationSeconds: skipped")
                    return
                }
                console.error("\(tour): warning: --allow-missing: point \(point)'s \(narration) recording \(track.audio.file) is missing: \(formatClock(seconds)) of silence")
                audioPath = loaded.location.path(of: track.audio.file)
                recording = SilenceDecoder(seconds: seconds)
            } else {
                audioPath = try AssetFile(track.audio, in: loaded.location).path
                recording = try AudioDecoding.open(path: audioPath)
            }
        } catch let error as AssetFileError {
            console.error("\(loaded.location.path(of: track.audio.file)): \(error.message)")
            throw CommandExit(.failure)
        } catch let error as AudioFileError {
            console.error("\(loaded.location.path(of: track.audio.file)): \(error.message)")
            throw CommandExit(.failure)
        }
        if from > recording.info.durationSeconds {
            console.error("--from \(formatShortNumber(from)) is past the end of the recording (\(SubtitleCueLine.cueTime(Int(recording.info.durationSeconds * 1000))))")
            throw CommandExit(.usage)
        }
        // At a speed other than ×1 the narration is heard time-stretched; the subtitle clock maps each heard
        // (stretched) frame back to the recording's frame.
        let decoder: any AudioDecoder
        let stretched: TimeStretchDecoder?
        if speed == 1 {
            decoder = recording
            stretched = nil
        } else {
            do {
                let stretcher = try TimeStretchDecoder(source: recording, speed: speed)
                decoder = stretcher
                stretched = stretcher
            } catch {
                console.error("\(loaded.location.path(of: track.audio.file)): \(error.message)")
                throw CommandExit(.failure)
            }
        }
        /// The recording's time in ms heard at the player's heard frame.
        func recordingMs(_ snapshot: AudioPlayer.Snapshot) -> Int {
            guard snapshot.sampleRate > 0 else { return 0 }
            let frame = stretched?.sourceFrame(snapshot.frame) ?? snapshot.frame
            return Int((Double(frame) * 1000 / Double(snapshot.sampleRate)).rounded(.down))
        }

        let cues = try subtitleCues(track: track, location: loaded.location, console: console)

        let output: any AudioOutput
        do {
            output = try audioOptions.choice.makeOutput { message in console.error("note: \(message)") }
        } catch {
            console.error("--audio \(audioOptions.choice): \(error.message)")
            throw CommandExit(.usage)
        }

        let failures = Mutex<[String]>([])
        let player = AudioPlayer(output: output, onError: { message in
            console.error("\(audioPath): \(message)")
            failures.withLock { $0.append(message) }
        })
        // Ctrl-C, SIGTERM and SIGHUP stop the playback cleanly: a WAV being written keeps what was heard.
        let interruption = InterruptWatch.interruption()
        // The subtitle lines are polled on the same monotonic clock the audio outputs run on.
        let clock = MonotonicAudioClock()
        InterruptWatch.run(interruption) {
            let control = player.play(decoder, point: point, from: from / speed)
            let fromMs = Int((from * 1000).rounded())
            let recordingEndMs = Int(recording.info.durationSeconds * 1000)
            var nextCue = cues.firstIndex { $0.endMs > fromMs } ?? cues.count
            while true {
                let snapshot = player.snapshot
                // Nothing is printed before the recording's first sample has left the speaker.
                let heard = snapshot.applied >= control && (snapshot.segmentFrames > 0 || snapshot.finished)
                let heardMs = recordingMs(snapshot)
                while heard, nextCue < cues.count, cues[nextCue].startMs <= heardMs || (snapshot.finished && cues[nextCue].startMs <= recordingEndMs) {
                    console.line(SubtitleCueLine.cueLine(cues[nextCue], speed: speed))
                    nextCue += 1
                }
                if snapshot.finished || interruption.isInterrupted { break }
                clock.sleep(seconds: 0.005)
            }
        }
        // The heard position before shutting down, which stops the output (and with it its clock).
        let stoppedAt = player.snapshot.position
        player.shutdown()
        if interruption.isInterrupted {
            console.error("stopped at \(SubtitleCueLine.cueTime(Int(stoppedAt * 1000)))")
            throw CommandExit(signal: interruption.signal)
        }
        if !failures.withLock({ $0.isEmpty }) { throw CommandExit(.failure) }
    }
}
