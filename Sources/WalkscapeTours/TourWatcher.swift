#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Notices changes to a tour's files (tour.json, recordings, subtitles) through Linux's inotify: the kernel
/// queues the events, nothing polls the files. `changes(quietFor:now:)` is called when convenient (the
/// player calls it once a frame; it costs one non-blocking read); it reports a batch of changed paths once
/// the writes have stopped for a moment, so an editor's several writes (or `manifest`'s temporary file and
/// rename) make one reload.
///
/// Every folder of the tour is watched (new folders as they appear); editors' scratch files (`.name.swp`,
/// `name~`, `4913`, walkscape's own `.tmp` files) are ignored.
public final class TourWatcher {
    /// The inotify descriptor (non-blocking), for a caller that wants to wait on it with poll(2).
    public let fileDescriptor: Int32
    private let root: String
    private var folders: [Int32: String] = [:]
    private var pending: Set<String> = []
    private var lastEvent: Double = 0

    /// The kinds of change watched: a file written and closed, moved in or out, created, deleted, or changed.
    static let mask: UInt32 = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_DELETE_SELF)

    /// Watches the tour directory `directory` and every folder under it.
    public init(directory: String) throws(TourWatcherError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw TourWatcherError("cannot watch \(directory): inotify_init1: \(String(cString: strerror(errno)))") }
        fileDescriptor = descriptor
        root = directory
        do {
            try watchTree(directory)
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(fileDescriptor) }

    /// The number of folders watched.
    public var folderCount: Int { folders.count }

    private func watchTree(_ folder: String) throws(TourWatcherError) {
        let watch = inotify_add_watch(fileDescriptor, folder, TourWatcher.mask)
        guard watch >= 0 else { throw TourWatcherError("cannot watch \(folder): \(String(cString: strerror(errno)))") }
        folders[watch] = folder
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue, folders.count < 4096 {
                try? watchTree(path)
            }
        }
    }

    /// Whether a file name is an editor's or walkscape's scratch file rather than part of the tour.
    static func isScratch(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx") || name.hasSuffix(".tmp")
            || name.hasSuffix(".partial") || name == "4913" || name.hasPrefix("#")
    }

    /// Reads what the kernel queued (without waiting); returns the changed paths, relative to the tour
    /// directory and sorted, once no event has arrived for `quietFor` seconds (`now`: a monotonic clock in
    /// seconds), else an empty list.
    public func changes(quietFor: Double = 0.2, now: Double) -> [String] {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let nameBytes = buffer[nameStart..<min(count, nameStart + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset = nameStart + length
                guard let folder = folders[watch] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 {
                    folders[watch] = nil
                    continue
                }
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.hasPrefix(".") {
                    try? watchTree(folder + "/" + name)
                }
                guard !name.isEmpty, !TourWatcher.isScratch(name) else { continue }
                let path = folder + "/" + name
                let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
                pending.insert(relative)
                lastEvent = now
            }
        }
        guard !pending.isEmpty, now - lastEvent >= quietFor else { return [] }
        defer { pending.removeAll() }
        return pending.sorted()
    }
}
