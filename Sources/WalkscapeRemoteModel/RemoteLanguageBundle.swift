import WalkscapeCore
/// The responses of one language of a remote tour: detail, points and manifest, all asked in `language`.
public struct RemoteLanguageBundle: Sendable {
    public var language: String
    public var detail: RemoteTourDetail
    public var points: [RemotePoint]
    public var manifest: RemoteManifest

    public init(language: String, detail: RemoteTourDetail, points: [RemotePoint], manifest: RemoteManifest) {
        self.language = language
        self.detail = detail
        self.points = points
        self.manifest = manifest
    }
}
