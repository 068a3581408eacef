import WalkscapeTUI

/// walkscape's colours for a dark terminal: role → palette index (-1: the terminal's default).
enum Palette {
    static func color(_ role: CellStyle.Color, mode: TerminalCapabilities.ColorMode) -> Int16 {
        switch mode {
        case .none:
            return -1
        case .extended:
            switch role {
            case .default: return -1
            case .text: return 230  // cream
            case .dim: return 246
            case .background: return 54  // dark purple
            case .route: return 220  // yellow
            case .active: return 208  // orange
            case .visited: return 103
            case .queued: return 141
            case .next: return 117
            case .later: return 250
            case .walker: return 231
            case .warning: return 214
            case .error: return 203
            case .mapWay: return 244  // the basemap, dimmer than the route: grey streets
            case .mapWater: return 67  // steel blue
            case .mapGreen: return 65  // muted green
            case .mapBuilding: return 239  // dark grey
            }
        case .basic:
            // COLOR_BLACK 0, RED 1, GREEN 2, YELLOW 3, BLUE 4, MAGENTA 5, CYAN 6, WHITE 7.
            switch role {
            case .default: return -1
            case .text, .walker, .later: return 7
            case .dim, .visited: return -1
            case .background: return 5
            case .route, .warning: return 3
            case .active, .error: return 1
            case .queued: return 5
            case .next: return 6
            case .mapWay, .mapBuilding: return -1
            case .mapWater: return 4
            case .mapGreen: return 2
            }
        }
    }
}
