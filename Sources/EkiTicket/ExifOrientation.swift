/// The orientation a camera wrote into a JPEG's EXIF block (tag 0x0112): phones store the sensor's
/// pixels as they came and say how to turn them. Leptonica decodes the pixels only, so Eki reads the tag.
enum ExifOrientation {
    /// Quarter turns clockwise that make the picture upright (0…3). Mirrored orientations (2, 4, 5, 7)
    /// never come from a phone camera and are taken as their unmirrored turn.
    static func clockwiseQuarterTurns(jpeg b: [UInt8]) -> Int {
        switch orientation(b) {
        case 3, 4: 2
        case 5, 6: 1
        case 7, 8: 3
        default: 0
        }
    }

    /// The orientation value, 1 when absent or unreadable.
    static func orientation(_ b: [UInt8]) -> Int {
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return 1 }
        var i = 2
        // Walk the markers up to the image data; APP1 "Exif\0\0" holds a TIFF header and IFD0.
        while i + 4 <= b.count, b[i] == 0xFF {
            let marker = b[i + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= b.count else { break }
            if marker == 0xE1, length > 16, b[(i + 4) ..< (i + 10)].elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                return tiffOrientation(Array(b[(i + 10) ..< (i + 2 + length)])) ?? 1
            }
            i += 2 + length
        }
        return 1
    }

    private static func tiffOrientation(_ t: [UInt8]) -> Int? {
        guard t.count >= 8 else { return nil }
        let little = t[0] == 0x49 && t[1] == 0x49
        guard little || (t[0] == 0x4D && t[1] == 0x4D) else { return nil }
        func u16(_ at: Int) -> Int? {
            guard at + 2 <= t.count else { return nil }
            return little ? Int(t[at]) | Int(t[at + 1]) << 8 : Int(t[at]) << 8 | Int(t[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0 ..< min(count, 256) {
            let at = ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            if tag == 0x0112 { return u16(at + 8) }
        }
        return nil
    }
}
