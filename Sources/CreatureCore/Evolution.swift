/// The evolution of a seed (docs/engine.md §1): one frame per grapheme cluster of the trimmed seed.
public enum Evolution {
    /// The default interval between frames, in milliseconds.
    public static let defaultIntervalMs = 300

    /// The prefixes shown by the frames, in order: frame k (1-based) is `prefixes[k-1]`.
    /// Empty when the trimmed seed is empty. Each prefix is drawn through the render-seed rule.
    public static func prefixes(of seed: String) -> [String] {
        Array(Frames(seed))
    }

    /// The frames of a seed without building every prefix up front (a 10,000-character seed
    /// would otherwise hold 50 million characters of prefixes): each prefix is made when read.
    public struct Frames: RandomAccessCollection, Sendable {
        private let trimmed: String
        private let ends: [String.Index]

        /// The frames of `seed`, with the apps' character breaking (linear in the seed's length).
        public init(_ seed: String) {
            trimmed = Seeds.trim(seed)
            let scalars = trimmed.unicodeScalars
            var ends: [String.Index] = []
            var index = scalars.startIndex
            var offset = 0
            for end in Graphemes.clusterEnds(of: scalars) {
                while offset < end { index = scalars.index(after: index); offset += 1 }
                ends.append(index)
            }
            self.ends = ends
        }

        /// The position of the first frame, 0.
        public var startIndex: Int { 0 }
        /// One past the last frame.
        public var endIndex: Int { ends.count }

        /// The prefix frame `index + 1` shows (`index` is 0-based).
        public subscript(index: Int) -> String { String(trimmed.unicodeScalars[..<ends[index]]) }
    }

    /// The number of frames of a seed's evolution.
    public static func frameCount(of seed: String) -> Int {
        Graphemes.clusterEnds(of: Seeds.trim(seed).unicodeScalars).count
    }

    /// The frame interval for a playback speed in 0.1…1.0 (10 %…100 %): `300 ms / (speed × 10)`,
    /// rounded to whole milliseconds. Speeds outside the range are clamped.
    public static func intervalMs(speed: Double) -> Int {
        let clamped = min(1.0, max(0.1, speed.isFinite ? speed : 0.1))
        return Int((300.0 / (clamped * 10)).rounded())
    }
}
