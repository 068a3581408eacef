import WalkscapeCore
/// One file to download into the tour directory.
public struct PlannedFile: Sendable, Equatable {
    /// The `fileUrl` as the manifest gave it (absolute, or relative to the API base).
    public var url: String
    /// Where it goes, relative to the tour directory (`audio/it/p1.mp3`).
    public var localPath: String
    /// The size the manifest promises; -1 when the API gives none (the cover image).
    public var size: Int
    /// Where the manifest listed it, for messages (`manifest (it): audio[0]`).
    public var origin: String
}
