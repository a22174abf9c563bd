import Foundation
import Compute
import CreatureCore
import JSON

/// `fonsters-rpc search BASE --want TRAITS [--limit N] [--engine E] [--variants F,…]
/// [--max-candidates N] [--json]`: variants of BASE whose creatures have every wanted trait and
/// draw different pictures, one seed a line or (`--json`) as golden-format records.
enum SearchCommand {
    static let help = """
    usage: fonsters-rpc search BASE --want TRAITS [--limit N] [--engine \(EngineOption.choices)]
                               [--variants numbers,spelling,emoji,words] [--max-candidates N] [--json]

    Tries variants of BASE (alice 2, Alice, alice 🦊, alice apple, …, always in the same order)
    and prints those whose creatures have every wanted trait, one seed a line; no two draw the
    same picture. With --json, prints a JSON array of their golden-format records instead.
    Wanted traits, comma-separated, each TRAIT (true) or TRAIT=VALUE:
      eyes mouth nose body hair eyebrows beard ears horn antlers appendages    drawn features
      mode=creature|cloud|flower|repeating|space   tier=1…5   creatureType=animal|alien|other
      symmetric symmetryAxis=vertical|horizontal diagonal upsideDown opaqueBackground
      shapeMask=rect|circle|ellipse|triangle|… eyeShape=… mouthStyle=neutral|open|smiling
      appendageCount=4|6|8 appendageStyle=tentacle|arm|leg appendageRadial colorCount=2…6
      colors=1…6          how many colours the picture shows
      color=#rrggbb[~D]   the colour covering most cells is within D (default 80) of #rrggbb
      tap=KIND            the first tap's animation, e.g. tap=spinOut
    A want no creature of the engine can have (e.g. antlers,mode=space) is refused at once.

      --want TRAITS       the wanted traits (required), e.g. antlers,beard=false,tier=5
      --limit N           the most seeds to print, 1…1000 (default 20)
      --engine NAME       the engine to draw with (default \(EngineVersion.current.rawValue))
      --variants LIST     how to vary BASE (default all): numbers, spelling, emoji, words
      --max-candidates N  the most variants to try (default 2,000,000)
      --json              print golden-format records instead of seeds
      -h, --help          show this help
    """

    static func run(_ args: [String], output: Int32 = STDOUT_FILENO) async throws {
        var reader = ArgumentReader(args)
        var engine = EngineVersion.current
        var wants: SearchWants?
        var limit = 20, maxCandidates = 2_000_000
        var families = SeedVariants.Family.allCases
        while let option = try reader.nextOption() {
            switch option {
            case "--want":
                do { wants = try SearchWants.parse(try reader.value()) } catch let error as SearchError {
                    throw CLIError(error.message)
                }
            case "--limit": limit = try number(reader.value(), option, 1...1000)
            case "--max-candidates": maxCandidates = try number(reader.value(), option, 1...100_000_000)
            case "--engine": engine = try EngineOption.parse(reader.value())
            case "--variants":
                let text = try reader.value()
                families = try text.split(separator: ",").map { name in
                    guard let family = SeedVariants.Family(rawValue: String(name)) else {
                        throw CLIError("The option --variants takes numbers, spelling, emoji or words, comma-separated; '\(name)' is not one.")
                    }
                    return family
                }
            case "--json": break
            default: throw reader.unknown(option, command: "search", takesSeeds: true)
            }
        }
        guard reader.operands.count == 1 else {
            throw CLIError(reader.operands.isEmpty ? "The search command needs a BASE text to vary."
                                                   : "The search command takes one BASE; quote a base with spaces, as in 'search \"alice smith\"'.")
        }
        guard let wants else { throw CLIError("The search command needs --want, e.g. --want antlers,beard.") }
        var request = CreatureSearch.Request(base: reader.operands[0], wants: wants, engine: engine)
        request.limit = limit
        request.maxCandidates = maxCandidates
        request.families = families
        request.timeLimit = 600
        let json = reader.has("--json")
        let outcome: CreatureSearch.Outcome
        do {
            // Seeds go out as they are found; records wait for the array to close.
            // Each round's parts run on the compute pool, as the server runs them.
            let pool = ComputePool.shared
            outcome = try await CreatureSearch.run(request, parts: { count, body in
                try await pool.forEach(count, isCancelled: { false }, body)
            }, isCancelled: { pool.takeTurn(); return false }, found: { result in
                if !json { try? OutputFile.writeAll(Array((result.seed + "\n").utf8), to: output, path: "standard output") }
            })
        } catch let error as SearchError {
            throw CLIError(error.message)
        }
        if json {
            var out = JSONWriter()  // as `describe` writes its records
            out.beginArray()
            for result in outcome.results { CreatureRecord.write(result.creature, into: &out) }
            out.endArray()
            out.newline()
            try OutputFile.writeAll(out.bytes, to: output, path: "standard output")
        }
        if outcome.results.count < limit {
            FileHandle.standardError.write(Data("fonsters-rpc: found \(outcome.results.count) of \(limit) in \(English.grouped(outcome.tried)) variants.\n".utf8))
        }
    }

    private static func number(_ text: String, _ option: String, _ range: ClosedRange<Int>) throws -> Int {
        guard let n = Int(text), range.contains(n) else {
            throw CLIError("The option \(option) takes a whole number from \(English.grouped(range.lowerBound)) to \(English.grouped(range.upperBound)); '\(text)' is not one.")
        }
        return n
    }
}
