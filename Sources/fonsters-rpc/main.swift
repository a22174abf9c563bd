// The fonsters-rpc executable: a thin entry point over the command-line tools and the server.
import Foundation

signal(SIGPIPE, SIG_IGN)
MemoryReturn.configure()
exit(await CommandLineEntry.run(Array(CommandLine.arguments.dropFirst())))
