import Foundation
import CreatureCore

/// `fonsters-rpc describe SEED…` or `describe --stdin` (a JSON array of seeds on stdin): prints a
/// JSON array of records in the golden-file format, one creature per seed.
enum DescribeCommand {
    static func run(_ args: [String], output: FileHandle) throws {
        let seeds: [String]
        if args == ["--stdin"] {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard let list = try? JSONDecoder().decode([String].self, from: data) else {
                throw CLIError("describe --stdin reads a JSON array of strings from standard input")
            }
            seeds = list
        } else {
            guard !args.isEmpty else { throw CLIError("describe needs at least one seed (or --stdin)") }
            seeds = args
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(seeds.map { CreatureRecord(seed: $0) })
        data.append(0x0A)
        output.write(data)
    }
}
