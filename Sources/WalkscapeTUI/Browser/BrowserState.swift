/// Where the user is among the screens before the player: the catalogue, a tour's detail, or the settings,
/// with the selections on each. Changed only by `Browser.reduce`.
public struct BrowserState: Sendable, Equatable {
    /// The screen shown.
    public enum Screen: Sendable, Equatable {
        case catalogue
        /// The detail of `tours[index]`.
        case detail(Int)
        /// The settings, and the screen to go back to.
        indirect case settings(returnTo: Screen)
        /// The help overlay on top of `over`.
        indirect case help(over: Screen)
    }

    public var tours: [TourListing]
    public var screen: Screen = .catalogue
    public var filter: CatalogueFilter = .all
    /// The selected row among the filtered tours.
    public var selection = 0
    /// The walk (trace) chosen on the detail screen.
    public var walkSelection = 0
    /// The selected row on the settings screen.
    public var settingsField: PlaySettings.Field = .audioLanguage
    public var settings: PlaySettings
    /// A one-line message for the bottom of the screen (why a tour cannot start, …).
    public var message: String?

    public init(tours: [TourListing], settings: PlaySettings = PlaySettings()) {
        self.tours = tours
        self.settings = settings
    }

    /// The tours the filter admits, as indices into `tours`.
    public var visible: [Int] { tours.indices.filter { filter.admits(tours[$0]) } }

    /// The selected tour's index into `tours`, if any is listed.
    public var selectedTour: Int? {
        let list = visible
        return list.isEmpty ? nil : list[min(selection, list.count - 1)]
    }

    /// Every language some tour offers, in first-seen order (the settings' choices).
    public var languages: [String] {
        var all: [String] = []
        for tour in tours { for language in tour.languages where !all.contains(language) { all.append(language) } }
        return all
    }
}
