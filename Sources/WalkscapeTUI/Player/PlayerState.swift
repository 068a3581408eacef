import WalkscapeCore

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
    }

    /// `wallSeconds` passed: the shown notice goes once its time is up.
    mutating func age(shownNotice wallSeconds: Double) {
        guard shownNotice != nil, wallSeconds > 0 else { return }
        shownNoticeSeconds -= wallSeconds
        if shownNoticeSeconds <= 0 { shownNotice = nil }
    }

    mutating func add(notice: String) {
        notices.append(notice)
        if notices.count > PlayerState.noticeLimit { notices.removeFirst(notices.count - PlayerState.noticeLimit) }
    }

    /// The frame for this moment; `heardPosition` is the audio output's heard position (nil: muted or none,
    /// the clock's position is used).
    public func frame(heardPosition: Double?, muted: Bool) -> PlayerFrame {
        var frame = session.frame(info: info, heardPosition: heardPosition, muted: muted, showLog: showLog, overlay: overlay)
        frame.log += notices
        frame.traceName = traceName
        frame.subtitleLanguage = subtitleLanguage
        frame.hasSubtitles = !subtitleLanguages.isEmpty
        frame.notice = shownNotice
        return frame
    }
}
