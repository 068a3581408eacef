import CSndfile
import Foundation
import WalkscapeSystem
import WalkscapeCore

/// Renders exactly what would be heard into a WAV file: plays by a clock like `NullOutput` (pauses are not
/// recorded, audio dropped by a seek never reaches the file, volume applied) and writes each frame as it is
/// heard. Writes to a temporary file beside the target and renames it at `stop()`, so the target is never
/// half-written.
public final class WAVFileOutput: AudioOutput, @unchecked Sendable {
    /// Sample encoding of the file.
    public enum Encoding: Sendable { case float32, pcm16 }

    public let path: String
    public let encoding: Encoding
    public var name: String { "wav:" + path }

    private let state: FileState
    private let clocked: NullOutput

    /// The file, shared with the clocked output's tap.
    private final class FileState: @unchecked Sendable {
        let lock = NSLock()
        var file: OpaquePointer?
        var format: AudioFormat?
        var temporaryPath: String
        var failure: String?
        init(temporaryPath: String) { self.temporaryPath = temporaryPath }
    }

    public init(path: String, encoding: Encoding = .float32, clock: any MonotonicClock = SystemClock()) {
        self.path = path
        self.encoding = encoding
        let state = FileState(temporaryPath: OutputTarget.of(path).partialPath)
        self.state = state
        clocked = NullOutput(name: "wav:" + path, clock: clock) { samples, frames, _ in
            state.lock.withLock {
                guard let file = state.file, state.failure == nil else { return }
                let done = sf_writef_float(file, samples, sf_count_t(frames))
                if done != sf_count_t(frames) { state.failure = String(cString: sf_strerror(file)) }
            }
        }
    }

    public func start(format: AudioFormat, paused: Bool) throws(AudioOutputError) {
        let problem: String? = state.lock.withLock { () -> String? in
            if let existing = state.format {
                return existing == format ? nil : "cannot change format mid-file (\(existing) → \(format))"
            }
            ScratchFiles.removeStale(beside: path)
            let file: OpaquePointer
            do {
                file = try (encoding == .float32 ? SoundFileFormat.wav32f : .wav16)
                    .openForWriting(state.temporaryPath, sampleRate: format.sampleRate, channels: format.channels)
            } catch {
                return ScratchFiles.folderProblem(for: path) ?? "cannot write \(path): \(String(cString: sf_strerror(nil)))"
            }
            state.file = file
            state.format = format
            return nil
        }
        if let problem { throw AudioOutputError(problem) }
        try clocked.start(format: format, paused: paused)
    }

    public func writableFrames() -> Int { clocked.writableFrames() }
    public func write(_ samples: UnsafePointer<Float>, frames: Int) throws(AudioOutputError) {
        if let failure = state.lock.withLock({ state.failure }) { throw AudioOutputError("cannot write \(path): \(failure)") }
        try clocked.write(samples, frames: frames)
    }
    public func waitForProgress(seconds: Double) { clocked.waitForProgress(seconds: seconds) }
    public var heardFrames: Int64 { clocked.heardFrames }
    public var writtenFrames: Int64 { clocked.writtenFrames }
    public func pause() { clocked.pause() }
    public func resume() { clocked.resume() }
    @discardableResult
    public func flush() -> Int64 { clocked.flush() }
    public func setVolume(_ volume: Double) { clocked.setVolume(volume) }
    public func endOfData() {}

    /// Closes the file and moves it into place (only what was heard is in it).
    public func stop() throws(AudioOutputError) {
        _ = clocked.heardFrames  // lets the clock hand over everything heard so far
        try clocked.stop()
        let problem: String? = state.lock.withLock { () -> String? in
            guard let file = state.file else { return nil }
            state.file = nil
            sf_close(file)
            if let failure = state.failure {
                unlink(state.temporaryPath)
                return "cannot write \(path): \(failure)"
            }
            // A regular file is replaced; a FIFO, a device or `-` gets the finished file poured into it.
            switch OutputTarget.of(path) {
            case let .stream(target):
                return OutputTarget.pour(state.temporaryPath, into: target).map { "cannot write \($0)" }
            case let .replace(target):
                if rename(state.temporaryPath, target) != 0 {
                    let reason = String(cString: strerror(errno))
                    unlink(state.temporaryPath)
                    return "cannot write \(path): \(reason)"
                }
                return nil
            }
        }
        if let problem { throw AudioOutputError(problem) }
    }

    /// Removes the temporary file without producing the target (after an error).
    public func discard() {
        state.lock.withLock {
            if let file = state.file { sf_close(file) }
            state.file = nil
            unlink(state.temporaryPath)
        }
    }
}
