import Foundation
import WalkscapeCLI

StopSignals.unblock()
exit(WalkscapeCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
