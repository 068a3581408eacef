import WalkscapeCore
import WalkscapeReports
import WalkscapeSystem
import WalkscapeTours

/// `radii --apply`: plans the write-back of the advised radii (`RadiusWriteBack`), prints the before → after
/// table (or JSON), and writes tour.json (`RadiusFileWriter`) unless it is a dry run.
public enum RadiusApplication {
    public static func run(
        tour argument: String, replay: ReplayTour, walks: [RadiusAnalysis.RecordedWalk], policy: EnginePolicy, only: Set<Int>?,
        dryRun: Bool, json: Bool, console: Console
    ) throws {
        let known = Set(replay.engineTour.points.map(\.order))
        if let only, let unknown = only.subtracting(known).sorted().first {
            console.error("\(argument): --only \(unknown): no such point; the tour has points \(known.min() ?? 0)–\(known.max() ?? 0)")
            throw CommandExit(.usage)
        }
        let path = SyntheticWalk.path(for: replay.tour)
        let plan = RadiusWriteBack.plan(tour: replay.engineTour, only: only) { tour in
            RadiusAnalysis(tour: tour, path: path, policy: policy).run(walks)
        }
        let loaded = try TourInput.load(argument, console: console)
        let radii = Dictionary(uniqueKeysWithValues: plan.changes.filter(\.changes).map { ($0.order, $0.after) })
        var wrote = false
        if !radii.isEmpty {
            do {
                _ = try RadiusFileWriter().write(radii, into: loaded, dryRun: dryRun)
                wrote = !dryRun
            } catch {
                console.error(TerminalText.sanitize(error.message))
                throw CommandExit(.failure)
            }
        }
        let titles = replay.pointTitles()
        if json {
            console.write(JSONWriter().write(.object([
                ("tour", .string(replay.tour.id)), ("file", .string(loaded.location.jsonFile)), ("dryRun", .bool(dryRun)),
                ("wrote", .bool(wrote)), ("rounds", .integer(plan.rounds)), ("settled", .bool(plan.settled)),
                ("points", .array(plan.changes.map { change in
                    .object([
                        ("order", .integer(change.order)), ("id", .string(change.id)),
                        ("before", .number(formatShortNumber(change.before))), ("after", .number(RadiusWriteBack.jsonText(change.after))),
                        ("verdict", .string(change.verdict.rawValue)), ("reason", .string(change.reason)),
                    ])
                })),
                ("refused", .array(plan.refused.map { refusal in
                    .object([("order", .integer(refusal.order)), ("id", .string(refusal.id)), ("radius", .number(formatShortNumber(refusal.radius))), ("reason", .string(refusal.reason))])
                })),
            ])) + "\n")
        } else {
            var table = TextTable(["point", "title", "before", "", "after", "advice"], rightAligned: [0, 2, 4])
            // Changed and refused points in the tour's order, each row where its point is.
            var rows: [(order: Int, cells: [String])] = plan.changes.map { change in
                (change.order, [String(change.order), titles[change.order] ?? change.id, formatShortNumber(change.before) + " m",
                    change.changes ? "→" : "=", RadiusWriteBack.jsonText(change.after) + " m", change.verdict.rawValue])
            }
            rows += plan.refused.map { refusal in
                (refusal.order, [String(refusal.order), titles[refusal.order] ?? refusal.id, formatShortNumber(refusal.radius) + " m", "=", formatShortNumber(refusal.radius) + " m", "none works"])
            }
            for row in rows.enumerated().sorted(by: { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }) { table.add(row.element.cells) }
            for line in table.render() { console.line(line) }
            console.line("")
            for refusal in plan.refused {
                console.line("point \(refusal.order): left at \(formatShortNumber(refusal.radius)) m, no radius works: \(TerminalText.sanitize(refusal.reason))")
            }
            if !plan.settled {
                console.line("the advice had not settled after \(plan.rounds) analyses (the radii keep moving each other); run `radii` again to check")
            }
            let changed = radii.count
            if changed == 0 {
                console.line("\(loaded.location.jsonFile): nothing to change")
            } else if dryRun {
                console.line("\(loaded.location.jsonFile): \(changed) radi\(changed == 1 ? "us" : "i") would change (--dry-run: nothing written)")
            } else {
                console.line("\(loaded.location.jsonFile): \(changed) radi\(changed == 1 ? "us" : "i") written (\(plan.rounds) analys\(plan.rounds == 1 ? "is" : "es") of \(walks.count) trace\(walks.count == 1 ? "" : "s"))")
            }
        }
        if !plan.refused.isEmpty { throw CommandExit(.failure) }
    }
}
