import WalkscapeCore

/// `info --timing`'s output: a table of legs for people, or JSON for tools, from a `TalkWalkTiming`.
public enum TimingReport {
    /// The table, the findings and the announced totals, one line each.
    public static func text(_ timing: TalkWalkTiming, languages: [String]) -> [String] {
        let s = timing.speeds
        let walkHeader = "walk at \(formatShortNumber(s.slow)) / \(formatShortNumber(s.given)) / \(formatShortNumber(s.brisk)) m/s"
        var table = TextTable(["leg", "route", "walk", walkHeader] + languages.map { "\($0) narration" }, rightAligned: [2])
        for leg in timing.legs {
            let walk = leg.walkSeconds
            var row = ["\(leg.from) → \(leg.to)", leg.alongRoute ? "route" : "straight", Formatting.distance(meters: leg.walkMeters),
                "\(formatClock(walk.slow)) / \(formatClock(walk.given)) / \(formatClock(walk.brisk))"]
            for language in languages {
                guard let narration = leg.narrations.first(where: { $0.language == language }) else {
                    row.append("—")
                    continue
                }
                var cell = formatClock(narration.seconds)
                if narration.waitSeconds >= 0.5 {
                    cell += "  waits \(formatClock(narration.waitSeconds))"
                } else if narration.silenceSeconds >= 0.5 {
                    cell += "  \(formatClock(narration.silenceSeconds)) silent"
                }
                row.append(cell)
            }
            table.add(row)
        }
        var lines = table.render()
        lines.append("")
        lines.append("walk: from leaving a point's region to entering the next one's; waits: the narration outlasts that walk at "
            + "\(formatShortNumber(s.given)) m/s; silent: the walk outlasts the narration")
        let totals = timing.totals
        lines.append("distance: announced \(formatShortNumber(totals.announcedKm)) km, the \(totals.fromRoute ? "route adds" : "stops add") up to \(formatFixed(totals.computedKm, 2)) km")
        for language in totals.computedMinutes {
            lines.append("duration (\(language.language)): announced \(formatShortNumber(totals.announcedMinutes)) min, walking and listening add up to "
                + "\(formatFixed(language.brisk, 0))–\(formatFixed(language.slow, 0)) min (\(formatShortNumber(s.brisk))–\(formatShortNumber(s.slow)) m/s)")
        }
        if timing.findings.isEmpty {
            lines.append("no narration outlasts its walk by \(formatShortNumber(TalkWalkTiming.waitThreshold)) s or leaves \(formatShortNumber(TalkWalkTiming.silenceThreshold)) s of silence; the announced totals fit")
        } else {
            lines.append("")
            lines += timing.findings.map { "warning: " + $0.message }
        }
        return lines
    }

    /// The whole computation as JSON.
    public static func json(_ timing: TalkWalkTiming, tour: Tour) -> JSONValue {
        func number(_ value: Double, _ decimals: Int = 1) -> JSONValue { .number(formatShortNumber(Double(formatFixed(value, decimals)) ?? value)) }
        let s = timing.speeds
        return .object([
            ("tour", .string(tour.id)),
            ("speeds", .object([("slow", number(s.slow, 2)), ("given", number(s.given, 2)), ("brisk", number(s.brisk, 2))])),
            ("legs", .array(timing.legs.map { leg in
                .object([
                    ("from", .integer(leg.from)), ("to", .integer(leg.to)), ("alongRoute", .bool(leg.alongRoute)),
                    ("centreMeters", number(leg.centreMeters)), ("walkMeters", number(leg.walkMeters)),
                    ("walkSeconds", .object([("slow", number(leg.walkSeconds.slow)), ("given", number(leg.walkSeconds.given)), ("brisk", number(leg.walkSeconds.brisk))])),
                    ("narrations", .array(leg.narrations.map { narration in
                        .object([
                            ("language", .string(narration.language)), ("seconds", number(narration.seconds, 3)),
                            ("waitSeconds", number(narration.waitSeconds)), ("silenceSeconds", number(narration.silenceSeconds)),
                        ])
                    })),
                ])
            })),
            ("totals", .object([
                ("announcedKm", number(timing.totals.announcedKm, 3)), ("computedKm", number(timing.totals.computedKm, 3)),
                ("computedFrom", .string(timing.totals.fromRoute ? "route" : "stops")),
                ("announcedMinutes", number(timing.totals.announcedMinutes)),
                ("computedMinutes", .array(timing.totals.computedMinutes.map { item in
                    .object([("language", .string(item.language)), ("brisk", number(item.brisk)), ("slow", number(item.slow))])
                })),
            ])),
            ("warnings", .array(timing.findings.map { finding in
                .object([
                    ("point", finding.point.map { .integer($0) } ?? .null), ("leg", finding.leg.map { .integer($0) } ?? .null),
                    ("message", .string(finding.message)),
                ])
            })),
        ])
    }
}
