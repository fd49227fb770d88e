// swift-tools-version: 6.1
import PackageDescription

/// `-static-stdlib` for the release binaries, with the static Foundation libraries it leaves out (the
/// modules were compiled against the shared Foundation, whose own libraries are linked by the loader).
/// `eki` leaves out FoundationNetworking and FoundationXML too: they need the system's curl and
/// libxml2, which bring two dozen more libraries for the loader to map at every start.
///
/// `eki` goes further: one static executable (`-static-executable`, SQLite from libsqlite3-dev's
/// archive), with no shared library for the loader to map and no relocations to apply at start —
/// a fresh `eki --version` 3.9 → 1.5 ms CPU, a board 2 ms less (docs/PERFORMANCE.md, issue 19). It
/// calls nothing glibc wants shared libraries for at run time (no dlopen, no name service beyond
/// the home folder, which `$HOME` gives). `eki-tools` stays dynamic: the ticket scanner dlopens
/// Tesseract.
func staticFoundation(networkingAndXML: Bool, executable: Bool = false) -> [String] {
    let networking = networkingAndXML ? ["FoundationNetworking", "_CFURLSessionInterface", "FoundationXML", "_CFXMLInterface", "curl", "xml2"] : []
    return [executable ? "-static-executable" : "-static-stdlib", "-Xlinker", "--start-group"]
        + (networking + ["Foundation", "CoreFoundation", "FoundationInternationalization", "_FoundationICU", "FoundationEssentials",
                         "_FoundationCShims", "_FoundationCollections", "swiftSynchronization", "swiftDispatch", "dispatch",
                         "BlocksRuntime", "stdc++"] + (executable ? ["sqlite3"] : [])).flatMap { ["-Xlinker", "-l\($0)"] }
        + ["-Xlinker", "--end-group"]
}

/// The modules whose loops the tests spend their CPU in (the import, the queries, route scans and
/// networks, the tracker and its simulated rides) are optimised in debug builds too: the Swift
/// suites took 703 CPU seconds (403 s on two cores) with them unoptimised and 316 (194 s) with
/// them optimised, and the debug `eki` the script tests run builds a day's route network and
/// imports the data in about half the time (docs/PERFORMANCE.md, issue 27). The modules that only
/// shape answers (JSON, pages, the CLI, the server) stay unoptimised for the debugger.
/// Whole-module (`-wmo`), as release builds are: file by file, each batch job optimised the
/// generics it shares with the others again, and a third job optimised the module once more to
/// emit its interface — the importer took 127–133 CPU s that way against 102–103 whole (the same
/// command, side by side). `-num-threads 2` keeps one object per file, which the index store
/// (XCTest discovery) expects. Swift warns that batch mode and incremental builds are off for them.
let optimizedInTests: [SwiftSetting] = [.unsafeFlags(["-O", "-wmo", "-num-threads", "2"], .when(configuration: .debug))]

