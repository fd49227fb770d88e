import Foundation

/// One GTFS file (`stops.txt`, …) as an RFC 4180 table: a header row naming the columns, then records.
///
/// Our own small reader rather than a CSV package: GTFS needs exactly RFC 4180 (quotes, doubled quotes,
/// commas and line breaks inside quotes, CRLF or LF) plus a UTF-8 byte-order mark, and every error has to
/// name the file and the line. Reading the bytes in place keeps a million stop times at a few seconds.
struct GTFSTable {
    let file: String
    /// Column name → index, from the header (names trimmed: some feeds pad them with spaces).
    let columns: [String: Int]
    private let data: Data

    init(file: String, data: Data) throws {
        self.file = file
        self.data = data
        var header: [String] = []
        try Self.scan(data, file: file, limit: 1) { fields, _ in
            header = fields.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        guard !header.isEmpty, header != [""] else {
            throw ImportError.badRecord(file: file, line: 1, detail: "the header row is missing")
        }
        columns = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The index of a column the file must have.
    func required(_ name: String) throws -> Int {
        guard let index = columns[name] else {
            throw ImportError.badRecord(file: file, line: 1, detail: "missing column \(name)")
        }
        return index
    }

    /// Calls `body` for every record after the header with its fields and its line number (a record
    /// spanning lines inside quotes reports the line it starts on). Blank lines are skipped.
    func forEachRecord(_ body: (Record) throws -> Void) throws {
        var first = true
        try Self.scan(data, file: file, limit: .max) { fields, line in
            if first { first = false; return }
            if fields.count == 1, fields[0].isEmpty { return }
            try body(Record(fields: fields, line: line, file: file))
        }
    }

    struct Record {
        let fields: [String]
        let line: Int
        let file: String

        /// The field in a column, trimmed; empty when the column or the value is absent.
        subscript(_ index: Int?) -> String {
            guard let index, index < fields.count else { return "" }
            let field = fields[index]
            // Trimming only when needed: this runs for every field of a million stop times.
            guard let first = field.utf8.first, let last = field.utf8.last,
                  first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 else { return field }
            return field.trimmingCharacters(in: .whitespaces)
        }

        /// A field that must not be empty.
        func required(_ index: Int, _ name: String) throws -> String {
            let value = self[index]
            guard !value.isEmpty else { throw error("\(name) is empty") }
            return value
        }

        func error(_ detail: String) -> ImportError { .badRecord(file: file, line: line, detail: detail) }
    }

    /// The RFC 4180 state machine over raw bytes. `body` gets each record's fields and first line.
    private static func scan(_ data: Data, file: String, limit: Int,
                             _ body: ([String], Int) throws -> Void) throws {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
            var index = 0
            // A UTF-8 byte-order mark is not part of the first column's name.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            var line = 1
            var records = 0
            var fields: [String] = []
            var quoted: [UInt8] = []
            while index < bytes.count, records < limit {
                let recordLine = line
                fields.removeAll(keepingCapacity: true)
                var endOfRecord = false
                while !endOfRecord {
                    if index < bytes.count, bytes[index] == quote {
                        // Quoted field: up to the closing quote; "" inside is one quote.
                        let fieldLine = line
                        index += 1
                        quoted.removeAll(keepingCapacity: true)
                        var closed = false
                        while index < bytes.count {
                            let byte = bytes[index]
                            if byte == quote {
                                if index + 1 < bytes.count, bytes[index + 1] == quote {
                                    quoted.append(quote); index += 2; continue
                                }
                                index += 1; closed = true; break
                            }
                            if byte == lf { line += 1 }
                            quoted.append(byte); index += 1
                        }
                        guard closed else {
                            throw ImportError.badRecord(file: file, line: fieldLine, detail: "a quoted field is never closed")
                        }
                        fields.append(try string(quoted[...], file: file, line: fieldLine))
                        if index < bytes.count, bytes[index] != comma, bytes[index] != cr, bytes[index] != lf {
                            throw ImportError.badRecord(file: file, line: line, detail: "text after a closing quote")
                        }
                    } else {
                        let start = index
                        while index < bytes.count, bytes[index] != comma, bytes[index] != lf, bytes[index] != cr {
                            if bytes[index] == quote {
                                throw ImportError.badRecord(file: file, line: line, detail: "a quote inside an unquoted field")
                            }
                            index += 1
                        }
                        fields.append(try string(UnsafeBufferPointer(rebasing: bytes[start..<index]), file: file, line: line))
                    }
                    if index >= bytes.count {
                        endOfRecord = true
                    } else if bytes[index] == comma {
                        index += 1
                    } else {
                        if bytes[index] == cr { index += 1 }
                        if index < bytes.count, bytes[index] == lf { index += 1 }
                        line += 1
                        endOfRecord = true
                    }
                }
                records += 1
                try body(fields, recordLine)
            }
        }
    }

    private static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes, file: String, line: Int) throws -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ImportError.badRecord(file: file, line: line, detail: "not UTF-8 text")
        }
        return text
    }
}
