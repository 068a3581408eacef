import WalkscapeCore

/// Everything the player screen shows at one moment, as plain data: the terminal loop builds it from the
/// engine state and the audio snapshot, and `PlayerScreen` draws it. Tests build it by hand.
public struct PlayerFrame: Sendable, Equatable {
    /// The GPS line of the header.
    public struct GPS: Sendable, Equatable {
        /// Seconds since the last fix, nil before the first.
        public var fixAge: Double?
        /// Horizontal accuracy of the last fix in metres, if known.
        public var accuracy: Double?

        /// A live walk (`play --gps`): the age is wall time since the last fix arrived.
        public var live: Bool
        /// A live walk whose source ended (gpsd closed, the stream broke).
        public var sourceEnded: Bool

        public init(fixAge: Double?, accuracy: Double?, live: Bool = false, sourceEnded: Bool = false) {
            self.fixAge = fixAge
            self.accuracy = accuracy
            self.live = live
            self.sourceEnded = sourceEnded
        }

        /// Weak when accuracy is poor (worse than 25 m) or fixes have stopped (none for 10 s).
        public var isWeak: Bool { (accuracy ?? 0) > 25 || (fixAge ?? 0) > 10 || fixAge == nil }
        /// Lost, on a live walk: the source ended, or no fix came for 10 s.
        public var isLost: Bool { live && (sourceEnded || (fixAge ?? 0) > 10) }
    }

    /// An overlay drawn over the screen.
    public enum Overlay: Sendable, Equatable {
        case help
        case confirmQuit
        case completion(CompletionSummary)

        /// True when the walk (clock, engine and audio) stops while this overlay is open; the overlay says
        /// so on screen. The completion screen comes after the walk, so it has nothing to stop.
        public var pausesWalk: Bool {
            switch self {
            case .help, .confirmQuit: return true
            case .completion: return false
            }
        }
    }

    public var tourTitle: String
    /// The current (or next) stop: its order, the number of stops and its title.
    public var stop: (order: Int, count: Int, title: String)?
    public var gps: GPS
    /// Trace time (seconds since its first fix) and the replay speed (1 = real time).
    public var traceTime: Double
    public var speed: Double
    public var map: MapScene
    public var routeCard: RouteCard?
    public var subtitles: SubtitleBox
    public var audio: AudioBar
    /// The event log's last lines, newest last; shown when `showLog`.
    public var log: [String]
    public var showLog: Bool
    public var overlay: Overlay?
    /// True while the walk is paused (by the listener or an overlay), whether or not audio plays.
    public var paused: Bool
    /// The name of the trace being played (its file name, or "simulated walk"), shown in the header.
    public var traceName: String?
    /// The subtitle language shown (nil: subtitles off), and whether the tour has any to choose from.
    public var subtitleLanguage: String?
    public var hasSubtitles: Bool
    /// Seconds ←/→ seek under the profile's manual controls (`ManualControls.seekStepSeconds`), for the help.
    public var seekStepSeconds: Double
    /// One line shown in place of the key hints while it is set: with `play --watch`, what the last reload
    /// found (the validation line of a broken edit, or that the tour was reloaded).
    public var notice: String?

    public init(
        tourTitle: String, stop: (order: Int, count: Int, title: String)?, gps: GPS, traceTime: Double, speed: Double,
        map: MapScene, routeCard: RouteCard?, subtitles: SubtitleBox, audio: AudioBar, log: [String] = [], showLog: Bool = false,
        overlay: Overlay? = nil, paused: Bool = false, traceName: String? = nil, subtitleLanguage: String? = nil, hasSubtitles: Bool = false,
        seekStepSeconds: Double = 10
    ) {
        self.tourTitle = tourTitle
        self.stop = stop
        self.gps = gps
        self.traceTime = traceTime
        self.speed = speed
        self.map = map
        self.routeCard = routeCard
        self.subtitles = subtitles
        self.audio = audio
        self.log = log
        self.showLog = showLog
        self.overlay = overlay
        self.paused = paused
        self.traceName = traceName
        self.subtitleLanguage = subtitleLanguage
        self.hasSubtitles = hasSubtitles
        self.seekStepSeconds = seekStepSeconds
    }

    /// The frame with its times at the precision the screen prints (tenths of a second): two frames equal
    /// after this draw the same, so the player skips drawing the second.
    public func asShown() -> PlayerFrame {
        var frame = self
        frame.traceTime = (traceTime * 10).rounded() / 10
        frame.audio.elapsed = (audio.elapsed * 10).rounded(.down) / 10
        frame.gps.fixAge = gps.fixAge.map { ($0 * 10).rounded() / 10 }
        return frame
    }

    /// This frame with every text transliterated to ASCII, for a terminal without a UTF-8 locale.
    public func asciiOnly() -> PlayerFrame {
        let ascii = { (text: String) in ASCIIFallback.transliterate(text: text) }
        var copy = self
        copy.tourTitle = ascii(tourTitle)
        copy.stop = stop.map { ($0.order, $0.count, ascii($0.title)) }
        copy.routeCard?.title = ascii(routeCard?.title ?? "")
        copy.subtitles.current = subtitles.current.map(ascii)
        copy.subtitles.previous = subtitles.previous.map(ascii)
        copy.audio.title = audio.title.map(ascii)
        copy.log = log.map(ascii)
        copy.traceName = traceName.map(ascii)
        copy.notice = notice.map(ascii)
        if case var .completion(summary)? = overlay {
            summary.message = summary.message.map(ascii)
            summary.missedPoints = summary.missedPoints.map { MissedPoint(order: $0.order, title: ascii($0.title), reason: $0.reason) }
            copy.overlay = .completion(summary)
        }
        return copy
    }

    public static func == (lhs: PlayerFrame, rhs: PlayerFrame) -> Bool {
        lhs.tourTitle == rhs.tourTitle && lhs.stop?.order == rhs.stop?.order && lhs.stop?.count == rhs.stop?.count
            && lhs.stop?.title == rhs.stop?.title && lhs.gps == rhs.gps && lhs.traceTime == rhs.traceTime
            && lhs.speed == rhs.speed && lhs.map == rhs.map && lhs.routeCard == rhs.routeCard && lhs.subtitles == rhs.subtitles
            && lhs.audio == rhs.audio && lhs.log == rhs.log && lhs.showLog == rhs.showLog && lhs.overlay == rhs.overlay
            && lhs.paused == rhs.paused && lhs.traceName == rhs.traceName && lhs.subtitleLanguage == rhs.subtitleLanguage
            && lhs.hasSubtitles == rhs.hasSubtitles && lhs.seekStepSeconds == rhs.seekStepSeconds && lhs.notice == rhs.notice
    }
}
