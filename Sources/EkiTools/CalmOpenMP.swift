import Foundation

/// Tesseract runs parts of its networks under OpenMP, whose idle threads spin waiting for work. With
/// both models already reading in parallel on a 2-core machine, the spinning threads took half the CPU
/// and doubled a scan's user time (docs/PERFORMANCE.md). libgomp reads its settings once, when it is
/// loaded, so the only way to set them is before the process starts: the scanning commands start
/// themselves again with one OpenMP thread per engine and passive waiting, unless the caller chose.
enum CalmOpenMP {
    static func restartIfNeeded() {
        let environment = ProcessInfo.processInfo.environment
        guard environment["OMP_THREAD_LIMIT"] == nil, environment["OMP_WAIT_POLICY"] == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        setenv("OMP_WAIT_POLICY", "PASSIVE", 1)
        // The binary's own path, so that the process keeps its name ("eki", not "exe") in ps and top.
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        var arguments = CommandLine.arguments.map { strdup($0) }
        arguments.append(nil)
        execv(path, &arguments)
        // exec failed (no /proc): go on as we are, only slower.
        for argument in arguments { free(argument) }
    }
}
