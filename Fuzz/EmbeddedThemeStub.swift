// Fuzz build only: stands in for the EmbeddedTheme source that the EmbedTheme build plugin
// generates for the DaybookCore target (Load/Theme.swift refers to it). The fuzz build compiles
// Sources/DaybookCore/Load/*.swift with this file instead of running the plugin.
enum EmbeddedTheme {
    static let files: [(path: String, base64: String)] = []
}
