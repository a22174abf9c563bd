import Foundation
import CreatureCore
import JSON

/// `fonsters-rpc describe SEED…` or `describe --stdin` (a JSON array of seeds on stdin): prints a
/// JSON array of records in the golden-file format, one creature per seed; with `--scene`, the
/// scene records of `scene-v1.json` instead; with `--draw`, pictures of the creatures.
enum DescribeCommand {
    static let help = """
    usage: fonsters-rpc describe [--engine \(EngineOption.choices)] [--scene | --draw] SEED…
           fonsters-rpc describe [--engine …] [--scene | --draw] --stdin < seeds.json

    Prints a JSON array of golden-format records (grid, colours, features, environment), one per
    seed. With --stdin, reads the seeds as a JSON array of strings from standard input.
    A seed that starts with a dash goes after --:  fonsters-rpc describe -- --bogus

      --engine NAME   the engine to draw with (default \(EngineVersion.current.rawValue))
      --scene         print each seed's scene instead (ENGINE.md §8.1, the format of
                      scene-v1.json: sky levels, effects, sun period, clouds)
      --draw          draw each creature instead: on a terminal, 16 lines of 24-bit colour
                      half blocks on the creature's sky, then its description; plain text
                      (the 32 grid rows, . for transparent) when NO_COLOR is set or the
                      output is not a terminal
      --stdin         read the seeds from standard input instead of the arguments
      -h, --help      show this help
    """

    static func run(_ args: [String], output: Int32 = STDOUT_FILENO) throws {
        var reader = ArgumentReader(args)
        var engine = EngineVersion.current
        while let option = try reader.nextOption() {
            switch option {
            case "--engine": engine = try EngineOption.parse(reader.value())
            case "--stdin", "--scene", "--draw": break
            default: throw reader.unknown(option, command: "describe", takesSeeds: true)
            }
        }
        let seeds: [String]
        if reader.has("--stdin") {
            guard reader.operands.isEmpty else {
                throw CLIError("The describe command reads seeds from its arguments or with --stdin, not both; this got --stdin and '\(reader.operands[0])'.")
            }
            let input = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            guard case .array(let items)? = try? JSONParser.parse(input),
                  let list = Optional(items.compactMap(\.string)), list.count == items.count else {
                throw CLIError(#"The input of describe --stdin must be a JSON array of strings, such as ["hello", "Bob"]."#)
            }
            seeds = list
        } else {
            guard !reader.operands.isEmpty else {
                throw CLIError("The describe command needs at least one seed, or --stdin.")
            }
            seeds = reader.operands
        }
        if reader.has("--scene") && reader.has("--draw") {
            throw CLIError("The options --scene and --draw each choose what describe prints; give one.")
        }
        if reader.has("--draw") {
            let colour = TerminalPicture.colourOnStandardOutput
            var text = ""
            for (n, seed) in seeds.enumerated() {
                let (creature, alt) = AltText.creatureAndSentence(seed: seed, engine: engine)
                if n > 0 { text += "\n" }
                let picture = colour ? TerminalPicture(creature).lines : creature.grid.rows
                text += picture.joined(separator: "\n") + "\n"
                text += JSONValue.string(seed).serializedString() + " (\(engine.rawValue)): " + alt + "\n"
            }
            try OutputFile.writeAll(Array(text.utf8), to: output, path: "standard output")
            return
        }
        if reader.has("--scene") {
            let records = JSONValue.array(seeds.map { seed in
                .object(JSONObject([("seed", .string(seed))] + Scene(seed: seed, engine: engine).jsonFields))
            })
            try OutputFile.writeAll(records.serialized() + [0x0A], to: output, path: "standard output")
            return
        }
        try stream(seeds, engine: engine, to: output)
    }

    /// Writes the records as one JSON array, each drawn, written by the protocol's JSON writer and
    /// sent out in 64 KB pieces as it comes: memory stays flat however many seeds there are.
    static func stream(_ seeds: [String], engine: EngineVersion, to output: Int32) throws {
        var out = JSONWriter(capacity: 80_000)
        out.beginArray()
        for seed in seeds {
            CreatureRecord.write(Creature(seed: seed, engine: engine), into: &out)
            if out.count >= 65_536 {
                try OutputFile.writeAll(out.bytes, to: output, path: "standard output")
                out.flushed()
            }
        }
        out.endArray()
        out.newline()
        try OutputFile.writeAll(out.bytes, to: output, path: "standard output")
    }
}
