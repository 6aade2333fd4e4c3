import Foundation
import PackagePlugin

/// Compiles the git commit the package is built from into the `daybook` target
/// (`BuildInfo.commit`, shown by `daybook --version`). Outside a git checkout the commit
/// is "unknown". The git files that name the commit are the command's inputs, so a new
/// commit rebuilds it.
@main
struct EmbedBuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        let git = GitFolders(package: context.package.directoryURL)
        var arguments = [output.path]
        var inputs: [URL] = []
        if let git {
            arguments += [git.gitDir.path, git.commonDir.path]
            inputs = git.filesNamingHead().filter { FileManager.default.fileExists(atPath: $0.path) }
        }
        return [
            .buildCommand(
                displayName: "Embedding the build's git commit",
                executable: try context.tool(named: "BuildInfoEmbedder").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}

/// Where a checkout keeps HEAD (`gitDir`, per worktree) and its refs (`commonDir`).
struct GitFolders {
    var gitDir: URL
    var commonDir: URL

    init?(package: URL) {
        let dotGit = package.appending(path: ".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            gitDir = dotGit
        } else {
            // A worktree or submodule: ".git" is a file saying "gitdir: PATH".
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir:") else { return nil }
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        if let common = try? String(contentsOf: gitDir.appending(path: "commondir"), encoding: .utf8) {
            let path = common.trimmingCharacters(in: .whitespacesAndNewlines)
            commonDir = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitDir.appending(path: path).standardizedFileURL
        } else {
            commonDir = gitDir
        }
    }

    /// HEAD, the branch file it points to, and packed-refs.
    func filesNamingHead() -> [URL] {
        var files = [gitDir.appending(path: "HEAD"), commonDir.appending(path: "packed-refs")]
        if let head = try? String(contentsOf: files[0], encoding: .utf8), head.hasPrefix("ref:") {
            files.append(commonDir.appending(path: head.dropFirst("ref:".count).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        return files
    }
}
