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
    /// By picture id, the first seed line (index into `seeds`) drawing it, or -1; and the seed
    /// lines of the pictures drawn by more than one (most are drawn by one: no list each).
    let firstSeed: [Int32]
    let groups: [Int: [Int]]
    /// The index in `seeds` of each seed line, by line number.
    public let seedIndexByLine: LineIndex

    /// The index in `seeds` of each seed line, by line number: nil for other lines and past the end.
    public struct LineIndex: Sendable {
        let indices: [Int32]
        /// The index of the seed line at `line`, if it is one.
        public subscript(_ line: Int) -> Int? {
            line >= 0 && line < indices.count && indices[line] >= 0 ? Int(indices[line]) : nil
        }
    }

    /// The seed lines (indices into `seeds`) drawing picture `id`, in order.
    public func lines(ofPicture id: Int) -> [Int] {
        if let group = groups[id] { return group }
        return draws(id) ? [Int(firstSeed[id])] : []
    }

    /// Whether a seed line draws picture `id` (`lines(ofPicture:)` is not empty), without a list.
    func draws(_ id: Int) -> Bool { id < firstSeed.count && firstSeed[id] >= 0 }

    /// Draws what `cache` lacks of `text`'s seeds and groups them; nil once `isCancelled` says so.
    /// `previous`, an analysis of an earlier text with the same cache, lends the pictures of the
    /// lines that did not change.
    public static func run(_ text: DocumentText, defaultEngine: EngineVersion, cache: PictureCache, previous: DocumentAnalysis? = nil,
                           isCancelled: @escaping @Sendable () -> Bool = { false }) -> DocumentAnalysis? {
        guard case .analysed(let analysis) = run(text, defaultEngine: defaultEngine, cache: cache, previous: previous, within: { _ in true },
                                                 isCancelled: isCancelled)
        else { return nil }
        return analysis
    }

    /// What came of an analysis made within a memory budget.
    public enum Outcome: Sendable {
        /// Made.
        case analysed(DocumentAnalysis)
        /// Stopped: `isCancelled` said so.
        case cancelled
        /// Not begun: the budget had no room for the `bytes` it may take.
        case refused(bytes: Int)
    }

    /// The bytes an analysis of `seeds` seed lines of `seedBytes` bytes keeps besides its pictures:
    /// each line (48), its seed's storage (48 and its bytes), its places in the indices by line and
    /// by picture, and in a group.
    public static func cost(seeds: Int, seedBytes: Int) -> Int { seeds * 112 + seedBytes }

    /// About how many bytes it keeps besides its pictures (`cost(seeds:seedBytes:)`).
    public let byteCount: Int

    /// `run`, once `reserve` granted (before anything is drawn) the most bytes it may take: the
    /// pictures `cache` lacks (`PictureCache.cost(ofDrawing:)`) and the analysis (`cost(seeds:seedBytes:)`);
    /// and then, as each new picture finds its look-alikes, their lists' entries. Refused when
    /// `reserve` says no (the pictures drawn before are kept: their bytes were granted).
    /// The lines `previous` (of the same cache) has with the same seed and engine, at the same
    /// place or moved by the lines an edit added or removed, keep their pictures without a look
    /// in the cache: a keystroke in a long document looks up only the lines it changed.
    public static func run(_ text: DocumentText, defaultEngine: EngineVersion, cache: PictureCache, previous: DocumentAnalysis? = nil,
                           within reserve: (Int) -> Bool, isCancelled: @escaping @Sendable () -> Bool = { false }) -> Outcome {
        let (entries, unknown) = FonstersFormat.entries(of: text, defaultEngine: defaultEngine)
        var pictureOf = [Int?](repeating: nil, count: entries.count)
        var drawable: [PictureCache.Key] = [], drawableIndex: [Int] = []
        let lent = previous.flatMap { $0.cache === cache ? $0 : nil }, shift = text.lineCount - (lent?.text.lineCount ?? 0)
        for (n, entry) in entries.enumerated() where entry.seed.utf16.count <= TextLimit.maxLength {
            if let lent, let id = lent.picture(of: entry, shift: shift) {
                pictureOf[n] = id
                continue
            }
            drawable.append(PictureCache.Key(seed: entry.seed, engine: entry.engine))
            drawableIndex.append(n)
        }
        let kept = cost(seeds: entries.count, seedBytes: entries.reduce(0) { $0 + $1.seed.utf8.count })
        let bytes = cache.cost(ofDrawing: drawable) + kept
        guard reserve(bytes) else { return .refused(bytes: bytes) }
        let ids: [Int]
        switch cache.draw(drawable, reserve: reserve, isCancelled: isCancelled) {
        case .drawn(let drawn): ids = drawn
        case .cancelled: return .cancelled
        case .refused(let more): return .refused(bytes: bytes + more)
        }
        var most = -1
        for (k, n) in drawableIndex.enumerated() {
            pictureOf[n] = ids[k]
            most = max(most, ids[k])
        }
        if let lent { most = max(most, lent.firstSeed.count - 1) }
        var seeds: [SeedLine] = [], groups: [Int: [Int]] = [:]
        var byLine = [Int32](repeating: -1, count: text.lineCount), first = [Int32](repeating: -1, count: most + 1)
        seeds.reserveCapacity(entries.count)
        for (n, entry) in entries.enumerated() {
            seeds.append(SeedLine(line: entry.line, seed: entry.seed, engine: entry.engine, picture: pictureOf[n]))
            if let id = pictureOf[n] {
                if first[id] < 0 { first[id] = Int32(n) } else { groups[id, default: [Int(first[id])]].append(n) }
            }
            byLine[entry.line] = Int32(n)
        }
        return .analysed(DocumentAnalysis(text: text, seeds: seeds, unknownEngines: unknown, cache: cache, defaultEngine: defaultEngine,
                                          firstSeed: first, groups: groups, seedIndexByLine: LineIndex(indices: byLine), byteCount: kept))
    }

    /// The picture this analysis drew for `entry` of a later text: that of the seed line at the
    /// same place, or `shift` lines before it, if it has the same seed and engine.
    func picture(of entry: FonstersFormat.Entry, shift: Int) -> Int? {
        if let id = picture(of: entry, atLine: entry.line) { return id }
        return shift == 0 ? nil : picture(of: entry, atLine: entry.line - shift)
    }

    /// The picture of the seed line at `line` if it has `entry`'s seed and engine.
    private func picture(of entry: FonstersFormat.Entry, atLine line: Int) -> Int? {
        guard let index = seedIndexByLine[line] else { return nil }
        let seed = seeds[index]
        return seed.seed == entry.seed && seed.engine == entry.engine ? seed.picture : nil
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
        return lines(ofPicture: id).filter { $0 != index }
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
            for n in lines(ofPicture: other) { found.append((n, cells)) }
        }
        if found.count > 1 { found.sort { ($0.cells, $0.index) < ($1.cells, $1.index) } }
        return found
    }

    /// The picture ids drawn by every seed line but `index`.
    public func pictures(except index: Int?) -> Set<Int> {
        var ids = Set<Int>()
        for (id, first) in firstSeed.enumerated() where first >= 0 && (Int(first) != index || groups[id] != nil) { ids.insert(id) }
        return ids
    }
}
