import Foundation
import CreatureCore

/// `fonsters-rpc render SEED --format F --size N -o FILE [--evolution] [--metadata]`.
enum RenderCommand {
    static func run(_ args: [String]) throws {
        throw CLIError("render is not available yet")
    }
}
