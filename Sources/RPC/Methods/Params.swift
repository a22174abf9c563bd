import Foundation
import CreatureCore

/// A request's params object with typed accessors whose errors name the offending field.
struct Params {
    let object: JSONObject

    /// The params of a request: an object, or nothing (read as `{}`).
    init(_ json: JSONValue) throws(ResponseError) {
        switch json {
        case .null: object = JSONObject()
        case .object(let o): object = o
        default: throw ResponseError.invalidParams(field: "params", "'params' must be an object of named params; it is \(json.kindName).")
        }
    }

    func has(_ key: String) -> Bool {
        if let v = object[key], !v.isNull { return true }
        return false
    }

    func string(_ key: String) throws(ResponseError) -> String? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let s = v.string else { throw .invalidParams(field: key, "'\(key)' must be a string; it is \(v.kindName).") }
        return s
    }

    func requiredString(_ key: String) throws(ResponseError) -> String {
        guard let s = try string(key) else { throw .invalidParams(field: key, "'\(key)' is required.") }
        return s
    }

    func int(_ key: String) throws(ResponseError) -> Int? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let i = v.int else { throw .invalidParams(field: key, "'\(key)' must be a whole number; it is \(v.serializedString().prefix(40)).") }
        return i
    }

    func requiredInt(_ key: String) throws(ResponseError) -> Int {
        guard let i = try int(key) else { throw .invalidParams(field: key, "'\(key)' is required.") }
        return i
    }

    func double(_ key: String) throws(ResponseError) -> Double? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let d = v.double, d.isFinite else { throw .invalidParams(field: key, "'\(key)' must be a finite number; it is \(v.serializedString().prefix(40)).") }
        return d
    }

    func bool(_ key: String) throws(ResponseError) -> Bool? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let b = v.bool else { throw .invalidParams(field: key, "'\(key)' must be true or false; it is \(v.serializedString().prefix(40)).") }
        return b
    }

    func id(_ key: String = "id") throws(ResponseError) -> UUID {
        let s = try requiredString(key)
        guard let id = UUID(uuidString: s) else { throw .invalidParams(field: key, "'\(key)' must be a UUID such as 00000000-0000-4000-8000-000000000001; \"\(s.prefix(60))\" is not one.") }
        return id
    }

    func ids(_ key: String) throws(ResponseError) -> [UUID]? {
        guard let strings = try stringArray(key) else { return nil }
        var result: [UUID] = []
        for s in strings {
            guard let id = UUID(uuidString: s) else { throw .invalidParams(field: key, "'\(key)' must hold UUIDs; \"\(s.prefix(60))\" is not one.") }
            result.append(id)
        }
        return result
    }

    func stringArray(_ key: String) throws(ResponseError) -> [String]? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let items = v.array else { throw .invalidParams(field: key, "'\(key)' must be an array of strings; it is \(v.kindName).") }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard let s = item.string else { throw .invalidParams(field: key, "'\(key)' must be an array of strings; it holds \(item.kindName).") }
            result.append(s)
        }
        return result
    }

    func intArray(_ key: String) throws(ResponseError) -> [Int]? {
        guard let v = object[key], !v.isNull else { return nil }
        guard let items = v.array else { throw .invalidParams(field: key, "'\(key)' must be an array of whole numbers; it is \(v.kindName).") }
        var result: [Int] = []
        for item in items {
            guard let i = item.int else { throw .invalidParams(field: key, "'\(key)' must be an array of whole numbers; it holds \(item.serializedString().prefix(40)).") }
            result.append(i)
        }
        return result
    }

    /// `tap` (default 0): which tap of a creature, 0 or more.
    func tap() throws(ResponseError) -> Int {
        let tap = try int("tap") ?? 0
        guard tap >= 0 else { throw .invalidParams(field: "tap", "'tap' must be 0 or more; it is \(tap).") }
        return tap
    }

    /// `engine`, if given: one of the engines this server draws with.
    func engine(_ key: String = "engine") throws(ResponseError) -> EngineVersion? {
        guard let name = try string(key) else { return nil }
        return try Params.engine(named: name, field: key)
    }

    /// The engine called `name`; an unknown name is invalid params naming `field` and listing
    /// the engines known.
    static func engine(named name: String, field: String) throws(ResponseError) -> EngineVersion {
        guard let engine = EngineVersion(rawValue: name) else {
            let known = EngineVersion.allCases.map(\.rawValue)
            throw ResponseError(
                code: .invalidParams,
                message: "'\(field)' must name an engine this server knows (\(known.joined(separator: ", "))); \"\(name.prefix(40))\" is not one.",
                data: ["field": .string(field), "known": .array(known.map { .string($0) })])
        }
        return engine
    }

    /// `format` (default png) as an image format.
    func format(default value: ImageFormat = .png) throws(ResponseError) -> ImageFormat {
        guard let s = try string("format") else { return value }
        guard let f = ImageFormat(rawValue: s.lowercased() == "jpg" ? "jpeg" : s.lowercased()) else {
            throw .invalidParams(field: "format", "'format' must be one of png, gif, jpeg, svg; \"\(s.prefix(40))\" is not one.")
        }
        return f
    }

    /// `size` in pixels (default 256) as an image size.
    func size(_ key: String = "size", default value: Int = 256) throws(ResponseError) -> ImageSize {
        let pixels = try int(key) ?? value
        do { return try ImageSize(pixels: pixels) } catch {
            throw .invalidParams(field: key, "'\(key)' must be a multiple of 32 from 32 to 2,048 pixels; it is \(pixels).")
        }
    }

    /// `speed` (10 %…100 % as 0.1…1.0, default 0.1) as a frame interval in milliseconds.
    func intervalMs() throws(ResponseError) -> Int {
        guard let speed = try double("speed") else { return Evolution.defaultIntervalMs }
        guard (0.1...1.0).contains(speed) else {
            throw .invalidParams(field: "speed", "'speed' must be between 0.1 and 1.0; it is \(speed).")
        }
        return Evolution.intervalMs(speed: speed)
    }
}
