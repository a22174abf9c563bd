import Foundation
import CreatureCore
import FonsterStore

/// Text.
extension String: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> String {
        guard let s = json.string else { throw ParamInvalid(expected: "a string", json) }
        return s
    }
    static var schema: JSONValue { ["type": "string"] }
    static var placeholder: String { "" }
}

/// `true` or `false`.
extension Bool: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> Bool {
        guard let b = json.bool else { throw ParamInvalid(expected: "true or false", json) }
        return b
    }
    static var schema: JSONValue { ["type": "boolean"] }
    static var placeholder: Bool { false }
}

/// A whole number.
extension Int: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> Int {
        guard let i = json.int else { throw ParamInvalid(expected: "a whole number", json) }
        return i
    }
    static var schema: JSONValue { ["type": "integer"] }
    static var placeholder: Int { 0 }
}

/// Any JSON value, read as it is (a bundle, `initialize`'s client facts).
extension JSONValue: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> JSONValue { json }
    static var schema: JSONValue { [:] }
    static var placeholder: JSONValue { .null }
}

/// The text of a string param, or the mismatch sentence.
private func stringParam(_ json: JSONValue, _ what: String = "a string") throws(ParamInvalid) -> String {
    guard let s = json.string else { throw ParamInvalid("must be \(what); it is \(json.kindName).") }
    return s
}

/// A seed or name: a string of at most 10,000 UTF-16 units (error 1002 past it).
extension Seed: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> Seed {
        let s = try stringParam(json)
        do { return try Seed(s) } catch {
            throw ParamInvalid(error)
        }
    }
    static var schema: JSONValue { ["type": "string", "maxLength": .int(Int64(TextLimit.maxLength))] }
    static var placeholder: Seed { try! Seed("") }
}

/// A Fonster's id.
extension UUID: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> UUID {
        let s = try stringParam(json, "a UUID string")
        guard let id = UUID(uuidString: s) else {
            throw ParamInvalid("must be a UUID such as 00000000-0000-4000-8000-000000000001; \"\(s.prefix(60))\" is not one.")
        }
        return id
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/UUID"] }
    static var placeholder: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1)) }
}

/// An engine this server draws with.
extension EngineVersion: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> EngineVersion {
        let name = try stringParam(json)
        guard let engine = EngineVersion(rawValue: name) else {
            let known = EngineVersion.allCases.map(\.rawValue)
            throw ParamInvalid("must name an engine this server knows (\(known.joined(separator: ", "))); \"\(name.prefix(40))\" is not one.",
                                        data: [("known", .array(known.map { .string($0) }))])
        }
        return engine
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/Engine"] }
    static var placeholder: EngineVersion { .v1 }
}

/// An image format (`jpg` is read as `jpeg`; case is ignored).
extension ImageFormat: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> ImageFormat {
        let s = try stringParam(json)
        guard let format = ImageFormat.aliases[s.lowercased()] ?? ImageFormat(rawValue: s.lowercased()) else {
            throw ParamInvalid("must be one of png, gif, jpeg, svg; \"\(s.prefix(40))\" is not one.")
        }
        return format
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/Format"] }
    static var placeholder: ImageFormat { .png }
    /// Other names a format is read by.
    static let aliases = ["jpg": ImageFormat.jpeg]
}

/// An image side in pixels: a multiple of 32 from 32 to 2,048.
extension ImageSize: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> ImageSize {
        guard let pixels = json.int else { throw ParamInvalid("must be a whole number of pixels; it is \(json.kindName).") }
        guard let size = try? ImageSize(pixels: pixels) else {
            throw ParamInvalid("must be \(ImageSize.rule) pixels; it is \(pixels).")
        }
        return size
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/Size"] }
    static var placeholder: ImageSize { try! ImageSize(pixels: 256) }
}

/// A random text source.
extension RandomSource: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> RandomSource {
        let name = try stringParam(json)
        guard let source = RandomSource(rawValue: name) else {
            let known = RandomSource.allCases.map(\.rawValue).joined(separator: ", ")
            throw ParamInvalid("must be one of \(known); \"\(name.prefix(40))\" is not one.")
        }
        return source
    }
    static var schema: JSONValue { ["$ref": "#/components/schemas/RandomSource"] }
    static var placeholder: RandomSource { .words }
}

/// A count or index that cannot be negative.
struct Count: ParamValue, Sendable {
    let value: Int
    static func param(_ json: JSONValue) throws(ParamInvalid) -> Count {
        guard let value = json.int else { throw ParamInvalid("must be a whole number; it is \(json.serializedString().prefix(40)).") }
        guard value >= 0 else { throw ParamInvalid("must be 0 or more; it is \(value).") }
        return Count(value: value)
    }
    static var schema: JSONValue { ["type": "integer", "minimum": 0] }
    static var placeholder: Count { Count(value: 0) }
}

/// The playback speed, 10 %…100 % as 0.1…1.0, read as a frame interval in milliseconds.
struct Speed: ParamValue, Sendable {
    let intervalMs: Int
    static func param(_ json: JSONValue) throws(ParamInvalid) -> Speed {
        guard let speed = json.double, speed.isFinite else { throw ParamInvalid("must be a number; it is \(json.kindName).") }
        guard (0.1...1.0).contains(speed) else { throw ParamInvalid("must be between 0.1 and 1.0; it is \(speed).") }
        return Speed(intervalMs: Evolution.intervalMs(speed: speed))
    }
    static var schema: JSONValue { ["type": "number", "minimum": 0.1, "maximum": 1.0] }
    static var placeholder: Speed { Speed(intervalMs: Evolution.defaultIntervalMs) }
}

/// A bundle object as `library/export` gives it (checked in full by the store).
struct BundleObject: ParamValue, Sendable {
    let json: JSONValue
    static func param(_ json: JSONValue) throws(ParamInvalid) -> BundleObject {
        guard json.object != nil else { throw ParamInvalid("must be a library bundle object (from library/export); it is \(json.kindName).") }
        return BundleObject(json: json)
    }
    static var schema: JSONValue { Schema.ref("Bundle") }
    static var placeholder: BundleObject { BundleObject(json: [:]) }

    /// What `components.schemas.Bundle` says of a bundle (the store checks the rest).
    static var fullSchema: JSONValue {
        let entry = Schema.object([
            ("id", Schema.ref("UUID")), ("name", String.schema), ("seed", String.schema), ("createdAt", String.schema),
            ("createdTimeZone", String.schema), ("engine", String.schema), ("history", Schema.array(String.schema)),
            ("future", Schema.array(String.schema)), ("randomSource", RandomSource.schema),
        ], required: ["name", "seed", "createdAt", "history", "future"], open: true)
        return Schema.object([
            ("format", Schema.const(.string(LibraryBundle.formatName))), ("version", Schema.const(.number(LibraryBundle.currentVersion))),
            ("engine", String.schema), ("exportedAt", String.schema), ("fonsters", Schema.array(entry)),
        ], required: ["format", "version", "engine", "fonsters"], open: true)
    }
}

/// What an image stands on: `transparent` (the default), `sky` (the seed's sky, docs/engine.md §8.1)
/// or an opaque colour `#rrggbb`.
extension Background: ParamValue {
    static func param(_ json: JSONValue) throws(ParamInvalid) -> Background {
        guard let text = json.string else {
            throw ParamInvalid("must be 'transparent', 'sky' or a colour #rrggbb; it is \(json.kindName).")
        }
        do { return try Background(parsing: text) } catch { throw ParamInvalid(sentence: error.description) }
    }
    static var schema: JSONValue { Schema.ref("Background") }
    static var placeholder: Background { .transparent }
}
