import Foundation

/// Where a library lives.
public enum StoreLocation: Sendable, Equatable {
    /// A SQLite file at this path (directories are created as needed).
    case file(String)
    /// A private in-memory library that vanishes when the store is closed (tests, scripts).
    case memory
    /// The per-user default: see `defaultPath(environment:homeDirectory:)`.
    case `default`

    /// The default store file: `$FONSTERS_STORE` if set and non-empty; on macOS
    /// `~/Library/Application Support/Fonsters/fonsters.sqlite`; elsewhere
    /// `$XDG_DATA_HOME/fonsters/fonsters.sqlite` (an absolute `XDG_DATA_HOME` only, as the XDG
    /// spec says), else `~/.local/share/fonsters/fonsters.sqlite`.
    public static func defaultPath(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: String = NSHomeDirectory()
    ) -> String {
        if let explicit = environment["FONSTERS_STORE"], !explicit.isEmpty { return explicit }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeDirectory
        #if os(macOS)
        return home + "/Library/Application Support/Fonsters/fonsters.sqlite"
        #else
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return (xdg.hasSuffix("/") ? String(xdg.dropLast()) : xdg) + "/fonsters/fonsters.sqlite"
        }
        return home + "/.local/share/fonsters/fonsters.sqlite"
        #endif
    }

    /// Throws `invalidLocation` for a location that can never hold a library: an empty file path
    /// (SQLite would open a throw-away database whose writes vanish at exit).
    public func check() throws(StoreError) {
        if case .file(let path) = self, path.isEmpty {
            throw .invalidLocation(path: path, detail: "the path is empty; give the path of a library file")
        }
    }

    /// `path` made absolute: a path not starting with `/` names something in `currentFolder`.
    /// Nothing else is interpreted (`~` is a name like any other, `.` and `..` are left to the
    /// file system), so the result names exactly the file `open(2)` would open for `path`.
    public static func absolutePath(_ path: String,
                                    currentFolder: String = FileManager.default.currentDirectoryPath) -> String {
        if path.hasPrefix("/") { return path }
        return currentFolder.hasSuffix("/") ? currentFolder + path : currentFolder + "/" + path
    }

    /// The folder that holds the file at `path` (made absolute first, so it is never empty):
    /// everything before its last `/` once trailing `/`s are dropped; `/` for a file at the root.
    public static func parentFolder(of path: String,
                                    currentFolder: String = FileManager.default.currentDirectoryPath) -> String {
        var absolute = Substring(absolutePath(path, currentFolder: currentFolder))
        while absolute.count > 1 && absolute.hasSuffix("/") { absolute = absolute.dropLast() }
        guard let slash = absolute.lastIndex(of: "/") else { return "/" }
        let parent = absolute[..<slash]
        return parent.isEmpty ? "/" : String(parent)
    }

    /// The file path this location opens, or `nil` for `.memory`.
    public func resolvedPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        switch self {
        case .file(let path): path
        case .memory: nil
        case .default: Self.defaultPath(environment: environment)
        }
    }
}
