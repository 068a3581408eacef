import WalkscapeCore
import WalkscapeTUI

/// Everything the player screen holds beside the walk: what overlay is open, the map's view, the subtitle
/// language, the log pane, notices. `Player.reduce` is the only thing that changes it.
public struct PlayerState: Sendable {
    /// The walk and the listener's controls over it.
    public var session: PlayerSession
    /// The tour's texts, route and subtitles in the current languages.
    public var info: PlayerTourInfo
    /// The donation link the completion screen shows.
    public var donation: String?
    /// The name of the walk shown in the header (a trace's file name, "simulated walk").
    public var traceName: String?
    public var overlay: PlayerFrame.Overlay?
    public var showLog = false
    /// The tour's offline map (its `mapTiles`, decoded, with the streets along the route), nil when it has none;
    /// the driver sets it when the tour loads and again when a reload changes the tiles or the route.
    public var underlay: MapUnderlay?
    /// Whether the map pane draws `underlay` under the route (`b` toggles it).
    public var showBasemap = true
    /// The basemap the map pane draws: `underlay` while `showBasemap`, else nil.
    public var shownUnderlay: MapUnderlay? { showBasemap ? underlay : nil }
    public var map = MapView()
    /// The subtitle languages the narration has, in the order `s` cycles through (then off).
    public let subtitleLanguages: [String]
    /// The subtitle language shown (nil: off).
    public var subtitleLanguage: String?
    /// The last few notices (newest last), shown in the log pane.
    public private(set) var notices: [String] = []
    /// How many notices the log keeps.
    public static let noticeLimit = 5
    /// The notice shown on the last row in place of the key hints (nil: the hints), and for how many more
    /// seconds of wall time.
    public private(set) var shownNotice: String?
    public private(set) var shownNoticeSeconds = 0.0
    /// The notice a key's explanation covers for a moment (one shown until replaced, like a broken edit's
    /// line), shown again when the explanation goes.
    private var coveredNotice: String?
    /// Wall seconds a key's explanation (`KeyRefusal`) stays on the last row.
    public static let refusalSeconds = 4.0

    public init(session: PlayerSession, info: PlayerTourInfo, subtitleLanguages: [String], subtitleLanguage: String?, traceName: String? = nil, donation: String? = nil) {
        self.session = session
        self.info = info
        self.subtitleLanguages = subtitleLanguages
        self.subtitleLanguage = subtitleLanguage
        self.traceName = traceName
        self.donation = donation
    }

    mutating func show(notice: String, seconds: Double) {
        shownNotice = notice
        shownNoticeSeconds = seconds
        coveredNotice = nil
    }

    /// Shows why a key did nothing (`KeyRefusal`) for `refusalSeconds`; a notice shown until replaced comes back
    /// after it.
    mutating func explain(_ refusal: String) {
        let covered = shownNoticeSeconds == .infinity ? shownNotice : coveredNotice
        show(notice: refusal, seconds: PlayerState.refusalSeconds)
        coveredNotice = covered
    }

    /// `wallSeconds` passed: the shown notice goes once its time is up.
    mutating func age(shownNotice wallSeconds: Double) {
        guard shownNotice != nil, wallSeconds > 0 else { return }
        shownNoticeSeconds -= wallSeconds
        if shownNoticeSeconds <= 0 {
            shownNotice = coveredNotice
            shownNoticeSeconds = coveredNotice == nil ? 0 : .infinity
            coveredNotice = nil
        }
    }

    mutating func add(notice: String) {
        notices.append(notice)
        if notices.count > PlayerState.noticeLimit { notices.removeFirst(notices.count - PlayerState.noticeLimit) }
    }

    /// The frame for this moment; `heardPosition` is the audio output's heard position (nil: muted or none,
    /// the clock's position is used).
    public func frame(heardPosition: Double?, muted: Bool) -> PlayerFrame {
        var frame = session.frame(info: info, heardPosition: heardPosition, muted: muted, showLog: showLog, overlay: overlay)
        if showLog { frame.log += notices }
        frame.traceName = traceName
        frame.subtitleLanguage = subtitleLanguage
        frame.hasSubtitles = !subtitleLanguages.isEmpty
        frame.notice = shownNotice
        return frame
    }
}
