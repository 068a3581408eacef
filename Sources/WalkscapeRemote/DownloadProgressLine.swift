import WalkscapeCore
import WalkscapeReports

/// The one-line progress bar `walkscape download` redraws on a terminal: bar, bytes, total, rate, ETA, file.
public enum DownloadProgressLine {
    /// `[########------------]  1.2 MB / 4.5 MB  3.4 MB/s  ETA 0:01  audio/it/p3.mp3 +3`, cut to `width` columns
    /// (`+3`: three more files arriving at the same time; `map/tiles.mbtiles (tile 12/61)` during the map's tiles).
    public static func render(_ progress: TourDownloader.Progress, width: Int) -> String {
        let total = max(progress.totalBytes, 1)
        let fraction = min(1, Double(progress.doneBytes) / Double(total))
        let barWidth = 20
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
        let rate = progress.elapsed > 0.2 ? Double(progress.receivedBytes) / progress.elapsed : 0
        let left = max(0, progress.totalBytes - progress.doneBytes)
        let eta = rate > 0 ? clock(Double(left) / rate) : "-:--"
        let line = "\(bar) \(Formatting.bytes(progress.doneBytes)) / \(Formatting.bytes(progress.totalBytes))  \(rate > 0 ? Formatting.bytes(Int(rate)) + "/s" : "-- B/s")  ETA \(eta)  \(progress.currentFile)\(progress.tiles.map { " (tile \($0.done)/\($0.total))" } ?? "")\(progress.inFlight > 1 ? " +\(progress.inFlight - 1)" : "")"
        return DisplayWidth.truncate(line, to: max(20, width - 1))
    }

    /// `0:07`, `12:30`, `1:02:03`.
    public static func clock(_ seconds: Double) -> String {
        let total = Int(min(seconds, 359_999).rounded(.up))
        let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60)
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):\(m < 10 ? "0\(m)" : "\(m)"):\(ss)" }
        return "\(m):\(ss)"
    }
}
