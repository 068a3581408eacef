import ArgumentParser
import WalkscapeCore

/// The value `body` reads from an option, a `ValueProblem` turned into the parser's usage error.
func checked<T>(_ body: () throws(ValueProblem) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw ValidationError(error.message)
    }
}
