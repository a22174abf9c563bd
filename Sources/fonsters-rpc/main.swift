// The fonsters-rpc executable: a thin entry point over the command-line tools and the server.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
exit(CommandLineEntry.run(arguments))
