import Dispatch
import EkiCore
import EkiJSON
import EkiTicket
import Foundation
import Hummingbird
import NIOCore
import Synchronization

/// POST /api/v1/ticket/scan: the /ticket page sends the photo or screenshot as the body and gets
/// what `eki ticket scan --json` prints (`ScanJSON`: the scan, and whether its date has passed). The image lives only in this request's memory: it is not
/// written anywhere, and nothing of it (not even its size) reaches the log.
struct TicketAPI: Sendable {
    let scans: TicketScans
    let clock: @Sendable () -> Date
    let contract: APIContract
    /// Whose X-Forwarded-For names the client, for the one place per client in the queue.
    var trustedProxy: String?

    static let imageTypes = ["image/jpeg", "image/png", "image/webp"]

    func addRoutes<Context: ConnectionRequestContext>(to router: Router<Context>) throws {
        let operation = try contract.operation("ticketScan")
        router.post("/api/v1/ticket/scan") { [trustedProxy] request, context in
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
            let client = ClientAddress.key(peer: context.remoteAddress, headers: request.headers, trustedProxy: trustedProxy)
            let result = try await scans.scan(Array(buffer.readableBytesView), today: today, client: client, connection: context.connection)
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: try JSONOutput.data(ScanJSON(result, today: today), pretty: false))))
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
/// hold the server's event loops or Swift's cooperative pool), with the models loaded once. One scan
/// runs and three may wait their turn, one place per client address (a fourth upload from the
/// address that holds a place would take a place from somebody else); more than that is a 503 to
/// ask again, not a queue that grows. A scan whose client has gone away (its connection closed or
/// shut: `ClientGoneWatch`) is dropped when its turn comes, and stopped at the next word read if it runs.
final class TicketScans: @unchecked Sendable {
    /// The one running and the three waiting, as README says.
    static let places = 4
    /// One per process: the models stay loaded when the router is rebuilt for a new database.
    static let shared = TicketScans()
    typealias Read = @Sendable (_ input: ImageInput, _ today: CivilDate, _ abandoned: @escaping @Sendable () -> Bool) throws(TicketScanError) -> ScanResult
    private let queue = DispatchQueue(label: "eki.ticket.scan")
    /// Touched only on `queue`.
    private var scanner: TicketScanner?
    /// What reads an image on `queue`: the scanner, or a stand-in in tests.
    private let read: Read?
    private let lock = NSLock()
    /// The client addresses holding a place, running or waiting.
    private var holders: Set<String> = []

    /// `read` stands in for the scanner (tests).
    init(read: Read? = nil) { self.read = read }

    func scan(_ bytes: [UInt8], today: CivilDate, client: String, connection: (any Channel)? = nil) async throws -> ScanResult {
        // What can be refused from the bytes alone is refused here, without waiting for a turn;
        // a PNG's image data is inflated (to be measured) only once it has its place.
        let input: ImageInput
        do { input = try ImageInput(bytes: bytes, name: "the image", inflating: false) } catch { throw Self.problem(error) }
        switch admit(client) {
        case .admitted: break
        case .full: throw Problem(.serviceUnavailable, "busy reading other tickets; try again in a few seconds", retryAfter: 5)
        case .clientHasOne: throw Problem(.serviceUnavailable, "a ticket of yours is already being read; try again when it is done", retryAfter: 5)
        }
        defer { leave(client) }
        let watch = ClientGoneWatch.install(on: connection)
        defer { watch?.remove() }
        let abandoned: @Sendable () -> Bool = { watch?.isGone ?? false }
        let outcome: Result<ScanResult, TicketScanError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(TicketScanError) -> ScanResult in
                    // Its turn has come: a client that has gone costs nothing more.
                    guard !abandoned() else { throw .abandoned("the image") }
                    let checked = try input.withImageDataChecked(name: "the image")
                    if let read = self.read { return try read(checked, today, abandoned) }
                    if self.scanner == nil { self.scanner = try TicketScanner() }
                    return try self.scanner!.scan(checked, name: "the image", today: today, abandoned: abandoned)
                })
            }
        }
        do { return try outcome.get() } catch { throw Self.problem(error) }
    }

    enum Admission { case admitted, full, clientHasOne }

    private func admit(_ client: String) -> Admission {
        lock.withLock {
            guard !holders.contains(client) else { return .clientHasOne }
            guard holders.count < Self.places else { return .full }
            holders.insert(client)
            return .admitted
        }
    }

    private func leave(_ client: String) { _ = lock.withLock { holders.remove(client) } }

    /// Places taken, running or waiting.
    var holding: Int { lock.withLock { holders.count } }

    /// The scanner's refusal as the API's answer (the same one line the CLI prints).
    static func problem(_ error: TicketScanError) -> Problem {
        switch error {
        case .empty: Problem(.badRequest, "the body is empty: send the image itself")
        case .tooLarge, .tooManyPixels, .tooManyScans, .tooManyChunks, .overfull: Problem(.contentTooLarge, error.description)
        case .tooSlow: Problem(.unprocessableContent, error.description)
        case .notAnImage, .undecodable: Problem(.unsupportedMediaType, error.description)
        case .ocrUnavailable: Problem(.serviceUnavailable, error.description, retryAfter: 3600)
        // Nobody reads this answer: the connection is gone.
        case .abandoned: Problem(.serviceUnavailable, error.description)
        }
    }
}

/// Whether a request's client has gone away while its answer is worked out: its connection closed,
/// or the client's side of it shut (a tab closed, curl interrupted: the server reads end-of-file,
/// and a rider never half-closes a connection while waiting for an answer). Put in front of the
/// connection's pipeline while a ticket scan waits or runs, taken out after.
final class ClientGoneWatch: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = ByteBuffer
    private let gone = Atomic<Bool>(false)
    private let channel: any Channel

    private init(channel: any Channel) { self.channel = channel }

    var isGone: Bool { gone.load(ordering: .relaxed) }

    /// A watch on `channel`, or nil without one (a request that came through no socket).
    static func install(on channel: (any Channel)?) -> ClientGoneWatch? {
        guard let channel else { return nil }
        let watch = ClientGoneWatch(channel: channel)
        // Not awaited: the scan need not wait for it. A channel closed already cannot take it.
        channel.pipeline.addHandler(watch, position: .first).whenFailure { error in
            if let error = error as? ChannelError, error == .ioOnClosedChannel { watch.gone.store(true, ordering: .relaxed) }
        }
        return watch
    }

    func remove() {
        channel.pipeline.removeHandler(self, promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { gone.store(true, ordering: .relaxed) }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        gone.store(true, ordering: .relaxed)
        context.fireChannelInactive()
    }
}
