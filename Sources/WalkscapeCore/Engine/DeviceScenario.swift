/// What happens to the phone during a walk, beside the walk itself: when its screen is locked, whether the app
/// still gets positions then, and when the app's process is killed (`--screen-locked`, `--killed-at`).
///
/// Resolved per profile (`LifecycleRules`): the same screen-lock windows withhold positions from an Android
/// build without background location and not from an iOS build. Times are seconds on the walk's clock (from
/// the trace's first fix).
public struct DeviceScenario: Sendable, Equatable {
    /// One stretch of the walk with the screen locked, `from` ≤ t < `to`.
    public struct Window: Sendable, Equatable {
        public var from: Double
        public var to: Double

        public init(from: Double, to: Double) {
            self.from = from
            self.to = to
        }

        /// "10:00-12:30", "600-750" or "1:02:00-1:05:00": walk times as seconds, m:ss or h:mm:ss (decimals
        /// allowed), the end after the start. Nil with the reason in `problem` otherwise.
        public static func parse(_ text: String) -> Result<Window, ValueProblem> {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let from = DeviceScenario.seconds(String(parts[0])), let to = DeviceScenario.seconds(String(parts[1])) else {
                return .failure(ValueProblem("expected FROM-TO, two walk times as seconds, m:ss or h:mm:ss (e.g. 10:00-12:30)"))
            }
            guard to > from else { return .failure(ValueProblem("the end must be after the start")) }
            return .success(Window(from: from, to: to))
        }
    }

    /// The screen-lock windows, in any order.
    public var screenLocked: [Window]
    /// Whether the app receives positions while the screen is locked (the build's rule and the phone's
    /// permission, `LifecycleRules.positionsWhileLocked`).
    public var positionsWhileLocked: Bool
    /// When the app's process dies (walk seconds), nil when it lives.
    public var killedAt: Double?
    /// Whether the events an Android build sends from a coroutine its screen's navigation cancels are lost
    /// (`tour_completed`, and `tour_abandoned` where the build sends it): `--racing-events lost`.
    public var racingEventsLost: Bool

    public init(screenLocked: [Window] = [], positionsWhileLocked: Bool = true, killedAt: Double? = nil, racingEventsLost: Bool = false) {
        self.screenLocked = screenLocked
        self.positionsWhileLocked = positionsWhileLocked
        self.killedAt = killedAt
        self.racingEventsLost = racingEventsLost
    }

    /// The scenario for `profile`'s build: the windows and the kill as given, positions while locked by the
    /// build's rule and the phone's background-location permission. Nil when neither is given.
    /// `racingEventsLost` applies to the Android builds only (iOS sends from the view, walkscape has no race).
    public static func resolve(
        screenLocked: [Window], backgroundLocation: Bool, killedAt: Double?, racingEventsLost: Bool = false, profile: EngineProfile
    ) -> DeviceScenario? {
        let racing = racingEventsLost && profile.build?.platform == .android
        guard !screenLocked.isEmpty || killedAt != nil || racing else { return nil }
        return DeviceScenario(
            screenLocked: screenLocked, positionsWhileLocked: profile.lifecycle.positionsWhileLocked(backgroundLocation: backgroundLocation),
            killedAt: killedAt, racingEventsLost: racing)
    }

    /// Whether the screen is locked at walk time `t`.
    public func isLocked(at t: Double) -> Bool { screenLocked.contains { t >= $0.from && t < $0.to } }

    /// Whether positions reach the app at walk time `t`.
    public func positionsArrive(at t: Double) -> Bool { positionsWhileLocked || !isLocked(at: t) }

    /// The first moment the screen locks, nil when it never does.
    public var firstLock: Double? { screenLocked.map(\.from).min() }

    /// The largest walk time accepted: 10 days.
    public static let maxSeconds = 864_000.0

    /// "90", "1:30", "1:02:03.5" as seconds (≥ 0, ≤ `maxSeconds`), nil otherwise.
    public static func seconds(_ text: String) -> Double? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count), text.count <= 24 else { return nil }
        var total = 0.0
        for (i, field) in fields.enumerated() {
            let last = i == fields.count - 1
            guard !field.isEmpty, field.allSatisfy({ $0.isASCII && ($0.isNumber || (last && $0 == ".")) }),
                let value = Double(field), value.isFinite
            else { return nil }
            if i > 0, value >= 60 { return nil }
            total = total * 60 + value
        }
        return total <= maxSeconds ? total : nil
    }

    /// The command-line form: `--screen-locked FROM-TO` (repeated), `--background-location granted|denied`,
    /// `--killed-at T`, checked at the boundary.
    public struct Options: Sendable, Equatable {
        public var screenLocked: [Window]
        public var backgroundLocation: Bool
        public var killedAt: Double?
        /// `--racing-events lost`.
        public var racingEventsLost = false

        public init(screenLocked: [String], backgroundLocation: String, killedAt: String?, racingEvents: String = "kept") throws(ValueProblem) {
            guard screenLocked.count <= 1000 else { throw ValueProblem("--screen-locked: at most 1000 windows, got \(screenLocked.count).") }
            var windows: [Window] = []
            for text in screenLocked {
                switch Window.parse(text) {
                case .success(let window): windows.append(window)
                case .failure(let problem): throw ValueProblem("--screen-locked \(TerminalText.sanitize(text)): \(problem.message).")
                }
            }
            guard ["granted", "denied"].contains(backgroundLocation) else {
                throw ValueProblem("--background-location must be granted or denied, got \(TerminalText.sanitize(backgroundLocation)).")
            }
            var killed: Double?
            if let killedAt {
                guard let seconds = DeviceScenario.seconds(killedAt) else {
                    throw ValueProblem("--killed-at must be a walk time (seconds, m:ss or h:mm:ss, at most 240:00:00), got \(TerminalText.sanitize(killedAt)).")
                }
                killed = seconds
            }
            guard ["kept", "lost"].contains(racingEvents) else {
                throw ValueProblem("--racing-events must be kept or lost, got \(TerminalText.sanitize(racingEvents)).")
            }
            self.screenLocked = windows
            self.backgroundLocation = backgroundLocation == "granted"
            self.killedAt = killed
            self.racingEventsLost = racingEvents == "lost"
        }

        /// `policy` with the scenario for `profile`'s build.
        public func applied(to policy: EnginePolicy, profile: EngineProfile) -> EnginePolicy {
            var policy = policy
            policy.device = scenario(for: profile)
            return policy
        }

        /// The scenario for `profile`'s build, nil when no option was given.
        public func scenario(for profile: EngineProfile) -> DeviceScenario? {
            DeviceScenario.resolve(
                screenLocked: screenLocked, backgroundLocation: backgroundLocation, killedAt: killedAt, racingEventsLost: racingEventsLost, profile: profile)
        }
    }
}
