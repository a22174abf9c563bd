// swift-tools-version:6.0
import PackageDescription

/// fonsters-rpc: the Fonsters engine, library and JSON-RPC server.
/// No third-party Swift packages: system C libraries come in through system-library targets.
let package = Package(
    name: "fonsters-rpc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "fonsters-rpc", targets: ["fonsters-rpc"]),
        .library(name: "CreatureCore", targets: ["CreatureCore"]),
        .library(name: "FonsterStore", targets: ["FonsterStore"]),
        .library(name: "RPC", targets: ["RPC"]),
        .library(name: "RPCTransport", targets: ["RPCTransport"]),
        .library(name: "JSON", targets: ["JSON"]),
        .library(name: "Limits", targets: ["Limits"]),
        .library(name: "FonsterDocument", targets: ["FonsterDocument"]),
    ],
    targets: [
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "JSON"),
        // The typed `Limit` every module declares its bounds with: no dependencies, so the
        // transport, the engine, the store and the documents all can.
        .target(name: "Limits"),
        .target(name: "Compute"),
        .target(name: "CreatureCore", dependencies: ["JSON", "Limits", "CZlib", "CJPEG"],
                linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "FonsterStore", dependencies: ["JSON", "Limits", "CreatureCore", "CSQLite"]),
        .target(name: "FonsterDocument", dependencies: ["Limits", "CreatureCore"]),
        // The transport knows no engine, store or document: the compiler holds it to that.
        .target(name: "RPCTransport", dependencies: ["JSON", "Limits", "Compute"]),
        .target(name: "RPC", dependencies: ["JSON", "Limits", "Compute", "RPCTransport", "CreatureCore", "FonsterStore", "FonsterDocument"]),
        .executableTarget(name: "fonsters-rpc", dependencies: ["JSON", "Compute", "RPCTransport", "RPC", "CreatureCore", "FonsterStore", "FonsterDocument"]),
        .executableTarget(name: "fonsters-bench", dependencies: ["JSON", "Compute", "CreatureCore", "FonsterStore", "RPCTransport", "RPC", "FonsterDocument"], path: "Sources/fonsters-bench"),
        .target(name: "TestSupport", dependencies: ["JSON", "Compute", "CreatureCore", "RPCTransport", "CZlib"], path: "Tests/TestSupport"),
        .testTarget(name: "CreatureCoreTests", dependencies: ["CreatureCore", "TestSupport"]),
        .testTarget(name: "CommandLineTests", dependencies: ["CreatureCore", "FonsterStore", "JSON", "TestSupport"]),
        .testTarget(name: "FonsterStoreTests", dependencies: ["FonsterStore", "TestSupport"]),
        .testTarget(name: "RPCTests", dependencies: ["RPC", "RPCTransport", "Limits", "TestSupport"]),
        .testTarget(name: "RPCTransportTests", dependencies: ["RPCTransport", "TestSupport"]),
        .testTarget(name: "FonsterDocumentTests", dependencies: ["FonsterDocument", "CreatureCore", "TestSupport"]),
        .testTarget(name: "ComputeTests", dependencies: ["Compute", "TestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
    ]
)
