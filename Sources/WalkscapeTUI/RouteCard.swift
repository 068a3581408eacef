import Foundation
import WalkscapeCore

/// The next stop as the walker needs it: name, distance, direction relative to north, walking time.
public struct RouteCard: Sendable, Equatable {
    /// The walker's relation to the stop.
    public enum Status: Sendable, Equatable {
        case inside, queued, waiting
    }

    public var order: Int
    public var title: String
    public var distanceMeters: Double
    /// Bearing from the walker to the stop, degrees clockwise from north.
    public var bearingDegrees: Double
    public var status: Status
    /// Whether the stop's recording is a placeholder (`"placeholder": true` in tour.json): marked on the heading.
    public var placeholder: Bool

    public init(order: Int, title: String, distanceMeters: Double, bearingDegrees: Double, status: Status, placeholder: Bool = false) {
        self.order = order
        self.title = title
        self.distanceMeters = distanceMeters
        self.bearingDegrees = bearingDegrees
        self.status = status
        self.placeholder = placeholder
    }

    /// The walking speed used for the time estimate: 4.5 km/h.
    public static let walkingSpeed = 4.5 / 3.6

    /// Minutes of walking at 4.5 km/h, rounded up (at least 1 while any distance is left).
    public var walkingMinutes: Int {
        distanceMeters <= 0 ? 0 : max(1, Int((distanceMeters / RouteCard.walkingSpeed / 60).rounded(.up)))
    }

    /// The walking time as the card says it: minutes up to 90 (`25 min walk`), then hours (`2 h 5 min walk`),
    /// then days (`15 d 10 h walk`), in the player's language.
    public func walkingTime(strings: UIStrings) -> String {
        let minutes = walkingMinutes
        if minutes <= 90 { return "\(minutes) \(strings["min walk"])" }
        let hours = minutes / 60, days = minutes / (24 * 60)
        if days == 0 {
            return minutes % 60 == 0 ? "\(hours) \(strings["h walk"])" : "\(hours) h \(minutes % 60) \(strings["min walk"])"
        }
        return hours % 24 == 0 ? "\(days) \(strings["d walk"])" : "\(days) \(strings["d"]) \(hours % 24) \(strings["h walk"])"
    }

    /// An arrow for the bearing: ↑↗→↘↓↙←↖, or N NE E SE S SW W NW in ASCII.
    public static func arrow(for bearing: Double, ascii: Bool) -> String {
        let normalized = (bearing.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let sector = Int((normalized / 45).rounded()) % 8
        return ascii ? ["N", "NE", "E", "SE", "S", "SW", "W", "NW"][sector] : ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"][sector]
    }

    /// Draws the card into `grid` at (x, y), `width` columns, three rows: heading with the status, the
    /// stop's title, then direction, distance and walking time.
    public func draw(into grid: inout CellGrid, x: Int, y: Int, width: Int, strings: UIStrings, ascii: Bool) {
        let statusText: String
        let statusStyle: CellStyle
        switch status {
        case .inside:
            statusText = strings["inside region"]
            statusStyle = CellStyle(foreground: .active, bold: true)
        case .queued:
            statusText = strings["queued"]
            statusStyle = CellStyle(foreground: .queued, bold: true)
        case .waiting:
            statusText = strings["waiting"]
            statusStyle = CellStyle(foreground: .dim)
        }
        let heading = "\(strings["Next stop"]) \(order) · "
        let used = grid.put(heading, x: x, y: y, style: CellStyle(foreground: .next, bold: true), maxWidth: width)
        let statusWidth = grid.put(statusText, x: x + used, y: y, style: statusStyle, maxWidth: max(0, width - used))
        if placeholder {
            grid.put(" · " + strings["placeholder"], x: x + used + statusWidth, y: y, style: CellStyle(foreground: .dim), maxWidth: max(0, width - used - statusWidth))
        }
        grid.put(DisplayWidth.truncate(TerminalText.sanitize(title), to: width), x: x, y: y + 1, style: CellStyle(foreground: .text, bold: true), maxWidth: width)
        let distance = distanceMeters < 1000 ? "\(Int(distanceMeters.rounded())) m" : formatFixed(distanceMeters / 1000, 1) + " km"
        let line = "\(RouteCard.arrow(for: bearingDegrees, ascii: ascii)) \(distance) · \(walkingTime(strings: strings))"
        grid.put(line, x: x, y: y + 2, style: CellStyle(foreground: .text), maxWidth: width)
    }
}
