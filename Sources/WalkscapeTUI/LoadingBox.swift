import WalkscapeCore

/// A centred box saying what is loading and how far along (`Loading big.gpx… 45% [#########-----------]`),
/// drawn over whatever the screen shows while a long step runs.
public struct LoadingBox: Sendable, Equatable {
    /// What is loading (a file name).
    public var label: String
    /// The fraction done (0…1), or nil when the step cannot tell.
    public var fraction: Double?

    public init(label: String, fraction: Double?) {
        self.label = label
        self.fraction = fraction
    }

    /// The one line of text: label, percentage and a 20-cell bar.
    public func text(strings: UIStrings, ascii: Bool) -> String {
        var line = "\(strings["Loading"]) \(TerminalText.sanitize(label))\(ascii ? "..." : "…")"
        if let fraction, fraction.isFinite {
            let done = min(1, max(0, fraction))
            let filled = Int((done * 20).rounded(.down))
            line += " \(Int((done * 100).rounded(.down)))% [" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "]"
        }
        return line
    }

    /// Draws the box in the middle of `grid`.
    public func draw(into grid: inout CellGrid, strings: UIStrings, ascii: Bool) {
        let screen = PlayerScreen(strings: strings, ascii: ascii)
        let line = text(strings: screen.strings, ascii: ascii)
        screen.drawBox([ascii ? ASCIIFallback.transliterate(text: line) : line], into: &grid, width: grid.width, height: grid.height)
    }
}
