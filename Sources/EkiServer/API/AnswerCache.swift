import Hummingbird
import Synchronization

/// Encoded answers by what fixes them (database, request target, and the minute for answers about
/// now). Encoding JSON costs more than the query behind it, and a wall display asks for the same
/// board again and again. Bounded by bytes; when full it starts over, which is enough for answers
/// that stay right until the database changes and for boards that change every minute anyway.
final class AnswerCache: Sendable {
    private struct State {
        var answers: [String: ByteBuffer] = [:]
        var bytes = 0
    }

    private let state = Mutex(State())
    let capacity: Int

    /// `capacity` in bytes of JSON; 0 keeps nothing.
    init(capacity: Int) { self.capacity = capacity }

    func answer(for key: String) -> ByteBuffer? {
        state.withLock { $0.answers[key] }
    }

    func keep(_ answer: ByteBuffer, for key: String) {
        // One answer may take a sixteenth of the room at most (a busy station's whole day is ~100 KB).
        guard answer.readableBytes <= capacity / 16 else { return }
        state.withLock { state in
            if state.bytes + answer.readableBytes > capacity {
                state.answers.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            if state.answers.updateValue(answer, forKey: key) == nil { state.bytes += answer.readableBytes }
        }
    }
}
