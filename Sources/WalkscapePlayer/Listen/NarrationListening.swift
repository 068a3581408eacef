import Foundation
import Synchronization
import WalkscapeAudio
import WalkscapeCore
import WalkscapeReplay
import WalkscapeReports
import WalkscapeRuntime
import WalkscapeSystem
import WalkscapeTours

/// `walkscape listen`: one point's narration played (time-stretched at a speed other than ×1) and its
/// subtitles printed as they are heard, each when the recording's first sample at its time has left the
/// speaker; Ctrl-C stops it cleanly.
public enum NarrationListening {
    /// Plays the narration `request` names on its audio output, printing each subtitle cue on `console` as it
    /// is heard; problems go to `console` and end in a thrown `CommandExit` (with the signal when stopped).
    public static func run(_ request: ListenRequest, console: Console) throws {
        let tour = request.tour, point = request.point, language = request.language, from = request.from, speed = request.speed
        let allowMissing = request.allowMissing
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

        let cues = try subtitleCues(request, track: track, location: loaded.location, console: console)

        let output: any AudioOutput
        do {
            output = try request.audio.makeOutput { message in console.error("note: \(message)") }
        } catch {
            console.error("--audio \(request.audio): \(error.message)")
            throw CommandExit(.usage)
        }

        let failures = Mutex<[String]>([])
        let player = AudioPlayer(output: output, onError: { message in
            console.error("\(audioPath): \(message)")
            failures.withLock { $0.append(message) }
        })
        // Ctrl-C, SIGTERM and SIGHUP stop the playback cleanly: a WAV being written keeps what was heard.
        // The subtitle lines are polled on the same monotonic clock the audio outputs run on.
        let clock = SystemClock()
        let stopToken = StopSignals.token()
        StopSignals.watch {
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
                if snapshot.finished || stopToken.isStopped { break }
                clock.sleep(seconds: 0.005)
            }
        }
        // The heard position before shutting down, which stops the output (and with it its clock).
        let stoppedAt = player.snapshot.position
        player.shutdown()
        if stopToken.isStopped {
            console.error("stopped at \(SubtitleCueLine.cueTime(Int(stoppedAt * 1000)))")
            throw CommandExit(signal: stopToken.signal)
        }
        if !failures.withLock({ $0.isEmpty }) { throw CommandExit(.failure) }
    }

    /// The cues to print, or [] for `--subs off` or a track without subtitles.
    static func subtitleCues(_ request: ListenRequest, track: Track, location: TourLocation, console: Console) throws -> [SubtitleCue] {
        let subs = request.subtitles, tour = request.tour, point = request.point, allowMissing = request.allowMissing
        if subs == "off" { return [] }
        let asset: Asset?
        if let subs {
            asset = track.subtitles(in: subs)
            if asset == nil {
                let have = track.subtitles.map(\.language)
                console.error("\(tour): point \(point)'s \(track.language) recording has no \"\(subs)\" subtitles; it has \(have.isEmpty ? "none" : have.joined(separator: ", "))")
                throw CommandExit(.failure)
            }
        } else {
            asset = track.subtitles(in: track.language) ?? track.subtitles.first?.asset
        }
        guard let asset else { return [] }
        let shown = location.path(of: asset.file)
        let document: SubtitleDocument
        do throws(AssetFileError) {
            document = try AssetFile(asset, in: location).subtitles()
        } catch {
            if allowMissing && !FileManager.default.fileExists(atPath: shown) {
                console.error("\(tour): warning: --allow-missing: \(asset.file) is missing: no subtitles")
                return []
            }
            console.error("\(shown): \(error.message)")
            throw CommandExit(.failure)
        }
        for warning in document.warnings { console.error("\(shown): warning: \(TerminalText.sanitize(warning.description))") }
        if let more = CappedList<SRTWarning>.moreLine(omitted: document.omittedWarnings) { console.error("\(shown): \(more)") }
        return SubtitleTrack(document.cues).cues.filter { $0.endMs > $0.startMs }
    }
}
