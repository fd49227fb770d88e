import Foundation
import Logging

/// Each connection is a file descriptor: a server capped at N connections needs N plus a few dozen
/// for the database, logs and listening socket. The soft limit (often 1,024) is raised toward the
/// hard one when short; if even that is too low, the operator is told which cap would fit.
enum OpenFileLimit {
    static func raise(toServe connections: Int, logger: Logger) {
        let needed = rlim_t(connections + 64)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < needed else { return }
        let target = min(needed, limit.rlim_max)
        var raised = limit
        raised.rlim_cur = target
        if target > limit.rlim_cur, setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        if limit.rlim_cur < needed {
            logger.warning("only \(limit.rlim_cur) open files are allowed (ulimit -n): lower --max-connections to \(max(1, Int(limit.rlim_cur) - 128)) or raise the limit")
        }
    }
}
