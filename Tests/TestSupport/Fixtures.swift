import Foundation
import JSON

/// Locations of test fixtures shared by every test target.
public enum Fixtures {
    /// The repository's `Tests/Fixtures` folder.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A golden file's bytes, e.g. `golden("engine-v1.json")`.
    public static func golden(_ name: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("golden").appendingPathComponent(name))
    }

    /// A golden file read as `T` through the protocol's JSON parser, e.g.
    /// `golden("engine-v1.json", as: EngineFile.self)`.
    public static func golden<T: Decodable>(_ name: String, as type: T.Type) throws -> T {
        try read(type, json: golden(name))
    }

    /// JSON text (a golden file, a command's output) read as `T` through the protocol's JSON parser.
    public static func read<T: Decodable>(_ type: T.Type, json: Data) throws -> T {
        try JSONValueDecoder().decode(type, from: [UInt8](json))
    }
}
