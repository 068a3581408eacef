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

        public init(fixAge: Double?, accuracy: Double?) {
            self.fixAge = fixAge
            self.accuracy = accuracy
        }

        /// Weak when accuracy is poor (worse than 25 m) or fixes have stopped (none for 10 s).
        public var isWeak: Bool { (accuracy ?? 0) > 25 || (fixAge ?? 0) > 10 || fixAge == nil }
    }

    /// An overlay drawn over the screen.
    public enum Overlay: Sendable, Equatable {
        case help
        case confirmQuit
        case completion(CompletionSummary)
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

    public init(
        tourTitle: String, stop: (order: Int, count: Int, title: String)?, gps: GPS, traceTime: Double, speed: Double,
        map: MapScene, routeCard: RouteCard?, subtitles: SubtitleBox, audio: AudioBar, log: [String] = [], showLog: Bool = false,
        overlay: Overlay? = nil
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
    }

    public static func == (lhs: PlayerFrame, rhs: PlayerFrame) -> Bool {
        lhs.tourTitle == rhs.tourTitle && lhs.stop?.order == rhs.stop?.order && lhs.stop?.count == rhs.stop?.count
            && lhs.stop?.title == rhs.stop?.title && lhs.gps == rhs.gps && lhs.traceTime == rhs.traceTime
            && lhs.speed == rhs.speed && lhs.map == rhs.map && lhs.routeCard == rhs.routeCard && lhs.subtitles == rhs.subtitles
            && lhs.audio == rhs.audio && lhs.log == rhs.log && lhs.showLog == rhs.showLog && lhs.overlay == rhs.overlay
    }
}

/// What the completion screen summarises.
public struct CompletionSummary: Sendable, Equatable {
    public var played: Int
    public var missed: [Int]
    public var walkingSeconds: Double
    public var distanceMeters: Double
    public var message: String?
    public var donation: String?

    public init(played: Int, missed: [Int], walkingSeconds: Double, distanceMeters: Double, message: String?, donation: String?) {
        self.played = played
        self.missed = missed
        self.walkingSeconds = walkingSeconds
        self.distanceMeters = distanceMeters
        self.message = message
        self.donation = donation
    }
}
