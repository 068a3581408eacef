import Foundation
import WalkscapeCLI
import WalkscapeRuntime

StopSignals.unblock()
exit(WalkscapeCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
