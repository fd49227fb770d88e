extension Unicode.Scalar {
    /// Columns this character takes in a monospaced terminal, and roughly in ems in a CJK font:
    /// CJK and full-width characters take two, combining marks none, the rest one.
    public var columns: Int {
        switch value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6: 2
        case 0x0300...0x036F, 0x3099...0x309A: 0
        default: 1
        }
    }
}
