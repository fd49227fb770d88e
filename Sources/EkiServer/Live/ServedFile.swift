/// What an answer made now may be kept on: whether the file it was read from is still the one that
/// was opened (`LiveResponder` sets it for each request; nil: nothing watches the file, keep).
/// `CachedJSON` looks before it keeps an answer, so an answer read while the file was written over
/// is never served again from memory.
enum ServedFile {
    @TaskLocal static var isIntact: (@Sendable () -> Bool)?

    static var mayKeepAnswers: Bool { isIntact?() ?? true }
}
