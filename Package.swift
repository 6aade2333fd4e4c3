// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Daybook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "daybook", targets: ["daybook"]),
        .executable(name: "daybook-bench", targets: ["daybook-bench"]),
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "DaybookCore", targets: ["DaybookCore"]),
        .library(name: "DaybookImport", targets: ["DaybookImport"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // libvips and libwebpmux, opened with dlopen when a photo needs them (Sources/CVips).
        .target(name: "CVips", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"]), .brew(["libarchive"])]
        ),
        // ICU's word breaker (Linux; macOS's Foundation breaks words itself): words of Thai, Lao,
        // Khmer and Burmese text. Linked already through libarchive's libxml2.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        .target(name: "CWordBreak", dependencies: ["CICU"]),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // mimalloc, the process's malloc on Linux: linked before the C library, it serves every
        // allocation (Swift, Foundation, cmark-gfm). Builds are 8-10 % faster than with glibc's (docs/PERFORMANCE.md).
        .systemLibrary(
            name: "CMimalloc",
            providers: [.apt(["libmimalloc-dev"])]
        ),
        .target(name: "Mustache"),
        // Sixteen bytes at a time for the search index's text (SSE2 on x86-64).
        .target(name: "CByteScan"),
        // The search index's term table and its scan of plain ASCII words (docs/search.md).
        .target(name: "CSearchTerms"),
        .executableTarget(name: "ThemeEmbedder", path: "Sources/ThemeEmbedder"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        .executableTarget(name: "BuildInfoEmbedder", path: "Sources/BuildInfoEmbedder"),
        .plugin(name: "EmbedBuildInfo", capability: .buildTool(), dependencies: ["BuildInfoEmbedder"]),
        // TOML front matter (Hugo's `+++`), read with toml++ compiled into the binary (header-only).
        .target(
            name: "CTOML",
            cxxSettings: [.unsafeFlags(["-I/opt/homebrew/include", "-I/usr/local/include"], .when(platforms: [.macOS]))]
        ),
        // Front matter (YAML through libyaml, TOML through toml++) is read by the site's pages and by the importers.
        .target(
            name: "DaybookCore",
            dependencies: ["Mustache", "CCmarkGFM", "CVips", "CByteScan", "CSearchTerms", "CYAML", "CTOML",
                           .target(name: "CWordBreak", condition: .when(platforms: [.linux]))],
            plugins: ["EmbedTheme"]
        ),
        .target(name: "DaybookImport", dependencies: ["DaybookCore", "CArchive"]),
        .executableTarget(name: "daybook", dependencies: ["DaybookCore", "DaybookImport", "Mustache",
                                                          .target(name: "CMimalloc", condition: .when(platforms: [.linux]))], plugins: ["EmbedBuildInfo"]),
        .executableTarget(name: "daybook-bench", dependencies: ["DaybookCore", "Mustache",
                                                                .target(name: "CMimalloc", condition: .when(platforms: [.linux]))],
                         path: "Sources/DaybookBench"),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "DaybookCoreTests", dependencies: ["DaybookCore", "Mustache"]),
        // Folders for the tests, removed when the test process exits.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DaybookImportTests", dependencies: ["DaybookImport", "DaybookCore", "TestSupport"]),
        .testTarget(name: "daybookTests", dependencies: ["daybook", "TestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)
