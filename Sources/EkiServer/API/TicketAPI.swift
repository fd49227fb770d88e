import Dispatch
import EkiCore
import EkiJSON
import EkiTicket
import Foundation
import Hummingbird

/// POST /api/v1/ticket/scan: the /ticket page sends the photo or screenshot as the body and gets
/// what `eki ticket scan --json` prints. The image lives only in this request's memory: it is not
/// written anywhere, and nothing of it (not even its size) reaches the log.
struct TicketAPI: Sendable {
    let scans: TicketScans
    let clock: @Sendable () -> Date
    let contract: APIContract

    static let imageTypes = ["image/jpeg", "image/png", "image/webp"]

    func addRoutes<Context: RequestContext>(to router: Router<Context>) throws {
        let operation = try contract.operation("ticketScan")
        router.post("/api/v1/ticket/scan") { request, _ in
            let query = try QueryParameters(request, operation: operation)
            let today = try query.date("today", now: clock()).date
            guard Self.isImage(request.headers[.contentType]) else {
                throw Problem(.unsupportedMediaType, "send the image itself as the body, with Content-Type image/jpeg, image/png or image/webp")
            }
            let buffer: ByteBuffer
            do {
                buffer = try await request.body.collect(upTo: ImageInput.maximumBytes)
            } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
                throw Problem(.contentTooLarge, "the image is over \(ImageInput.maximumBytes / 1_048_576) MB; a ticket image may be at most \(ImageInput.maximumBytes / 1_048_576) MB")
            } catch {
                throw Problem(.badRequest, "the request body could not be read")
            }
            let result = try await scans.scan(Array(buffer.readableBytesView), today: today)
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: try JSONOutput.data(result, pretty: false))))
        }
    }

    /// `image/jpeg`, `image/png` or `image/webp`, with or without parameters, in any case. The bytes
    /// are checked too: the type only says what the sender meant.
    static func isImage(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";", maxSplits: 1).first?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return imageTypes.contains(type)
    }
}

/// Scans one image at a time on a thread of its own (Tesseract is slow and blocking: it must not
/// hold the server's event loops or Swift's cooperative pool), with the models loaded once. A few
/// scans may wait their turn; more than that is a 503 to ask again, not a queue that grows.
final class TicketScans: @unchecked Sendable {
    static let maximumWaiting = 3
    /// One per process: the models stay loaded when the router is rebuilt for a new database.
    static let shared = TicketScans()
    private let queue = DispatchQueue(label: "eki.ticket.scan")
    /// Touched only on `queue`.
    private var scanner: TicketScanner?
    private let lock = NSLock()
    private var waiting = 0

    func scan(_ bytes: [UInt8], today: CivilDate) async throws -> ScanResult {
        // What can be refused from the bytes alone is refused here, without waiting for a turn.
        do { _ = try ImageInput(bytes: bytes, name: "the image") } catch { throw Self.problem(error) }
        guard admit() else { throw Problem(.serviceUnavailable, "busy reading other tickets; try again in a few seconds", retryAfter: 5) }
        defer { leave() }
        let outcome: Result<ScanResult, TicketScanError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(TicketScanError) -> ScanResult in
                    if self.scanner == nil { self.scanner = try TicketScanner() }
                    return try self.scanner!.scan(bytes, name: "the image", today: today)
                })
            }
        }
        do { return try outcome.get() } catch { throw Self.problem(error) }
    }

    private func admit() -> Bool {
        lock.withLock {
            guard waiting < Self.maximumWaiting else { return false }
            waiting += 1
            return true
        }
    }

    private func leave() { lock.withLock { waiting -= 1 } }

    /// The scanner's refusal as the API's answer (the same one line the CLI prints).
    static func problem(_ error: TicketScanError) -> Problem {
        switch error {
        case .empty: Problem(.badRequest, "the body is empty: send the image itself")
        case .tooLarge, .tooManyPixels: Problem(.contentTooLarge, error.description)
        case .notAnImage, .undecodable: Problem(.unsupportedMediaType, error.description)
        case .ocrUnavailable: Problem(.serviceUnavailable, error.description, retryAfter: 3600)
        }
    }
}
