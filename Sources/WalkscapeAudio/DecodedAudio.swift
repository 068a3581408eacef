import Foundation
import WalkscapeCore

/// What a full decode found: the real format and length, and whether the file was cut short.
public struct DecodedAudio: Sendable, Equatable {
    /// The format, with `frames` the number of frames actually decoded.
    public var info: AudioInfo
    /// The length the decoder announced on opening (`AudioDecoder.info.frames`).
    public var headerFrames: Int64
    /// Why the file is shorter than promised, for one warning line; nil when it is whole.
    public var truncation: String?

    public init(info: AudioInfo, headerFrames: Int64, truncation: String?) {
        self.info = info
        self.headerFrames = headerFrames
        self.truncation = truncation
    }
}
