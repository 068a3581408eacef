import ArgumentParser
import Foundation
import WalkscapeCore
import WalkscapeSystem
import WalkscapeReplay
import WalkscapeRuntime

/// Per-run context available to commands (the console to write to).
enum CommandContext {
    @TaskLocal static var console: Console = .standard
}
