import WalkscapeCore
/// The sample format an output is opened with: interleaved 32-bit float frames.
public struct AudioFormat: Sendable, Equatable, CustomStringConvertible {
    public var sampleRate: Int
    public var channels: Int

    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    public var description: String { "\(sampleRate) Hz, \(channels) ch" }
}
