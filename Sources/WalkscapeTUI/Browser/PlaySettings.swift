import WalkscapeCore

/// What the settings screen changes and the player starts with: languages, the engine's policy, the speed.
public struct PlaySettings: Sendable, Equatable {
    /// Subtitles: in the narration's language, off, or in a given language.
    public enum Subtitles: Sendable, Equatable {
        case sameAsAudio, off
        case language(String)
    }

    /// The narration language; nil picks the user's language when the tour has it, else the tour's first.
    public var audioLanguage: String?
    public var subtitles: Subtitles
    /// The preset the policy started from (`--profile`); choosing another resets the policy to it.
    public var profile: EngineProfile
    public var policy: EnginePolicy
    public var speed: Double

    public init(audioLanguage: String? = nil, subtitles: Subtitles = .sameAsAudio, profile: EngineProfile = .prd, policy: EnginePolicy? = nil, speed: Double = 1) {
        self.audioLanguage = audioLanguage
        self.subtitles = subtitles
        self.profile = profile
        self.policy = policy ?? profile.policy
        self.speed = speed
    }

    /// The rows of the settings screen, in order.
    public enum Field: Int, Sendable, CaseIterable {
        case audioLanguage, subtitles, profile, queueDepth, confirmFixes, minAccuracy, skipMissed, speed
    }

    /// The accuracy gates offered (nil: every fix counts).
    public static let accuracySteps: [Double?] = [nil, 10, 15, 20, 25, 35, 50, 75, 100]

    /// Moves `field` one step forward (or back) among its values; `languages` are those offered.
    public mutating func step(_ field: Field, forward: Bool, languages: [String], speeds: [Double]) {
        func cycle<T: Equatable>(_ values: [T], _ current: T) -> T {
            let index = values.firstIndex(of: current) ?? 0
            return values[(index + (forward ? 1 : values.count - 1)) % values.count]
        }
        let before = policy
        defer {
            // A value the profile cannot have (an app profile's queue is one slot) is not taken.
            if policy.conflict != nil { policy = before }
        }
        switch field {
        case .profile:
            profile = cycle(EngineProfile.allCases, profile)
            policy = profile.policy
        case .audioLanguage:
            audioLanguage = cycle([nil] + languages.map { Optional($0) }, audioLanguage)
        case .subtitles:
            subtitles = cycle([.sameAsAudio, .off] + languages.map { Subtitles.language($0) }, subtitles)
        case .queueDepth:
            policy.queueDepth = min(5, max(0, policy.queueDepth + (forward ? 1 : -1)))
        case .confirmFixes:
            policy.confirmFixes = min(5, max(1, policy.confirmFixes + (forward ? 1 : -1)))
        case .minAccuracy:
            policy.minAccuracyMeters = cycle(PlaySettings.accuracySteps, policy.minAccuracyMeters)
        case .skipMissed:
            policy.skipMissed.toggle()
        case .speed:
            let index = speeds.firstIndex(of: speed) ?? speeds.firstIndex(of: 1) ?? 0
            speed = speeds[min(speeds.count - 1, max(0, index + (forward ? 1 : -1)))]
        }
    }
}
