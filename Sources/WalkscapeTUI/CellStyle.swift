/// How a cell is drawn: colours and attributes. Colours are palette roles, mapped to real colours by the
/// terminal backend (256 colours, 8 colours, or none with `NO_COLOR`).
public struct CellStyle: Sendable, Hashable {
    /// A colour by its role in walkscape's palette.
    public enum Color: String, Sendable, Hashable {
        case `default`, text, dim, background, route, active, visited, queued, next, later, walker, warning, error
        /// The basemap (offline map tiles), drawn dimly under the route: streets and paths, water, green areas,
        /// buildings.
        case mapWay, mapWater, mapGreen, mapBuilding
    }

    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool

    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false, dim: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
    }

    /// The terminal's default look.
    public static let plain = CellStyle()
}
