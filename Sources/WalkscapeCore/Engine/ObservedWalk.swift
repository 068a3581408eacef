/// One walk in a file of observed analytics: `collect` appends every phone's events to one file, so the events
/// are grouped by the phone that sent them (`anonymousId`) and, on each phone, by session: each `tour_started`
/// after the first starts a new walk (events before a phone's first one belong to its first walk).
public struct ObservedWalk: Sendable, Equatable {
    /// The phone (`anonymousId`); nil when the events do not say.
    public var device: String?
    /// The walk's number on its phone, from 1.
    public var number: Int
    /// Its events, in file order.
    public var events: [ObservedAnalytics.Event]

    public init(device: String?, number: Int, events: [ObservedAnalytics.Event]) {
        self.device = device
        self.number = number
        self.events = events
    }

    /// The walks of `events`: phones in the order they first appear, each phone's walks in order.
    public static func walks(_ events: [ObservedAnalytics.Event]) -> [ObservedWalk] {
        var devices: [String?] = []
        var byDevice: [String?: [[ObservedAnalytics.Event]]] = [:]
        for event in events {
            if byDevice[event.device] == nil {
                devices.append(event.device)
                byDevice[event.device] = []
            }
            let current = byDevice[event.device]!.last
            if current == nil || (event.name == "tour_started" && current!.contains { $0.name == "tour_started" }) {
                byDevice[event.device]!.append([event])
            } else {
                byDevice[event.device]![byDevice[event.device]!.count - 1].append(event)
            }
        }
        return devices.flatMap { device in
            byDevice[device]!.enumerated().map { ObservedWalk(device: device, number: $0.offset + 1, events: $0.element) }
        }
    }

    /// `android-1 walk 2`, `a phone that sent no anonymousId, walk 1`.
    public var name: String {
        (device.map { TerminalText.sanitize(String($0.prefix(60))) } ?? "(no anonymousId)") + " walk \(number)"
    }

    /// The walk in a line: its name, when it started and how many points it triggered.
    public var summary: String {
        let start = events.first { $0.name == "tour_started" }?.time.map { "started \(ISO8601Time.format($0))" } ?? "no tour_started"
        let points = Set(events.filter { $0.name == "point_triggered" }.compactMap { $0.pointID ?? $0.order.map(String.init) }).count
        return "\(name) (\(start), \(points) point\(points == 1 ? "" : "s") triggered)"
    }

    /// What a file holding `walks` holds: `2 devices, 3 walks: android-1 walk 1 (…); …`.
    public static func describe(_ walks: [ObservedWalk]) -> String {
        let devices = Set(walks.map(\.device)).count
        return "\(devices) device\(devices == 1 ? "" : "s"), \(walks.count) walk\(walks.count == 1 ? "" : "s"): " + walks.map(\.summary).joined(separator: "; ")
    }
}
