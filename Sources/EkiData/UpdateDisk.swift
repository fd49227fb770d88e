import Foundation

/// How an update meets the disk: the free-space check before it starts and the writes of the
/// decompressed database. Injected so a full disk can be tried without filling one.
public struct UpdateDisk: Sendable {
    /// Free bytes in a folder.
    public var freeBytes: @Sendable (URL) throws -> Int64
    /// Appends one chunk to a file being written.
    public var write: @Sendable (FileHandle, Data) throws -> Void

    public init(freeBytes: @escaping @Sendable (URL) throws -> Int64,
                write: @escaping @Sendable (FileHandle, Data) throws -> Void) {
        self.freeBytes = freeBytes
        self.write = write
    }

    public static let system = UpdateDisk(freeBytes: FileSwap.freeBytes(in:), write: { try $0.write(contentsOf: $1) })

    /// "No space left on device" rather than Foundation's "The operation could not be completed".
    static func describe(_ error: any Error) -> String {
        if let error = error as? UpdateError { return error.description }
        if let error = error as? POSIXError { return String(cString: strerror(error.code.rawValue)) }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error { return describe(underlying) }
        return nsError.localizedDescription
    }
}
