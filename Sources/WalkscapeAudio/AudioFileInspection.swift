import Foundation
import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem

/// `walkscape inspect` on an audio file: decodes the whole file through a fixed buffer (`AudioDecoding.decodeAll`),
/// so the length is what really plays and a cut file is found; memory stays fixed whatever the file's length.
public enum AudioFileInspection {
    /// Whether `path` is an audio file: named with one of `AudioFileTypes.extensions`, or starting like MP3
    /// (ID3 tag or frame sync), WAV, RF64, MP4, ADTS, Ogg or FLAC whatever its name.
    public static func isAudioFile(_ path: String) -> Bool {
        if AudioFileTypes.hasAudioExtension(path) { return true }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: AudioContainerSniffer.headerLength) else { return false }
        switch AudioContainerSniffer.sniff([UInt8](head)) {
        case .mp3, .wav, .rf64, .mp4, .adts, .ogg, .flac: return true
        default: return false
        }
    }

    public static func run(_ file: String, json: Bool, console: Console) throws {
        try console.requireRegularFile(file, shownAs: TerminalText.sanitize(file), expected: "an audio file")
        let decoded: DecodedAudio
        do {
            decoded = try AudioDecoding.decodeAll(path: file)
        } catch {
            console.error(TerminalText.sanitize(file + ": " + error.message))
            throw CommandExit(FileManager.default.isReadableFile(atPath: file) ? .failure : .usage)
        }
        if json {
            console.write(JSONWriter(pretty: false).write(audioJSON(decoded)) + "\n")
        } else {
            for line in audioText(decoded, file: file) { console.line(line) }
        }
    }

    /// `{"kind":"audio","codec":…,"sampleRate":…,"channels":…,"frames":…,"durationSeconds":…}`, plus
    /// `"truncated"` (what is missing) only when the file is cut short.
    public static func audioJSON(_ decoded: DecodedAudio) -> JSONValue {
        let info = decoded.info
        var members: [(key: String, value: JSONValue)] = [
            ("kind", .string("audio")), ("codec", .string(info.codec.rawValue)),
            ("sampleRate", .integer(info.sampleRate)), ("channels", .integer(info.channels)),
            ("frames", .number(String(info.frames))), ("durationSeconds", .number(formatFixed(info.durationSeconds, 6))),
        ]
        if let truncation = decoded.truncation { members.append(("truncated", .string(truncation))) }
        return .object(members)
    }

    public static func audioText(_ decoded: DecodedAudio, file: String) -> [String] {
        let info = decoded.info
        var facts = TextTable(["", ""])
        facts.add(["Codec", "\(info.codec.label) (\(info.codec.library))"])
        facts.add(["Sample rate", "\(info.sampleRate) Hz"])
        facts.add(["Channels", "\(info.channels)" + (info.channels == 1 ? " (mono)" : info.channels == 2 ? " (stereo)" : "")])
        facts.add(["Frames", "\(info.frames) (decoded in full)"])
        facts.add(["Duration", formatFixed(info.durationSeconds, 3) + " s"])
        var lines = [TerminalText.sanitize(file)]
        lines += facts.render().dropFirst()
        if let truncation = decoded.truncation { lines.append("warning: " + TerminalText.sanitize(truncation)) }
        return lines
    }
}
