import Foundation
import WalkscapeCore
import WalkscapeRuntime
import WalkscapeTUI
import WalkscapeTours

/// `play --watch`: reloads the tour when its files change (a `TourWatcher`, inotify), so a producer sees an
/// edit without leaving the player. A tour that no longer loads keeps the last good version playing and
/// says why in one line; the walk's position is kept across reloads.
///
/// Kept apart from the player loop on purpose: the loop asks `check(now:)` once a frame; a new version goes
/// through `Player.reduce` as `.reload` (whose effect the loop carries out with `apply`), a broken edit as a
/// `.showNotice`. `check` is called from the loop's thread only; the load runs on a thread of its own and
/// hands its outcome over under `lock` (hence `@unchecked Sendable`). A reload names only the changed files
/// the tour uses; changes to nothing it uses reload nothing.
public final class PlayerReloader: @unchecked Sendable {
    /// What a check found.
    public enum Outcome: Sendable {
        /// The tour loaded again after `changed` (paths in the tour directory) changed.
        case reloaded(ReplayTour, changed: [String])
        /// The edit broke the tour: its first validation line.
        case broken(String)
    }

    public let replayArgument: String
    public let language: String
    public let allowMissing: Bool
    private let watcher: TourWatcher
    /// The load in progress on its own thread (reading every file and decoding every recording takes a
    /// moment; the screen keeps drawing meanwhile), and what it found.
    private let lock = NSLock()
    private var loading = false
    private var again: [String] = []
    private var finished: Outcome?

    /// Watches the tour of `replay` (loaded in `replay.language`), or throws one line when it cannot be watched.
    public init(replay: ReplayTour, allowMissing: Bool) throws(TourWatcherError) {
        replayArgument = replay.location.directory
        language = replay.language
        self.allowMissing = allowMissing
        watcher = try TourWatcher(directory: replay.location.directory)
    }

    /// Once a frame: nil while nothing changed (or the writes, or the reload, are still going on), else what
    /// reloading found. Changes made during a reload are loaded after it.
    public func check(now: Double) -> Outcome? {
        let changed = watcher.changes(quietFor: 0.25, now: now)
        lock.lock()
        defer { lock.unlock() }
        if !changed.isEmpty {
            if loading { again += changed } else { start(changed) }
        }
        guard let outcome = finished else { return nil }
        finished = nil
        if !again.isEmpty {
            start(again)
            again = []
        }
        // Only files the tour does not use changed (an editor's scratch file, a note): nothing to reload.
        if case let .reloaded(_, changed) = outcome, changed.isEmpty { return nil }
        return outcome
    }

    /// Starts loading the tour on its own thread (called with `lock` held).
    private func start(_ changed: [String]) {
        loading = true
        let (argument, language, allowMissing) = (replayArgument, self.language, self.allowMissing)
        Thread.detachNewThread { [self] in
            let outcome = PlayerReloader.load(argument, language: language, allowMissing: allowMissing, changed: changed)
            lock.lock()
            finished = outcome
            loading = false
            lock.unlock()
        }
    }

    /// Loads the tour as `play` does: the new version, or the first line of why it cannot play.
    public static func load(_ argument: String, language: String, allowMissing: Bool, changed: [String]) -> Outcome {
        do {
            let tour = try ReplayTour.load(argument, language: language, allowMissing: allowMissing)
            return .reloaded(tour, changed: used(changed, by: tour))
        } catch {
            // The tour's own directory is left out of the line: the screen is narrow, the producer knows where.
            var first = error.problems.first.map { $0.description } ?? "tour.json: cannot be replayed"
            first = first.replacingOccurrences(of: argument + "/", with: "")
            let missing = error.incomplete.map { _ in " (files missing: --allow-missing previews without them)" } ?? ""
            return .broken(PlayerReloader.brokenPrefix + TerminalText.sanitize(first) + missing)
        }
    }

    /// Of the `changed` paths (relative to the tour directory), those `tour` uses: its tour.json and the files
    /// it names (every language's). An editor's scratch files (`sed -i`'s `subtitles/it/sed2sV0Lp`, renamed over
    /// the file it edits), new folders and files the tour does not name are left out.
    public static func used(_ changed: [String], by tour: ReplayTour) -> [String] {
        func normalized(_ path: String) -> String { path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
        var files = Set(tour.tour.assets.map { normalized($0.asset.file) })
        if tour.location.jsonFile.hasPrefix(tour.location.directory + "/") {
            files.insert(String(tour.location.jsonFile.dropFirst(tour.location.directory.count + 1)))
        } else {
            files.insert((tour.location.jsonFile as NSString).lastPathComponent)
        }
        return changed.filter { files.contains(normalized($0)) }
    }

    /// What the line of a broken edit starts with.
    public static let brokenPrefix = "edit not loaded, the last good version plays on: "

    /// The notice for a reload that worked.
    public static func reloadedNotice(_ changed: [String]) -> String {
        "reloaded after changes to " + changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
    }

    /// Carries out the `.reload` effect for the new version `tour` (loaded after `changed` changed): the
    /// player's texts and subtitles from it, the walk rebuilt at the same moment when the engine's tour
    /// changed, the audio restarted at its position only when what plays may have changed (not for a
    /// subtitle), and a notice saying what was reloaded. `sink` is the walk's audio sink.
    public static func apply(_ tour: ReplayTour, changed: [String], to state: inout PlayerState, sink: AudioSink?, trace: Trace, policy: EnginePolicy) {
        state.info = PlayerTour.info(tour, subtitles: state.subtitleLanguage)
        state.donation = tour.tour.donationUrl
        let rebuilt = rebuild(state.session, tour: tour.engineTour, trace: trace, policy: policy)
        if rebuilt.tour.points != state.session.tour.points || changed.contains(where: AudioFileTypes.hasAudioExtension) {
            let audio: [WalkAudioCommand] = rebuilt.engine.playing.map { [.play(point: $0.point, offset: rebuilt.traceTime - $0.startedAt)] } ?? [.stop]
            sink?.execute(audio, speed: rebuilt.speed, paused: rebuilt.paused, walkTime: rebuilt.traceTime)
        }
        state.session = rebuilt
        _ = Player.reduce(&state, .showNotice(reloadedNotice(changed), seconds: 4))
    }

    /// `session` for the reloaded `tour`: the same session when the points, radii and recording lengths are
    /// unchanged; otherwise a new one replayed to the same moment of the walk (same speed, same pauses). The
    /// catching up's updates are dropped on purpose, so that it is not played: the audio sink hears the walk
    /// again from its next update (the loop runs the reducer's effects), and `apply` restarts what plays.
    public static func rebuild(_ session: PlayerSession, tour: EngineTour, trace: Trace, policy: EnginePolicy) -> PlayerSession {
        guard session.tour.points != tour.points else { return session }
        var fresh = PlayerSession(tour: tour, trace: trace, policy: policy, speed: session.speed)
        if session.traceTime > 0 { _ = fresh.advance(wallSeconds: session.traceTime / session.speed) }
        for holder in session.pauseHolders { _ = fresh.setPaused(true, by: holder) }
        // Caught up on the walk's own clock; from here the sink leads again as it did.
        fresh.audioLeads = session.audioLeads
        return fresh
    }
}
