import Foundation
import CreatureCore
import FonsterStore
import FonsterDocument

/// `fonsters-rpc import FILE.fonsters` and `fonsters-rpc export --format fonsters`: a `.fonsters`
/// document (one seed a line, `# engine:` directives) into the library and back.
enum DocumentCommands {
    static let importHelp = """
    usage: fonsters-rpc import FILE.fonsters|- [--store PATH | --memory] [--no-starter] [--engine ENGINE]

    Creates one Fonster per seed line of a .fonsters document (named empty), drawn by the engine
    of the '# engine:' directive above it, or by --engine (default \(EngineVersion.current.rawValue)) above
    the first directive. Seeds already in the library are skipped, as every import does. Every
    seed is checked before anything is created; each 1,000 seeds are created in one step, and
    each step shows on standard error (a bar on a terminal, else a line). - reads standard input.

      --store PATH     the library file (default: the platform's application-support folder)
      --memory         a library that lives only as long as the process
      --no-starter     a new library starts empty instead of with the starter Fonsters
      --engine ENGINE  the engine above the first directive: \(EngineVersion.allCases.map(\.rawValue).joined(separator: " or "))
      -h, --help       show this help
    """

    static let exportHelp = """
    usage: fonsters-rpc export --format fonsters [-o FILE|-] [--store PATH | --memory] [--no-starter]

    Writes the library as a .fonsters document: its seeds in list order, one a line, with an
    '# engine:' directive first and wherever the engine changes. Names are not kept. A seed no
    line can hold (empty, or with a line break) is left out and counted on standard error.

      --format fonsters  the document's format (the only one)
      -o, --output FILE  where to write it; - (the default) is standard output
      --store PATH       the library file (default: the platform's application-support folder)
      --memory           a library that lives only as long as the process
      --no-starter       a new library starts empty instead of with the starter Fonsters
      -h, --help         show this help
    """

    /// The store options both commands take, read from `reader`'s `option`; false for another.
    static func storeOption(_ option: String, _ reader: inout ArgumentReader, _ options: inout ServerOptions) throws -> Bool {
        guard ["--store", "--memory", "--no-starter", "--engine"].contains(option),
              let entry = ServerOptions.table.first(where: { $0.name == option }) else { return false }
        try entry.apply(&options, entry.value == nil ? "" : try reader.value())
        return true
    }

    /// Refuses `--memory` with `--store`.
    static func checkStore(_ reader: ArgumentReader) throws {
        if reader.has("--memory") && reader.has("--store") {
            throw CLIError("The options --memory and --store contradict each other; give one of them.")
        }
    }

    /// Opens the library the options name; a failure is the store's sentence.
    static func open(_ options: ServerOptions) throws -> FonsterStore {
        do { return try FonsterStore(location: options.location, options: options.storeOptions) }
        catch { throw CLIFailure(error.message) }
    }

    static func runImport(_ args: [String]) throws {
        var reader = ArgumentReader(args)
        var options = try ServerOptions([])
        while let option = try reader.nextOption() {
            guard try storeOption(option, &reader, &options) else { throw reader.unknown(option, command: "import") }
        }
        try checkStore(reader)
        guard reader.operands.count == 1, let path = reader.operands.first else {
            throw CLIError("The import command reads one .fonsters file (or - for standard input); this got \(reader.operands.count).")
        }
        let data = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try InputFile.read(path, what: "the document")
        let name = path == "-" ? "standard input" : path
        guard var source = String(data: data, encoding: .utf8) else { throw CLIFailure("The document \(name) is not UTF-8 text.") }
        // Every line is checked before anything is created; then the seeds go in steps of 1,000,
        // read again from the text, so memory holds the text and one step, never every seed.
        var total = 0
        try source.withUTF8 { text in
            try SeedLines.each(of: text, defaultEngine: options.engine) { line, item in
                switch item {
                case .unknownEngine(let engine):
                    let known = EngineVersion.allCases.map(\.rawValue).joined(separator: " and ")
                    throw CLIFailure("Line \(line + 1) of \(name) names the engine '\(engine)', which this build does not know (it knows \(known)); nothing was imported.")
                case .seed(let seed, _):
                    total += 1
                    do throws(TextLimit.TooLong) { try TextLimit.check(seed, field: "seed") } catch {
                        throw CLIFailure("Line \(line + 1) of \(name): \(error.message) Nothing was imported.")
                    }
                }
            }
        }
        let store = try open(options)
        var created = 0, skipped = 0, done = 0
        let progress = ImportProgress(total: total)
        var step: [String] = [], stepEngine = options.engine, stepLine = 0
        // Runs of one engine, each imported 1,000 seeds at a time (the library's bound for one
        // step), with their look-alike keys kept in the new rows (`StoredKeys`), so the server's
        // first look-alikes read them instead of drawing the library.
        func flush() throws {
            guard !step.isEmpty else { return }
            do {
                let keys = step.map { PictureKey(Picture(seed: $0, engine: stepEngine)) }
                let result = try store.importSeeds(step, engine: stepEngine, keys: keys)
                created += result.created.count
                skipped += result.skipped.count
            } catch {
                progress.finish()
                throw CLIFailure("Importing line \(stepLine + 1) and on failed: \(error.message) (\(created) created before it.)")
            }
            done += step.count
            progress.show(done: done)
            step.removeAll(keepingCapacity: true)
        }
        try source.withUTF8 { text in
            try SeedLines.each(of: text, defaultEngine: options.engine) { line, item in
                guard case .seed(let seed, let engine) = item else { return }
                if engine != stepEngine || step.count == StoreLimits.maxSeedImport { try flush() }
                if step.isEmpty { (stepEngine, stepLine) = (engine, line) }
                step.append(seed)
            }
        }
        try flush()
        progress.finish()
        print("Imported \(created) Fonster\(created == 1 ? "" : "s") from \(name)" + (skipped > 0 ? "; \(skipped) seed\(skipped == 1 ? " was" : "s were") already in the library." : "."))
    }

    static func runExport(_ args: [String]) throws {
        var reader = ArgumentReader(args, aliases: ["-o": "--output"])
        var options = try ServerOptions([])
        var format: String?, output = "-"
        while let option = try reader.nextOption() {
            switch option {
            case "--format": format = try reader.value()
            case "--output": output = try reader.value()
            default: guard try storeOption(option, &reader, &options), option != "--engine" else { throw reader.unknown(option, command: "export") }
            }
        }
        try checkStore(reader)
        if let operand = reader.operands.first { throw CLIError("The export command takes no arguments besides its options; this got '\(operand)'.") }
        guard let format else { throw CLIError("The export command needs a format: --format fonsters.") }
        guard format == FonstersFormat.fileExtension else { throw CLIError("The format '\(format)' is not one export writes; it writes fonsters.") }
        let store = try open(options)
        let fonsters: [StoredSeed]
        do { fonsters = try store.seeds() } catch { throw CLIFailure(error.message) }
        let (text, skipped) = FonstersFormat.document(fonsters.map { ($0.seed, $0.engine) })
        try OutputFile.save(Array(text.utf8), to: output)
        if skipped > 0 {
            let seeds = skipped == 1 ? "Fonster's seed" : "Fonsters' seeds", were = skipped == 1 ? "was" : "were"
            FileHandle.standardError.write(Data("fonsters-rpc: \(skipped) \(seeds) cannot be one line (empty, or with a line break) and \(were) left out.\n".utf8))
        }
    }
}
