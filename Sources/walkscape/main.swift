import Foundation
import WalkscapeCLI

exit(WalkscapeCommand.runProcess(arguments: Array(CommandLine.arguments.dropFirst())))
