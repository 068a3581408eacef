/// Command-line arguments where a negative number follows an option: joined to it (`--option=-3`), so the
/// number reaches the option (whose own check then says what it accepts) instead of being read as a flag.
public enum NegativeNumberArguments {
    /// The arguments with `--option -3` written `--option=-3`, so that a negative number reaches the option
    /// (whose own check then says what it accepts) instead of being read as a flag ("Missing value").
    public static func joined(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                result += arguments[index...]
                break
            }
            if argument.hasPrefix("--"), !argument.contains("="), index + 1 < arguments.count, isNegativeNumber(arguments[index + 1]) {
                result.append(argument + "=" + arguments[index + 1])
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// Whether `text` is a negative decimal number (`-3`, `-0.5`, `-.5`, `-1e3`).
    public static func isNegativeNumber(_ text: String) -> Bool {
        guard text.hasPrefix("-"), text.count > 1, let value = Double(text) else { return false }
        return value.isFinite
    }
}
