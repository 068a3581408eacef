import ArgumentParser
import WalkscapeCore

/// `--screen-locked`, `--background-location`, `--killed-at`, `--racing-events`: the phone during the walk (`DeviceScenario`).
struct LifecycleOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The screen is locked from FROM to TO (walk times: seconds, m:ss or h:mm:ss; repeat). An Android build without background location gets no positions then.",
        valueName: "FROM-TO"))
    var screenLocked: [String] = []
    @Option(help: ArgumentHelp("Whether the phone granted background location: granted or denied (default granted; Android builds only).", valueName: "G"))
    var backgroundLocation: String = "granted"
    @Option(help: ArgumentHelp("The app's process dies at this walk time (seconds, m:ss or h:mm:ss): its audio stops, no completion.", valueName: "T"))
    var killedAt: String?
    @Option(help: ArgumentHelp("Android's tour_completed and tour_abandoned, sent as the player closes: kept or lost (default kept; docs/profiles.md).", valueName: "K"))
    var racingEvents: String = "kept"

    func validate() throws { _ = try options() }
    func options() throws -> DeviceScenario.Options {
        try checked { () throws(ValueProblem) in try DeviceScenario.Options(screenLocked: screenLocked, backgroundLocation: backgroundLocation, killedAt: killedAt, racingEvents: racingEvents) }
    }
}
