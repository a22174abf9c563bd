import Foundation
import Testing
import FonsterStore
import TestSupport
@testable import RPC

/// The real method table on an in-memory store, served over `Connection.inMemoryPair`.
struct MethodHarness {
    let client: TestClient
    let context: ServerContext
    private let nextID = Locked<Int64>(0)

    init(location: StoreLocation = .memory, options: StoreOptions = StoreOptions(starterFonsters: false, randomSeed: 42),
         pictures: LibraryPictures = LibraryPictures()) {
        context = ServerContext(location: location, options: options, pictures: pictures)
        let server = RPCServer(mode: .sequential, log: .silent)
        MethodTable.register(on: server, context: context)
        client = TestClient(server, framing: .newlineDelimited)
    }

    /// Sends a request and returns its response, skipping notifications. A result is checked
    /// against the method's generated schema (`ResultSchemas`).
    func call(_ method: String, _ params: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let id = nextID.withLock { $0 += 1; return $0 }
        client.request(id, method, params)
        while true {
            let message = try await client.expectMessage()
            if message["method"] == nil {
                #expect(message["id"] == .int(id))
                if let result = message["result"] { ResultSchemas.check(method, result, sourceLocation: sourceLocation) }
                return message
            }
        }
    }

    /// A request that must succeed: its result.
    func result(_ method: String, _ params: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let response = try await call(method, params, sourceLocation: sourceLocation)
        return try #require(response["result"], "\(method): \(response)", sourceLocation: sourceLocation)
    }

    /// A request that must fail: its error object.
    func error(_ method: String, _ params: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws -> JSONValue {
        let response = try await call(method, params, sourceLocation: sourceLocation)
        return try #require(response["error"], "\(method) should fail: \(response)", sourceLocation: sourceLocation)
    }
}
