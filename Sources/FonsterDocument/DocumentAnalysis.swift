import CreatureCore

/// A document's seeds drawn: each seed line with its engine and picture id (from the
/// document's `PictureCache`), the lines grouped by picture, and what a person should hear about
/// them (`findings`). Made on a snapshot of the text; an edit makes a new one, drawing only what
/// the cache lacks.
public struct DocumentAnalysis: Sendable {
    /// One seed line.
    public struct SeedLine: Sendable {
        /// The line, from 0.
        public let line: Int
        /// The seed (without the escaping backslash of `\#`).
        public let seed: String
        /// The engine that draws it.
        public let engine: EngineVersion
        /// Its picture's id in `cache`, or nil for a seed over the length limit (not drawn).
        public let picture: Int?
    }

    /// The text analysed.
    public let text: DocumentText
    /// The seed lines in order.
    public let seeds: [SeedLine]
    /// The lines of engine directives naming no engine.
    public let unknownEngines: [Int]
    /// The cache the picture ids are of.
    public let cache: PictureCache
    /// The engine above the first directive.
    public let defaultEngine: EngineVersion
    /// For each picture id drawn, the seed lines (indices into `seeds`) drawing it.
    public let linesByPicture: [Int: [Int]]
    /// The index in `seeds` of each seed line, by line number.
    public let seedIndexByLine: [Int: Int]

    /// Draws what `cache` lacks of `text`'s seeds and groups them; nil once `isCancelled` says so.
    public static func run(_ text: DocumentText, defaultEngine: EngineVersion, cache: PictureCache,
                           isCancelled: @escaping @Sendable () -> Bool = { false }) -> DocumentAnalysis? {
        let (entries, unknown) = FonstersFormat.entries(of: text, defaultEngine: defaultEngine)
        var drawable: [PictureCache.Key] = [], drawableIndex: [Int] = []
        for (n, entry) in entries.enumerated() where entry.seed.utf16.count <= TextLimit.maxLength {
            drawable.append(PictureCache.Key(seed: entry.seed, engine: entry.engine))
            drawableIndex.append(n)
        }
        guard let ids = cache.ids(drawable, isCancelled: isCancelled) else { return nil }
        var pictureOf = [Int?](repeating: nil, count: entries.count)
        for (k, n) in drawableIndex.enumerated() { pictureOf[n] = ids[k] }
        var seeds: [SeedLine] = [], byPicture: [Int: [Int]] = [:], byLine: [Int: Int] = [:]
        seeds.reserveCapacity(entries.count)
        byLine.reserveCapacity(entries.count)
        for (n, entry) in entries.enumerated() {
            seeds.append(SeedLine(line: entry.line, seed: entry.seed, engine: entry.engine, picture: pictureOf[n]))
            if let id = pictureOf[n] { byPicture[id, default: []].append(n) }
            byLine[entry.line] = n
        }
        return DocumentAnalysis(text: text, seeds: seeds, unknownEngines: unknown, cache: cache, defaultEngine: defaultEngine,
                                linesByPicture: byPicture, seedIndexByLine: byLine)
    }

    /// The seed line at `line`, if that line is a seed.
    public func seed(atLine line: Int) -> SeedLine? { seedIndexByLine[line].map { seeds[$0] } }

    /// The engine in force at `line` (the last valid directive above it, else the default).
    public func engine(atLine line: Int) -> EngineVersion {
        var engine = defaultEngine
        for n in 0..<min(line, text.lineCount) {
            if case .directive(let named?, _) = FonstersFormat.classify(FonstersFormat.content(ofLine: n, in: text)) { engine = named }
        }
        return engine
    }

    /// The other seed lines drawing the same picture as seed `index` (indices into `seeds`).
    public func sameAs(_ index: Int) -> [Int] {
        guard let id = seeds[index].picture else { return [] }
        return (linesByPicture[id] ?? []).filter { $0 != index }
    }

    /// The seed lines drawing a picture nearly like seed `index`'s (not the same), with how many
    /// cells differ, nearest first then in line order.
    public func nearlyAs(_ index: Int) -> [(index: Int, cells: Int)] {
        guard let id = seeds[index].picture else { return [] }
        return nearlyAs(id, alike: cache.nearlyAlike(id))
    }

    /// The seed lines drawing one of `alike` (the pictures nearly like picture `id`), nearest first.
    func nearlyAs(_ id: Int, alike: [(id: Int, cells: Int)]) -> [(index: Int, cells: Int)] {
        var found: [(index: Int, cells: Int)] = []
        for (other, cells) in alike {
            for n in linesByPicture[other] ?? [] { found.append((n, cells)) }
        }
        if found.count > 1 { found.sort { ($0.cells, $0.index) < ($1.cells, $1.index) } }
        return found
    }

    /// The picture ids drawn by every seed line but `index`.
    public func pictures(except index: Int?) -> Set<Int> {
        var ids = Set<Int>()
        for (id, lines) in linesByPicture where lines.contains(where: { $0 != index }) { ids.insert(id) }
        return ids
    }
}
