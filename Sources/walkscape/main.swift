import Foundation
import WalkscapeCLI

exit(WalkscapeCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
