import EkiCore
@testable import EkiServer
@testable import EkiTicket
import Foundation
import Hummingbird
import NIOCore
import NIOEmbedded
import Synchronization
import Testing

/// The ticket scanner's queue (issue 33 item 1): one scan runs and three wait, as README says, one
/// place per client address; a scan whose client has gone is not run; a JPEG bomb is a 413 before
/// it takes a place. The scanner is stood in for by a gate the test opens: no Tesseract needed.
@Suite struct TicketScanQueueTests {
    /// Stands in for the scanner: each reading waits for the gate, and is counted.
    final class Gate: Sendable {
        let opened = DispatchSemaphore(value: 0)
        let readings = Atomic<Int>(0)

        func read(_ input: ImageInput, _ today: CivilDate, _ abandoned: @escaping @Sendable () -> Bool) throws(TicketScanError) -> ScanResult {
            readings.add(1, ordering: .relaxed)
            opened.wait()
            return ScanResult(ticket: Ticket(source: .photo), confidence: [:], words: [])
        }
    }

    /// The smallest image the checks let through: a 16×16 baseline JPEG's markers.
    static let image: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0, 17, 8, 0, 16, 0, 16, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 0xFF, 0xD9]
    static let today = CivilDate(iso: "2025-03-01")!

    /// Waits (up to 10 s) until `condition` holds.
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        for _ in 0 ..< 1000 {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    static func problem(_ work: () async throws -> ScanResult) async -> Problem? {
        do { _ = try await work(); return nil } catch { return error as? Problem }
    }

    @Test func oneRunsThreeWaitAndEachAddressHoldsOnePlace() async throws {
        let gate = Gate()
        let scans = TicketScans(read: gate.read)
        var admitted: [Task<ScanResult, any Error>] = []
        admitted.append(Task { try await scans.scan(Self.image, today: Self.today, client: "10.0.0.1") })
        #expect(await Self.eventually { gate.readings.load(ordering: .relaxed) == 1 })
        // The address whose scan runs gets no second place: it would take somebody else's.
        let second = await Self.problem { try await scans.scan(Self.image, today: Self.today, client: "10.0.0.1") }
        #expect(second?.status == .serviceUnavailable && second?.retryAfter == 5)
        #expect(second?.detail == "a ticket of yours is already being read; try again when it is done")
        // Three more addresses wait their turn…
        for address in ["10.0.0.2", "10.0.0.3", "2001:db8::/64"] {
            admitted.append(Task { try await scans.scan(Self.image, today: Self.today, client: address) })
        }
        #expect(await Self.eventually { scans.holding == 4 })
        // …and a fifth is told to come back.
        let fifth = await Self.problem { try await scans.scan(Self.image, today: Self.today, client: "10.0.0.5") }
        #expect(fifth?.status == .serviceUnavailable && fifth?.detail == "busy reading other tickets; try again in a few seconds")
        for _ in 0 ..< 4 { gate.opened.signal() }
        for task in admitted { _ = try await task.value }
        #expect(gate.readings.load(ordering: .relaxed) == 4)
        // Places are given back: the first address may scan again.
        gate.opened.signal()
        _ = try await scans.scan(Self.image, today: Self.today, client: "10.0.0.1")
        #expect(scans.holding == 0)
    }

    @Test func aScanWhoseClientHasGoneIsNotRun() async throws {
        let gate = Gate()
        let scans = TicketScans(read: gate.read)
        let running = Task { try await scans.scan(Self.image, today: Self.today, client: "10.0.0.1") }
        #expect(await Self.eventually { gate.readings.load(ordering: .relaxed) == 1 })
        // The next one waits; its client then shuts its side of the connection (a closed tab).
        let connection = NIOAsyncTestingChannel()
        let waiting = Task { await Self.problem { try await scans.scan(Self.image, today: Self.today, client: "10.0.0.2", connection: connection) } }
        #expect(await Self.eventually { (try? await connection.pipeline.handler(type: ClientGoneWatch.self).get()) != nil })
        connection.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        #expect(await Self.eventually { (try? await connection.pipeline.handler(type: ClientGoneWatch.self).get())?.isGone == true })
        gate.opened.signal()
        _ = try await running.value
        let abandoned = await waiting.value
        #expect(abandoned?.detail == "the scan of the image was stopped: nobody is waiting for it any more")
        // Never read: the gate saw one reading only. The watch is gone from the pipeline after.
        #expect(gate.readings.load(ordering: .relaxed) == 1)
        #expect(await Self.eventually { (try? await connection.pipeline.handler(type: ClientGoneWatch.self).get()) == nil })
        #expect(scans.holding == 0)
    }

    @Test func theWatchSeesAClosedConnection() async throws {
        let connection = NIOAsyncTestingChannel()
        let watch = try #require(ClientGoneWatch.install(on: connection))
        #expect(await Self.eventually { (try? await connection.pipeline.handler(type: ClientGoneWatch.self).get()) != nil })
        #expect(!watch.isGone)
        try await connection.connect(to: SocketAddress(ipAddress: "10.0.0.1", port: 40_000))
        #expect(!watch.isGone)
        try await connection.close()
        #expect(await Self.eventually { watch.isGone })
        #expect(ClientGoneWatch.install(on: nil) == nil)
    }

    @Test func aPNGsImageDataIsMeasuredOnceItHasAPlace() async throws {
        let overfull = Self.overfullPNG()
        let gate = Gate()
        let scans = TicketScans(read: gate.read)
        var admitted: [Task<ScanResult, any Error>] = []
        for address in ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"] {
            admitted.append(Task { try await scans.scan(Self.image, today: Self.today, client: address) })
        }
        #expect(await Self.eventually { scans.holding == 4 })
        // Turned away before anything is inflated: busy, not 413 (inflating a 50-megapixel PNG's
        // data takes ~0.3 s: not for uploads that get no place).
        let turnedAway = await Self.problem { try await scans.scan(overfull, today: Self.today, client: "10.0.0.5") }
        #expect(turnedAway?.status == .serviceUnavailable)
        for _ in 0 ..< 4 { gate.opened.signal() }
        for task in admitted { _ = try await task.value }
        // With a place, it is measured on the scanner's thread and refused before any reading.
        let refused = await Self.problem { try await scans.scan(overfull, today: Self.today, client: "10.0.0.5") }
        #expect(refused?.status == .contentTooLarge)
        #expect(refused?.detail == "the image is a PNG whose image data unpacks to more than its 64×64 pixels need: save it again as an ordinary PNG or JPEG")
        #expect(gate.readings.load(ordering: .relaxed) == 4 && scans.holding == 0)
    }

    /// A 64×64 RGB PNG whose image data (two stored zlib blocks) holds 100,000 bytes, where its
    /// rows need 12,352.
    static func overfullPNG() -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(kind.utf8) + data
            return be32(data.count) + body + be32(Int(CRC32.checksum(body[...])))
        }
        var zlib: [UInt8] = [0x78, 0x01]
        let block = 50_000
        for last: UInt8 in [0, 1] {
            zlib += [last, UInt8(block & 0xFF), UInt8(block >> 8), UInt8(~block & 0xFF), UInt8(~block >> 8 & 0xFF)]
            zlib += [UInt8](repeating: 0, count: block)
        }
        zlib += [0, 0, 0, 1]   // the checksum: never reached, the count stops first
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(64) + be32(64) + [8, 2, 0, 0, 0])
            + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    @Test func aJPEGBombIsA413BeforeItTakesAPlace() async throws {
        var bomb: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC2, 0, 17, 8, 0x1B, 0x58, 0x1B, 0x58, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        let scan: [UInt8] = [0xFF, 0xDA, 0, 8, 1, 1, 0, 1, 63, 0] + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]
        for _ in 0 ..< 20_000 { bomb += scan }
        bomb += [0xFF, 0xD9]
        let gate = Gate()
        let scans = TicketScans(read: gate.read)
        let start = ContinuousClock.now
        let refused = await Self.problem { try await scans.scan(bomb, today: Self.today, client: "10.0.0.1") }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(refused?.status == .contentTooLarge)
        #expect(refused?.detail == "the image is a JPEG saved in 20000 passes (scans); a ticket image may have at most 100 (a photo or screenshot has about 10): save it again as an ordinary JPEG or PNG")
        #expect(gate.readings.load(ordering: .relaxed) == 0 && scans.holding == 0)
    }
}
