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
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev", "libwebp-dev"]), .brew(["vips", "webp"])]
        ),
        .target(name: "Mustache"),
        .executableTarget(name: "ThemeEmbedder", path: "Sources/ThemeEmbedder"),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["ThemeEmbedder"]),
        .executableTarget(name: "BuildInfoEmbedder", path: "Sources/BuildInfoEmbedder"),
        .plugin(name: "EmbedBuildInfo", capability: .buildTool(), dependencies: ["BuildInfoEmbedder"]),
        .target(
            name: "DaybookCore",
            dependencies: ["Mustache", "CCmarkGFM", "CVips"],
            plugins: ["EmbedTheme"]
        ),
        .executableTarget(name: "daybook", dependencies: ["DaybookCore", "Mustache"], plugins: ["EmbedBuildInfo"]),
        .executableTarget(name: "daybook-bench", dependencies: ["DaybookCore", "Mustache"], path: "Sources/DaybookBench"),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "DaybookCoreTests", dependencies: ["DaybookCore", "Mustache"]),
        .testTarget(name: "daybookTests", dependencies: ["daybook"]),
    ]
)
