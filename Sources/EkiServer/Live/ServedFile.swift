import EkiStore
import Foundation

/// What an answer made now may be kept on: whether the file it was read from is still the one that
/// was opened. The router built for an opened file hands this check to `CachedJSON`, which looks
/// before it keeps an answer, so an answer read while the file was written over is never served
/// again from memory. (It was a task-local value set by `LiveResponder` for each request; in a
/// release build, setting it crashed the server on its first request: swift_task_localValuePush.)
enum ServedFile {
    /// The check for the file at `path` as it is now; always true where there is no file (an
    /// in-memory database) to watch.
    static func intact(_ path: String?) -> @Sendable () -> Bool {
        guard let path, let opened = FileIdentity(path: path) else { return { true } }
        return { !FileIdentity.isRewritten(path, since: opened) }
    }
}
