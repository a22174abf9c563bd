import Foundation

/// Locations of test fixtures shared by every test target.
public enum Fixtures {
    /// The repository's `Tests/Fixtures` folder.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A golden file's bytes, e.g. `golden("engine-v1.json")`.
    public static func golden(_ name: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("golden").appendingPathComponent(name))
    }
}
