import EkiStore
import Foundation
import GRDB
import Synchronization

extension TokyoFixture {
    /// The fixture in a database in memory of its own, held by a thread of the test's until
    /// `open()`: whatever reads it (a route network's builder) waits until then. The fixture builds
    /// a network in a moment, so a test that asks what happens while a build is under way holds the
    /// build itself rather than counting on it taking long (the real data's took seconds).
    public final class Held: @unchecked Sendable {
        /// Opened before the hold: its reference is read, its trains are not.
        public let timetable: Timetable
        private let release = DispatchSemaphore(value: 0)
        private let opened = Mutex(false)

        public init() throws {
            let queue = try TokyoFixture.database()
            timetable = try Timetable(reader: queue)
            let held = DispatchSemaphore(value: 0)
            let release = self.release
            Thread {
                queue.inDatabase { _ in
                    held.signal()
                    release.wait()
                }
            }.start()
            held.wait()
        }

        /// Lets the readers through (once; later calls do nothing).
        public func open() {
            let first = opened.withLock { opened in
                defer { opened = true }
                return !opened
            }
            if first { release.signal() }
        }

        deinit { open() }
    }
}
