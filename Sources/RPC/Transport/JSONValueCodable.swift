import Foundation

extension JSONValue {
    /// Decodes params (or any value) into a `Decodable` type through Foundation's JSONDecoder;
    /// a mismatch becomes an invalid-params error (-32602) describing it. Convenient, not fast.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(ResponseError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(serialized()))
        } catch let DecodingError.keyNotFound(key, _) {
            throw .invalidParams("missing \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .invalidParams("wrong type at \(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.dataCorrupted(context) {
            throw .invalidParams("invalid value at \(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw .invalidParams("invalid params: \(error)")
        }
    }

    /// Encodes an `Encodable` value to JSON through Foundation's JSONEncoder (for handler results).
    public init<T: Encodable>(encoding value: T) throws(ResponseError) {
        do {
            self = try JSONValue(parsing: Array(JSONEncoder().encode(value)))
        } catch {
            throw .internalError("cannot encode \(T.self): \(error)")
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "top level" : codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
