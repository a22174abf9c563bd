import Foundation
import CreatureCore
import FonsterDocument
import FonsterStore

/// The seed lines of a `.fonsters` document read straight from its UTF-8 text, line by line,
/// without holding every line at once (a document of a million seeds is fine).
enum SeedLines {
    /// What a line gives the import.
    enum Item {
        /// A seed, drawn by the engine of the directive above it.
        case seed(String, EngineVersion)
        /// A directive naming an engine this build does not know.
        case unknownEngine(String)
    }

    /// Calls `body` with each seed line and unknown directive of `text` (valid UTF-8) and its line
    /// number from 0. Lines end at `\n`, `\r\n` or `\r`, as in `DocumentText`.
    static func each(of text: UnsafeBufferPointer<UInt8>, defaultEngine: EngineVersion,
                     _ body: (Int, Item) throws -> Void) throws {
        var engine = defaultEngine, start = 0, index = 0, line = 0
        func take(_ end: Int) throws {
            let content = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
            switch FonstersFormat.classify(content) {
            case .blank, .comment: break
            case .directive(let named, let name):
                if let named { engine = named } else { try body(line, .unknownEngine(name)) }
            case .seed(let seed, _): try body(line, .seed(seed, engine))
            }
            line += 1
        }
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                try take(index)
                if byte == UInt8(ascii: "\r") && index + 1 < text.count && text[index + 1] == UInt8(ascii: "\n") { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if start < text.count { try take(text.count) }
    }
}

/// The import's progress on standard error: a bar redrawn in place on a terminal, a plain line
/// per step otherwise (a log, a pipe). Nothing for an import of one step.
final class ImportProgress {
    private let total: Int
    private let terminal = isatty(STDERR_FILENO) == 1
    private var shown = false

    /// Progress of an import of `total` seeds.
    init(total: Int) { self.total = total }

    /// Shows that `done` seeds are through.
    func show(done: Int) {
        guard total > StoreLimits.maxSeedImport else { return }
        let percent = done * 100 / max(total, 1)
        if terminal {
            let width = 30, filled = done * width / max(total, 1)
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            write("\r[\(bar)] \(percent)% \(grouped(done)) of \(grouped(total)) seeds")
        } else {
            write("fonsters-rpc: imported \(grouped(done)) of \(grouped(total)) seeds (\(percent)%)\n")
        }
        shown = true
    }

    /// Ends the bar's line on a terminal.
    func finish() {
        if shown && terminal { write("\n") }
        shown = false
    }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

    private func grouped(_ n: Int) -> String { English.grouped(n) }
}
