import Foundation

/// `fonsters-rpc install-desktop` and `uninstall-desktop`: a desktop entry (freedesktop.org)
/// that makes this program, as `fonsters-rpc open`, the user's handler of `fonsters://` links
/// and puts "Fonsters" (the library in the browser) in the desktop's menu. Installed only when
/// asked, into the user's own folders; uninstalling takes out exactly what installing put in.
enum DesktopEntryCommand {
    /// The commands' `--help`.
    static let help = """
    usage: fonsters-rpc install-desktop
           fonsters-rpc uninstall-desktop

    install-desktop writes $XDG_DATA_HOME/applications/fonsters.desktop (default
    ~/.local/share/applications), which runs this fonsters-rpc as `open %u`, and makes it the
    handler of fonsters:// links with `xdg-mime default fonsters.desktop x-scheme-handler/fonsters`
    (which writes $XDG_CONFIG_HOME/mimeapps.list). A link clicked in a browser or a chat then
    opens in your library's web GUI for review (see fonsters-rpc open --help). Needs xdg-mime
    (Debian: xdg-utils); Linux and other freedesktop.org desktops only.

    uninstall-desktop removes the entry and the fonsters:// association it made.
    """

    /// The entry's file name (its desktop id).
    static let fileName = "fonsters.desktop"
    /// The link scheme's media type.
    static let schemeType = "x-scheme-handler/fonsters"

    /// Writes the entry and makes it the default for `fonsters://`; on a failure nothing stays installed.
    static func install(_ args: [String]) throws {
        guard args.isEmpty else { throw CLIError("install-desktop takes no arguments; this got '\(args[0])'.") }
        #if os(macOS)
        throw CLIFailure("On macOS a link scheme belongs to an app bundle; install-desktop is for Linux desktops. Use fonsters-rpc open LINK.")
        #else
        guard let xdgMime = findOnPath("xdg-mime") else {
            throw CLIFailure("install-desktop needs xdg-mime (Debian: apt-get install xdg-utils); nothing was installed.")
        }
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        guard !executable.contains(where: \.isNewline) else {
            throw CLIFailure("This program's path holds a line break, which a desktop entry cannot name; nothing was installed.")
        }
        let folder = applicationsFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/" + fileName
        let temporary = path + ".\(getpid()).tmp"
        do {
            try Data(entry(executable: executable).utf8).write(to: URL(fileURLWithPath: temporary))
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: temporary)
            guard rename(temporary, path) == 0 else { throw CLIFailure("Cannot write \(path)", errno: errno) }
        } catch let error as CLIFailure {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw CLIFailure("Cannot write \(path): \(error.localizedDescription)")
        }
        let status = run(xdgMime, ["default", fileName, schemeType])
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw CLIFailure("xdg-mime default \(fileName) \(schemeType) failed (exit \(status)); nothing was installed.")
        }
        updateDatabase(folder)
        print("Installed \(path): fonsters:// links now open with \(executable) open. Undo with: fonsters-rpc uninstall-desktop")
        #endif
    }

    /// Removes the entry and the association `install` made (other applications' lines stay).
    static func uninstall(_ args: [String]) throws {
        guard args.isEmpty else { throw CLIError("uninstall-desktop takes no arguments; this got '\(args[0])'.") }
        let path = applicationsFolder() + "/" + fileName
        var removed: [String] = []
        if FileManager.default.fileExists(atPath: path) {
            do { try FileManager.default.removeItem(atPath: path) } catch {
                throw CLIFailure("Cannot remove \(path): \(error.localizedDescription)")
            }
            removed.append(path)
        }
        for list in mimeappsLists() where try forget(in: list) { removed.append("the fonsters:// association in \(list)") }
        updateDatabase(applicationsFolder())
        print(removed.isEmpty ? "Nothing to remove: no Fonsters desktop entry is installed."
              : "Removed " + removed.joined(separator: " and ") + ".")
    }

    /// The desktop entry that runs `executable open %u`.
    static func entry(executable: String) -> String {
        """
        [Desktop Entry]
        Type=Application
        Version=1.4
        Name=Fonsters
        GenericName=Creature library
        Comment=Your Fonsters library in the browser; opens fonsters:// share links for review
        TryExec=\(executable)
        Exec=\(execArgument(executable)) open %u
        Terminal=false
        Categories=Graphics;
        MimeType=\(schemeType);

        """
    }

    /// A path as one argument of `Exec` (Desktop Entry Specification): as it is when it holds
    /// none of the reserved characters (xdg-open without a desktop reads no quotes), else quoted,
    /// with `"`, `` ` ``, `$` and `\` escaped by `\` inside the quotes, then `\` escaped again as
    /// in any string value; `%` is written `%%` either way.
    static func execArgument(_ path: String) -> String {
        let reserved = " \t\n\"'\\><~|&;$*?#()`"
        guard path.contains(where: { reserved.contains($0) }) else { return path.replacingOccurrences(of: "%", with: "%%") }
        var quoted = ""
        for character in path {
            if "\"`$\\".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return "\"" + quoted.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "%%") + "\""
    }

    /// `$XDG_DATA_HOME/applications` (an absolute `XDG_DATA_HOME` only), else `~/.local/share/applications`.
    private static func applicationsFolder() -> String {
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/applications" }
        return home() + "/.local/share/applications"
    }

    /// The files where `xdg-mime default` may have put the association: `$XDG_CONFIG_HOME/mimeapps.list`
    /// (default `~/.config`) and the older `applications/mimeapps.list` of the data folder.
    private static func mimeappsLists() -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home() + "/.config"
        return [config + "/mimeapps.list", applicationsFolder() + "/mimeapps.list"]
    }

    private static func home() -> String {
        ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// Takes `fonsters.desktop` out of every `x-scheme-handler/fonsters=` line of the mimeapps.list
    /// at `path` (a line left empty goes); true when it changed the file.
    static func forget(in path: String) throws -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        var changed = false
        var lines: [String] = []
        for line in text.components(separatedBy: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == schemeType else {
                lines.append(line)
                continue
            }
            let ids = parts[1].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let kept = ids.filter { !$0.isEmpty && $0 != fileName }
            guard kept.count != ids.filter({ !$0.isEmpty }).count else {
                lines.append(line)
                continue
            }
            changed = true
            if !kept.isEmpty { lines.append("\(schemeType)=\(kept.joined(separator: ";"));") }
        }
        guard changed else { return false }
        do { try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8) } catch {
            throw CLIFailure("Cannot write \(path): \(error.localizedDescription)")
        }
        return true
    }

    /// Refreshes the folder's cache of media types when `update-desktop-database` is installed
    /// (desktops that read the cache then see the entry at once); its failure changes nothing.
    private static func updateDatabase(_ folder: String) {
        guard let tool = findOnPath("update-desktop-database"), FileManager.default.fileExists(atPath: folder) else { return }
        _ = run(tool, ["-q", folder])
    }

    /// Runs a program to its end; its exit status (127 when it cannot start).
    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return 127 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The first executable file named `name` in `$PATH`.
    private static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
