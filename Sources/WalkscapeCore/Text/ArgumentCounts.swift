/// How many times each option was given, checked before the arguments are parsed: swift-argument-parser takes
/// time quadratic in the repeats of one option (10,000 `--screen-locked` took 93 s in the debug build before
/// their own check refused them; 4,000 `--trace`, 21 s), so a count over the limit is refused at once, before any
/// work.
public enum ArgumentCounts {
    /// The most times one option may be given (`--screen-locked` windows, `--trace` files, …).
    public static let perOption = 1000
    /// The most arguments in all.
    public static let total = 50_000
    /// The most words that are not options (values and positional arguments): the parser is quadratic in
    /// them too (20,000 files given to `dashboard` parsed for over 3 minutes in the debug build; 4,000, 26 s).
    public static let words = 2_500

    /// The one-line refusal for `arguments`, or nil when every count is within its limit.
    public static func problem(_ arguments: [String]) -> String? {
        if arguments.count > total {
            return "Error: \(arguments.count) arguments; at most \(total) (give long lists in a file where the command takes one)."
        }
        var counts: [Substring: Int] = [:]
        var plain = 0
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if !argument.hasPrefix("-") && index > 0 { plain += 1 }  // the first is the command's name
            guard argument.hasPrefix("--"), argument.count > 2 else { continue }
            let name = argument.split(separator: "=", maxSplits: 1)[0]
            counts[name, default: 0] += 1
        }
        if let (name, count) = counts.filter({ $0.value > perOption }).max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) {
            return "Error: \(TerminalText.sanitize(String(name))) given \(count) times; at most \(perOption)."
        }
        if plain > words {
            return "Error: \(plain) arguments that are not options (files, values); at most \(words): give fewer files, or split the run."
        }
        return nil
    }
}
