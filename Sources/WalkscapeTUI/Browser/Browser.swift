import WalkscapeCore
/// The catalogue, tour detail and settings screens' logic: one reducer from key presses to a new state and,
/// sometimes, something for the driver to do (start the player, quit). Pure, so every path is unit-tested.
public enum Browser {
    /// What the driver must do after a key.
    public enum Effect: Sendable, Equatable {
        /// Start the player on `tours[tour]` along `walk` with `settings`.
        case play(tour: Int, walk: TourListing.WalkChoice, settings: PlaySettings)
        /// Run the tour's download command (Option B's fix), then come back to its detail.
        case download(tour: Int)
        case quit
    }

    /// The speeds the settings offer (the player's).
    public static let speeds: [Double] = ReplaySpeeds.steps

    /// Applies `input` to `state`; returns what the driver must do, if anything.
    public static func reduce(_ state: inout BrowserState, _ input: BrowserInput) -> Effect? {
        if case let .help(over) = state.screen {
            state.screen = over
            return nil
        }
        if input == .character("?") {
            state.screen = .help(over: state.screen)
            return nil
        }
        if input == .character("q") { return .quit }
        state.message = nil
        switch state.screen {
        case .catalogue: return catalogue(&state, input)
        case let .detail(index): return detail(&state, input, tour: index)
        case let .settings(returnTo): return settings(&state, input, returnTo: returnTo)
        case .help: return nil
        }
    }

    static func catalogue(_ state: inout BrowserState, _ input: BrowserInput) -> Effect? {
        let count = state.visible.count
        switch input {
        case .up, .character("k"): state.selection = max(0, min(state.selection, count - 1) - 1)
        case .down, .character("j"): state.selection = max(0, min(count - 1, state.selection + 1))
        case .tab, .character("t"):
            state.filter = state.filter.next
            state.selection = 0
        case .enter, .right, .character("l"):
            if let tour = state.selectedTour {
                state.screen = .detail(tour)
                state.walkSelection = 0
            }
        case .character(","): state.screen = .settings(returnTo: .catalogue)
        case .back: return .quit
        default: break
        }
        return nil
    }

    static func detail(_ state: inout BrowserState, _ input: BrowserInput, tour index: Int) -> Effect? {
        let tour = state.tours[index]
        switch input {
        case .back, .character("h"): state.screen = .catalogue
        case .left: state.walkSelection = max(0, state.walkSelection - 1)
        case .right: state.walkSelection = max(0, min(tour.walks.count - 1, state.walkSelection + 1))
        case .up, .down:
            // Next/previous tour in the list, without going back to it.
            let list = state.visible
            guard let position = list.firstIndex(of: index), !list.isEmpty else { break }
            let next = min(list.count - 1, max(0, position + (input == .down ? 1 : -1)))
            state.selection = next
            state.screen = .detail(list[next])
            state.walkSelection = 0
        case .character(","): state.screen = .settings(returnTo: .detail(index))
        case .enter, .character(" "):
            switch tour.availability {
            case .ready:
                guard !tour.walks.isEmpty else {
                    state.message = "no walk to replay: put GPX, NMEA or GeoJSON traces in \(tour.directory)/traces/ or run `walkscape play \(tour.directory) --trace FILE`"
                    break
                }
                return .play(tour: index, walk: tour.walks[min(state.walkSelection, tour.walks.count - 1)], settings: state.settings)
            case let .notDownloaded(problems, fix, offer):
                state.message = "not downloaded (\(problems.count) problem\(problems.count == 1 ? "" : "s")): "
                    + (offer.isRunnable ? "press d to download it" : "run `\(fix)`")
            case let .broken(why):
                state.message = why
            }
        case .character("d"):
            if case .notDownloaded(_, let fix, let offer) = tour.availability {
                switch offer {
                case .runnable: return .download(tour: index)
                case .needsToken:
                    state.message = "this tour is protected: start `walkscape play` with --token T (or WALKSCAPE_TOKEN set) to download it here, or run `\(fix)`"
                case .unknownSource:
                    state.message = "this tour does not say where it was downloaded from: run `\(fix)` with the API's address"
                }
            }
        default: break
        }
        return nil
    }

    static func settings(_ state: inout BrowserState, _ input: BrowserInput, returnTo: BrowserState.Screen) -> Effect? {
        let fields = PlaySettings.Field.allCases
        let row = state.settingsField.rawValue
        switch input {
        case .up, .character("k"): state.settingsField = fields[max(0, row - 1)]
        case .down, .character("j"): state.settingsField = fields[min(fields.count - 1, row + 1)]
        case .left, .right, .enter, .character(" "):
            state.settings.step(state.settingsField, forward: input != .left, languages: state.languages, speeds: speeds)
        case .back, .character(","): state.screen = returnTo
        default: break
        }
        return nil
    }
}
