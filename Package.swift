// swift-tools-version:6.0
import PackageDescription

// The targets follow the pipeline of the specification, each importing only earlier stages:
// Timekeeping → Export → Dataset → Days → Pages → HTML → Archive, wired together by Report
// (InputFiles, like Bytes, is a leaf: reading a user's file with a bound; Hashing and JSONText use only Bytes);
// Serve puts Report behind a local HTTP server.

/// Optimised in debug builds too: the modules where the test suite's hundreds of runs of
/// the debug binary (and its in-process builds) spend most of their time. The suite on a
/// fresh clone is faster by more than the longer build (docs/performance.md, "The test
/// suite"); to step through one of them in a debugger, build without this.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"])]

let package = Package(
    name: "bbreport",
    products: [
        .executable(name: "bbreport", targets: ["bbreport"]),
        .library(name: "Report", targets: ["Report"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // A small HTTP server with no dependencies of its own, for the API client's loopback
        // tests (Hummingbird would add SwiftNIO's minutes to every clean build).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            path: "Sources/C/CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // SQLite, for the apps whose backups are databases (Baby Daybook).
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/C/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // OpenSSL's libcrypto: the digest serve needs (the WebSocket handshake), and the
        // cipher, key derivation and random bytes of encrypted archives.
        .systemLibrary(
            name: "CCrypto",
            path: "Sources/C/CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .target(name: "Timekeeping", swiftSettings: optimisedInDebug),
        .target(name: "Theme"),
        // XXH3, compiled in from Debian's libxxhash-dev header.
        .target(name: "CXXHash", path: "Sources/C/CXXHash"),
        .target(name: "Hashing", dependencies: ["Bytes", "CXXHash"], swiftSettings: optimisedInDebug),
        .target(name: "Bytes", swiftSettings: optimisedInDebug),
        // What exists only for speed: a map that shares a few large independent pieces (each
        // child's) among the cores, and the switches of the mechanisms of docs/performance.md.
        .target(name: "Speed"),
        // The WHO Child Growth Standards: LMS tables, z-scores, percentiles, corrected age
        // (nothing else: reading an export does not depend on them).
        .target(name: "Growth", swiftSettings: optimisedInDebug, plugins: ["EmbedFiles"]),
        .target(name: "JSONText", dependencies: ["Bytes"], swiftSettings: optimisedInDebug),
        // Files mapped into memory, guarded against being cut short while they are.
        .target(name: "CFileMapping", path: "Sources/C/CFileMapping"),
        .target(name: "InputFiles", dependencies: ["CFileMapping"]),
        // libcurl through a small C shim: the HTTP client whose every bound can be set
        // (loaded on the first request, so a build from a file does not load it).
        .target(name: "CHTTP", path: "Sources/C/CHTTP", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "Export", dependencies: ["Timekeeping", "Hashing", "Bytes", "InputFiles", "Speed"], swiftSettings: optimisedInDebug),
        .target(name: "Servers", dependencies: ["Export", "Timekeeping", "CHTTP", "Hashing", "InputFiles"]),
        // Other apps' exports (CSV, text) read into the export format.
        .target(name: "Importers", dependencies: ["Export", "Timekeeping", "Hashing", "Growth", "CSQLite"]),
        .target(name: "Dataset", dependencies: ["Export", "Timekeeping"]),
        .target(name: "Days", dependencies: ["Dataset", "Export", "Timekeeping", "Hashing", "JSONText"], swiftSettings: optimisedInDebug),
        // The pages' words by language (catalogs in languages/) and the locale's formats.
        .target(name: "Wording", dependencies: ["Timekeeping", "Speed", "Bytes", .product(name: "Yams", package: "Yams")], plugins: ["EmbedFiles"]),
        .target(name: "Charts", dependencies: ["Wording", "Days", "Dataset", "Export", "Timekeeping", "Bytes", "Growth"]),
        .target(name: "Pages", dependencies: ["Wording", "Days", "Dataset", "Export", "Timekeeping", "Theme", "Charts", "Hashing", "Growth", "Speed", "Bytes"]),
        .executableTarget(name: "FileEmbedder"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["FileEmbedder"]),
        .target(
            name: "HTML",
            dependencies: ["Pages", "Theme", "Timekeeping", "JSONText", "Bytes", "InputFiles", "Speed", "CCmarkGFM", .product(name: "Mustache", package: "swift-mustache")],
            plugins: ["EmbedFiles"]
        ),
        .target(name: "CRenameExchange", path: "Sources/C/CRenameExchange"),
        // AES-256-GCM and PBKDF2 from OpenSSL's libcrypto, for encrypted archives.
        .target(name: "Encryption", dependencies: ["CCrypto"]),
        .target(name: "Archive", dependencies: ["CRenameExchange", "Bytes", "Hashing", "JSONText", "InputFiles", "Speed"]),
        // An encrypted archive's files: sealed, at names that say nothing, with their shells.
        .target(name: "Sealing", dependencies: ["Encryption", "Archive", "Hashing", "Bytes"]),
        .target(name: "Sample", dependencies: ["Export", "Timekeeping", "Growth"]),
        // Headless Chromium over the DevTools pipe, for --pdf (and the browser tests).
        .target(name: "CSpawn", path: "Sources/C/CSpawn"),
        .target(name: "Chromium", dependencies: ["CSpawn"]),
        .target(
            name: "Report",
            dependencies: ["Chromium", "Servers", "Wording", "Export", "Dataset", "Days", "Pages", "HTML", "Archive", "Encryption", "Sealing", "Sample", "Importers", "Theme", "Timekeeping", "Hashing", "InputFiles", "Speed",
                           .product(name: "Yams", package: "Yams")]
        ),
        .target(name: "Serve", dependencies: ["Report", "Bytes", "InputFiles", "Encryption"]),
        // The allocator's settings for a build, applied as the program starts.
        .target(name: "CMemoryTuning", path: "Sources/C/CMemoryTuning"),
        .executableTarget(
            name: "bbreport",
            dependencies: ["CMemoryTuning", "Speed", "Report", "Servers", "Sample", "Wording", "Serve", "Theme", "Dataset", "Timekeeping", "Export", "Importers", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "TimekeepingTests", dependencies: ["Timekeeping"]),
        .testTarget(name: "GrowthTests", dependencies: ["Growth"]),
        .testTarget(name: "ThemeTests", dependencies: ["Theme"]),
        .testTarget(name: "BytesTests", dependencies: ["Bytes"]),
        .testTarget(name: "HashingTests", dependencies: ["Hashing"]),
        .testTarget(name: "EncryptionTests", dependencies: ["Encryption"]),
        .testTarget(name: "ChromiumTests", dependencies: ["Chromium"]),
        .testTarget(name: "SealingTests", dependencies: ["Sealing", "Encryption"]),
        .testTarget(name: "WordingTests", dependencies: ["Wording", "Timekeeping"]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "Export", "Growth"]),
        // libxml2's HTML parser and XPath, for the tests that read what a page says.
        .systemLibrary(name: "CLibXML2", path: "Tests/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Databases built from SQL text, for the tests of apps whose backups are SQLite.
        .target(name: "SQLiteFixtures", dependencies: ["CSQLite"], path: "Tests/SQLiteFixtures"),
        .testTarget(name: "ImportersTests", dependencies: ["Importers", "Export", "Dataset", "Timekeeping", "SQLiteFixtures"]),
        .testTarget(name: "ExportTests", dependencies: ["Export", "Servers", "Timekeeping", "InputFiles", "Sample", "Bytes"]),
        .target(
            name: "APITestServer",
            dependencies: [.product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox")],
            path: "Tests/APITestServer"
        ),
        .executableTarget(name: "bbreport-test-server", dependencies: ["APITestServer"], path: "Tests/APITestServerMain"),
        .testTarget(name: "APITests", dependencies: ["Export", "Servers", "Sample", "APITestServer", "bbreport-test-server", "Timekeeping"]),
        .testTarget(name: "DatasetTests", dependencies: ["Dataset", "Export", "Timekeeping", "Sample"]),
        .testTarget(name: "DaysTests", dependencies: ["Days", "Dataset", "Export", "Timekeeping", "Sample"]),
        .testTarget(name: "PagesTests", dependencies: ["Pages", "Dataset", "Export", "Timekeeping", "Sample"]),
        .testTarget(name: "HTMLTests", dependencies: ["HTML", "Pages", "Bytes", "Sample", "Timekeeping", "CCmarkGFM", .product(name: "Mustache", package: "swift-mustache")]),
        .testTarget(name: "ArchiveTests", dependencies: ["Archive", "Sample", "Hashing"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "Encryption", "Export", "Dataset", "Days", "Pages", "Theme", "Timekeeping", "Wording"]),
        .testTarget(name: "ServeTests", dependencies: ["Serve", "Report"]),
        .testTarget(name: "SampleTests", dependencies: ["Sample", "Export", "Dataset", "Days", "Timekeeping", "Growth"]),
        .testTarget(name: "EndToEndTests", dependencies: ["bbreport", "Chromium", "Report", "Servers", "Speed", "Encryption", "Sealing", "APITestServer", "bbreport-test-server", "Sample", "SQLiteFixtures", "CCmarkGFM", "CLibXML2",
                                                       .product(name: "ArgumentParser", package: "swift-argument-parser")], exclude: ["Fixtures"]),
    ]
)
