/// Checks JSON syntax byte by byte without building any value, so a dump of hundreds of megabytes
/// (ODPT's odpt:TrainTimetable) is checked in constant memory, and the first bad byte is known exactly.
/// Feed it chunks, then `finish()`. It checks the grammar of RFC 8259 (plus the trailing commas
/// Foundation accepts), not UTF-8 validity.
struct JSONSyntaxScanner {
    enum Verdict: Equatable {
        /// Valid so far (or, after `finish`, valid and complete) with this top-level kind.
        case valid(JSONShape?)
        /// The byte at this offset cannot continue the document.
        case unexpected(offset: Int)
        /// The document ended in the middle of a value.
        case endsEarly(offset: Int)
        /// Only whitespace.
        case empty
    }

    private enum Expect {
        case value, valueOrEnd, keyOrEnd, colon, commaOrEnd, done
    }

    private enum Token {
        case none
        case string(isKey: Bool, escape: Int)   // escape: 0 none, 1 after "\", 2…5 hex digits of \u left
        case number(NumberPart)
        case literal(remaining: ArraySlice<UInt8>)
    }

    private enum NumberPart {
        case sign, zero, integer, point, fraction, exponent, exponentSign, exponentDigits

        var canEnd: Bool { self == .zero || self == .integer || self == .fraction || self == .exponentDigits }
    }

    private var expect = Expect.value
    private var token = Token.none
    private var stack: [UInt8] = []       // "[" or "{" per open container
    private var offset = 0
    private var failure: Verdict?
    private(set) var shape: JSONShape?

    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        guard failure == nil else { return }
        for byte in bytes {
            if !step(byte) {
                failure = .unexpected(offset: offset)
                return
            }
            offset += 1
        }
    }

    mutating func finish() -> Verdict {
        if let failure { return failure }
        if !started { return .empty }
        if case .number(let part) = token, part.canEnd, stack.isEmpty { return .valid(shape) }
        if case .none = token, expect == .done { return .valid(shape) }
        return .endsEarly(offset: offset)
    }

    /// A first value has begun (anything but whitespace was read).
    private var started = false

    /// Consumes one byte; false when it cannot continue the document.
    private mutating func step(_ byte: UInt8) -> Bool {
        switch token {
        case .string(let isKey, let escape):
            return stringStep(byte, isKey: isKey, escape: escape)
        case .literal(let remaining):
            guard remaining.first == byte else { return false }
            let rest = remaining.dropFirst()
            if rest.isEmpty {
                token = .none
                valueEnded()
            } else {
                token = .literal(remaining: rest)
            }
            return true
        case .number(let part):
            if let next = Self.numberStep(part, byte) {
                token = .number(next)
                return true
            }
            guard part.canEnd else { return false }
            token = .none
            valueEnded()
            return structural(byte)   // the byte that ended the number is read again
        case .none:
            return structural(byte)
        }
    }

    private mutating func structural(_ byte: UInt8) -> Bool {
        if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { return true }
        switch expect {
        case .done:
            return false
        case .colon:
            guard byte == UInt8(ascii: ":") else { return false }
            expect = .value
            return true
        case .keyOrEnd:
            if byte == UInt8(ascii: "}") { return close(UInt8(ascii: "{")) }
            guard byte == UInt8(ascii: "\"") else { return false }
            token = .string(isKey: true, escape: 0)
            return true
        case .commaOrEnd:
            switch byte {
            case UInt8(ascii: ","):
                // A trailing comma ("[1, 2,]") is tolerated: Foundation's decoder, which every
                // importer uses, reads it, so refusing it would throw away a usable file.
                expect = stack.last == UInt8(ascii: "{") ? .keyOrEnd : .valueOrEnd
                return true
            case UInt8(ascii: "]"): return close(UInt8(ascii: "["))
            case UInt8(ascii: "}"): return close(UInt8(ascii: "{"))
            default: return false
            }
        case .value, .valueOrEnd:
            if byte == UInt8(ascii: "]"), expect == .valueOrEnd { return close(UInt8(ascii: "[")) }
            return beginValue(byte)
        }
    }

    private mutating func beginValue(_ byte: UInt8) -> Bool {
        if !started {
            started = true
            shape = byte == UInt8(ascii: "[") ? .array : byte == UInt8(ascii: "{") ? .object : nil
        }
        switch byte {
        case UInt8(ascii: "["):
            stack.append(byte)
            expect = .valueOrEnd
        case UInt8(ascii: "{"):
            stack.append(byte)
            expect = .keyOrEnd
        case UInt8(ascii: "\""):
            token = .string(isKey: false, escape: 0)
        case UInt8(ascii: "-"):
            token = .number(.sign)
        case UInt8(ascii: "0"):
            token = .number(.zero)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            token = .number(.integer)
        case UInt8(ascii: "t"):
            token = .literal(remaining: Array("rue".utf8)[...])
        case UInt8(ascii: "f"):
            token = .literal(remaining: Array("alse".utf8)[...])
        case UInt8(ascii: "n"):
            token = .literal(remaining: Array("ull".utf8)[...])
        default:
            return false
        }
        return true
    }

    private mutating func close(_ opener: UInt8) -> Bool {
        guard stack.last == opener else { return false }
        stack.removeLast()
        valueEnded()
        return true
    }

    private mutating func valueEnded() {
        expect = stack.isEmpty ? .done : .commaOrEnd
    }

    private mutating func stringStep(_ byte: UInt8, isKey: Bool, escape: Int) -> Bool {
        switch escape {
        case 0:
            if byte == UInt8(ascii: "\"") {
                token = .none
                if isKey { expect = .colon } else { valueEnded() }
                return true
            }
            if byte == UInt8(ascii: "\\") {
                token = .string(isKey: isKey, escape: 1)
                return true
            }
            return byte >= 0x20
        case 1:
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                token = .string(isKey: isKey, escape: 0)
            case UInt8(ascii: "u"):
                token = .string(isKey: isKey, escape: 5)
            default:
                return false
            }
            return true
        default:
            let isHex = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            guard isHex else { return false }
            token = .string(isKey: isKey, escape: escape == 2 ? 0 : escape - 1)
            return true
        }
    }

    /// The number's next part after `byte`, or nil when `byte` is not part of the number.
    private static func numberStep(_ part: NumberPart, _ byte: UInt8) -> NumberPart? {
        let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        let exponent = byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        switch part {
        case .sign: return byte == UInt8(ascii: "0") ? .zero : digit ? .integer : nil
        case .zero: return byte == UInt8(ascii: ".") ? .point : exponent ? .exponent : nil
        case .integer: return digit ? .integer : byte == UInt8(ascii: ".") ? .point : exponent ? .exponent : nil
        case .point: return digit ? .fraction : nil
        case .fraction: return digit ? .fraction : exponent ? .exponent : nil
        case .exponent: return digit ? .exponentDigits : (byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) ? .exponentSign : nil
        case .exponentSign, .exponentDigits: return digit ? .exponentDigits : nil
        }
    }
}