let package = Package(
    name: "Eki",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "eki", targets: ["eki"]),
        .executable(name: "eki-tools", targets: ["EkiTools"]),
        .library(name: "EkiCore", targets: ["EkiCore"]),
        .library(name: "EkiStore", targets: ["EkiStore"]),
        .library(name: "EkiImport", targets: ["EkiImport"]),
        .library(name: "EkiJSON", targets: ["EkiJSON"]),
        .library(name: "EkiDrawing", targets: ["EkiDrawing"]),
        .library(name: "EkiRouting", targets: ["EkiRouting"]),
        .library(name: "EkiTracking", targets: ["EkiTracking"]),
        .library(name: "EkiTrackingLab", targets: ["EkiTrackingLab"]),
        .library(name: "EkiData", targets: ["EkiData"]),
        .library(name: "EkiTicket", targets: ["EkiTicket"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Without its default trait ConfigurationSupport: Eki configures the server itself, and
        // swift-configuration would be one more package to build.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: ["FullFoundation"]),
        // The test servers run as services (Tests/EkiHTTPTesting); already a dependency of Hummingbird.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // The pages' templates: HTML-escaping by default (docs/ARCHITECTURE.md says why this one).
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        // Connection limits and timeouts are channel handlers under Hummingbird (already a dependency of it).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // Property-based tests: extreme values into every parser and handler.
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        // Pure domain: time model, categories, search keys, geography. No I/O, no SQL.
        .target(name: "EkiCore", swiftSettings: optimizedInTests),
        // Schema, database writer and read-only queries: the only module that speaks SQL.
        .target(name: "EkiStore", dependencies: [
            "EkiCore",
            .product(name: "GRDB", package: "GRDB.swift"),
            // sqlite3_progress_handler: a connection to a file rewritten in place is stopped.
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ], swiftSettings: optimizedInTests),
        // One reader per source format -> one import model -> validation -> EkiStore's writer.
        // interchanges.tsv: the reviewed change times of Tokyo's big interchanges (InterchangeTable).
        .target(name: "EkiImport", dependencies: [
            "EkiCore", "EkiStore",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ], resources: [.embedInCode("MiniTokyo3D/interchanges.tsv")], swiftSettings: optimizedInTests),
        // DIY routes: segments worked out against the timetable, alternatives, swaps, transfers,
        // remembered patterns, and fastest routes by Connection Scan.
        .target(name: "EkiRouting", dependencies: ["EkiCore", "EkiStore"], swiftSettings: optimizedInTests),
        // Ride tracking: GPS fixes -> railway, direction, previous/next station and phase.
        .target(name: "EkiTracking", dependencies: ["EkiCore", "EkiStore"], swiftSettings: optimizedInTests),
        // The tracking lab: simulated rides with ground truth and their evaluation (not in the server).
        .target(name: "EkiTrackingLab", dependencies: ["EkiCore", "EkiStore", "EkiTracking"], swiftSettings: optimizedInTests),
        // Getting data: fetching a source over HTTP, publishing a built database with a manifest,
        // verified updates that swap the live database atomically, and rollback.
        .target(name: "EkiData", dependencies: [
            "EkiCore", "EkiStore", "EkiImport",
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            "COpenSSL",
        ]),
        // SHA-512 and Ed25519 of published datasets (Foundation has none on Linux) from the system's
        // OpenSSL libcrypto (libssl-dev; FoundationNetworking's curl loads it anyway). swift-crypto
        // did the same from its own copy of BoringSSL: 367 C files, ~150 CPU s (80 s on two cores) of
        // every first build, the largest single part of the test command's build (docs/PERFORMANCE.md).
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Tesseract's C API and Leptonica from the system (libtesseract-dev, libleptonica-dev), opened
        // on first use (dlopen): only a ticket scan loads them and the libraries they need.
        .target(name: "CTesseract", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        // Shinkansen tickets: image -> words (Tesseract, both models) -> ticket fields with confidences;
        // the trip they describe, kept in the user-state file. Dictionaries are TSV files compiled in.
        .target(name: "EkiTicket", dependencies: ["EkiCore", "EkiStore", "EkiRouting", "CTesseract"],
                resources: [.embedInCode("Dictionaries/shinkansen-stations.tsv"),
                            .embedInCode("Dictionaries/shinkansen-trains.tsv"),
                            .embedInCode("Dictionaries/city-zones.tsv"),
                            .embedInCode("Dictionaries/shinkansen-walks.tsv")]),
        // The JSON contract shared by the CLI's --json and the HTTP API.
        .target(name: "EkiJSON", dependencies: ["EkiCore", "EkiStore", "EkiRouting"]),
        // Pictures drawn from the data as SVG text (railway maps), for the CLI and the web pages.
        .target(name: "EkiDrawing", dependencies: ["EkiCore", "EkiStore", "EkiRouting"]),
        // Hummingbird: the JSON API, the HTML pages and their static assets. Resources/ holds the files
        // a web engineer edits (templates, scripts, styles, words, the OpenAPI document); a build copies
        // them beside the binary as Eki_EkiServer.resources, which a deployment copies along.
        .target(name: "EkiServer", dependencies: [
            "EkiCore", "EkiStore", "EkiJSON", "EkiDrawing", "EkiRouting", "EkiTracking", "EkiTicket",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Mustache", package: "swift-mustache"),
        ], resources: [.copy("Resources")]),
        // The commands both binaries carry: the read-only ones (boards, search, routes, bookmarks) and
        // what the others share (options, rendering, errors). Nothing here may need the server, the
        // importer, the fetcher, the tracker or the scanner: `eki` links all of it.
        .target(name: "EkiCLI", dependencies: [
            "EkiCore", "EkiStore", "EkiJSON", "EkiDrawing", "EkiRouting",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // The command-line app as a user runs it: the read-only commands, small so that a fresh process
        // answers in milliseconds (docs/PERFORMANCE.md, issue 19); the rest handed to `eki-tools` beside
        // it. A release binary carries the Swift runtime and Foundation inside it (-static-stdlib);
        // SQLite stays a system library. Debug builds (the tests) link as usual.
        .executableTarget(name: "eki", dependencies: [
            "EkiCLI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], linkerSettings: [.unsafeFlags(staticFoundation(networkingAndXML: false, executable: true), .when(configuration: .release))]),
        // `eki-tools`: every command, the server, importer, fetcher, tracker and scanner among them.
        // Tesseract and Leptonica are opened on first use; curl and libxml2 are system libraries.
        .executableTarget(name: "EkiTools", dependencies: [
            "EkiCLI", "EkiCore", "EkiStore", "EkiImport", "EkiJSON", "EkiRouting", "EkiServer",
            "EkiTracking", "EkiTrackingLab", "EkiData", "EkiTicket",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], linkerSettings: [.unsafeFlags(staticFoundation(networkingAndXML: true), .when(configuration: .release))]),
        // In-process latency of the hot queries: `swift run -c release EkiBench [db]`.
        .executableTarget(name: "EkiBench", dependencies: ["EkiCore", "EkiStore", "EkiRouting", "EkiTracking"], path: "Benchmarks/EkiBench"),
        // Finds ../shared/data and imports it once per test run, for every test target.
        .target(name: "EkiTestSupport", dependencies: [
            "EkiCore", "EkiStore", "EkiImport", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ], path: "Tests/EkiTestSupport"),
        // Requests to the server in tests, in-process or over a socket (HummingbirdTesting's client
        // would bring AsyncHTTPClient, HTTP/2 and a second BoringSSL into every test build).
        .target(name: "EkiHTTPTesting", dependencies: [
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/EkiHTTPTesting"),
        .testTarget(name: "EkiCoreTests", dependencies: ["EkiCore", "EkiTestSupport"]),
        .testTarget(name: "EkiStoreTests", dependencies: [
            "EkiCore", "EkiStore", "EkiImport", "EkiTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "EkiImportTests", dependencies: [
            "EkiCore", "EkiStore", "EkiImport", "EkiTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "EkiServerTests", dependencies: [
            "EkiCore", "EkiStore", "EkiImport", "EkiJSON", "EkiServer", "EkiTicket", "EkiTracking", "EkiTrackingLab",
            "EkiTestSupport", "EkiHTTPTesting",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "EkiRoutingTests", dependencies: ["EkiCore", "EkiStore", "EkiRouting", "EkiTestSupport"]),
        .testTarget(name: "EkiTrackingTests", dependencies: [
            "EkiCore", "EkiStore", "EkiTracking", "EkiTrackingLab", "EkiTestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ]),
        .testTarget(name: "EkiDataTests", dependencies: [
            "EkiCore", "EkiStore", "EkiImport", "EkiData", "EkiServer", "EkiTestSupport",
            .product(name: "PropertyBased", package: "swift-property-based"),
            .product(name: "Hummingbird", package: "hummingbird"),
            "EkiHTTPTesting",
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .testTarget(name: "EkiTicketTests", dependencies: ["EkiCore", "EkiStore", "EkiTicket", "EkiTestSupport"]),
        .testTarget(name: "EkiCLITests", dependencies: ["eki", "EkiCLI", "EkiTools", "EkiTestSupport", "EkiCore", "EkiStore", "EkiJSON", "EkiServer", "EkiTicket"]),
    ]
)
