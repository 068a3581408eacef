/// The audio file name extensions a tour may use, and what each one is read with.
///
/// One list for the tour decoder, the JSON Schema's pattern, `inspect` and downloads. The name only says what
/// a file should hold: the content decides which decoder reads it (`AudioContainerSniffer`).
public enum AudioFileTypes {
    /// The extensions allowed for an audio asset, lowercased, without the dot.
    public static let extensions = ["mp3", "wav", "m4a", "mp4", "aac", "ogg", "oga", "opus", "flac"]

    /// Whether `path` ends in one of `extensions` (any letter case).
    public static func hasAudioExtension(_ path: String) -> Bool {
        guard let ext = fileExtension(path) else { return false }
        return extensions.contains(ext)
    }

    /// `"MP3"`, `"AAC"`, … : what a file named `path` is expected to hold, for messages; nil for other names.
    public static func expectedLabel(_ path: String) -> String? {
        switch fileExtension(path) {
        case "mp3": return "MP3"
        case "wav": return "WAV"
        case "m4a", "mp4": return "MP4/AAC"
        case "aac": return "ADTS AAC"
        case "ogg", "oga": return "Ogg Vorbis"
        case "opus": return "Opus"
        case "flac": return "FLAC"
        default: return nil
        }
    }

    /// The list for messages: `.mp3, .wav, .m4a, …`.
    public static var extensionList: String { extensions.map { "." + $0 }.joined(separator: ", ") }

    /// The lowercased extension of `path`'s last component, without the dot.
    static func fileExtension(_ path: String) -> String? {
        let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        return last[last.index(after: dot)...].lowercased()
    }
}
