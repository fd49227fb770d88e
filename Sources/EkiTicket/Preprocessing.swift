import CTesseract
import Foundation

/// A Leptonica image owned by Swift: destroyed when the last reference goes.
final class Picture: @unchecked Sendable {
    // Leptonica images are not shared between threads while written; Eki only reads a finished one.
    let pix: UnsafeMutablePointer<PIX>

    init?(_ pix: UnsafeMutablePointer<PIX>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }
}

/// What a photo needs before Tesseract reads it, all in Leptonica: decode, turn upright by the EXIF tag,
/// gray, scale so text is the height Tesseract reads best, flatten uneven light, straighten.
struct Preprocessing: Sendable {
    /// The long side an image is brought down to. A ticket's text then stands ~40–70 px high on a
    /// 12-megapixel photo, where the LSTM models read well and still fast.
    var longSide = 2000

    struct Result {
        let picture: Picture
        /// The skew found and corrected, in degrees.
        let skew: Double
        /// Scale from the original (upright) image to the one read.
        let scale: Double
        /// The colour of the image's top band when it is a brand colour: a screenshot's app bar.
        let topColor: TopColor?
    }

    /// Eki-net's bar is JR East green, smartEX's is JR Central blue.
    enum TopColor: Sendable { case green, blue }

    func run(_ input: ImageInput, name: String) throws(TicketScanError) -> Result {
        let decoded = input.bytes.withUnsafeBufferPointer { Picture(pixReadMem($0.baseAddress, $0.count)) }
        guard let decoded else { throw .undecodable(name) }
        var picture = decoded
        if input.format == .jpeg {
            let turns = ExifOrientation.clockwiseQuarterTurns(jpeg: input.bytes)
            if turns > 0, let turned = Picture(pixRotateOrth(picture.pix, Int32(turns))) { picture = turned }
        }
        let topColor = Self.topColor(picture)
        guard let gray = Picture(pixConvertTo8(picture.pix, 0)) else { throw .undecodable(name) }
        picture = gray
        let long = max(picture.width, picture.height)
        var scale = 1.0
        if long > longSide {
            scale = Double(longSide) / Double(long)
            if let smaller = Picture(pixScaleAreaMap(picture.pix, Float(scale), Float(scale))) { picture = smaller }
        }
        // Uneven light (a lamp on one side, a shadow): normalise the background to one level.
        if let flat = Picture(pixBackgroundNormSimple(picture.pix, nil, nil)) { picture = flat }
        // Ink is dark, paper and its printed security pattern are light once the light is flat: stretch
        // the grays so the pattern turns white and Tesseract reads the print, not the "JR" wallpaper.
        if let stretched = Picture(pixGammaTRC(nil, picture.pix, 1.0, 40, 160)) { picture = stretched }
        // Photos are tilted up to ~12°. The skew is measured on the ink alone (dark after the light is
        // flattened): a striped table cloth would otherwise dominate the measure with its own angle.
        var angle: Float = 0, confidence: Float = 0
        let ink = Picture(pixThresholdToBinary(picture.pix, 110))
        if let ink { pixFindSkewSweepAndSearch(ink.pix, &angle, &confidence, 2, 2, 14, 1, 0.01) }
        if confidence > 1.0, abs(angle) > 0.2,
           let straight = Picture(pixRotate(picture.pix, angle * .pi / 180, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0)) {
            picture = straight
        }
        return Result(picture: picture, skew: Double(angle), scale: scale, topColor: topColor)
    }

    /// Samples the top fifth of a colour image: mostly green or mostly blue pixels there make the colour.
    static func topColor(_ picture: Picture) -> TopColor? {
        guard pixGetDepth(picture.pix) == 32 else { return nil }
        var green = 0, blue = 0, total = 0
        let width = picture.width, band = picture.height / 5
        for y in stride(from: 0, to: band, by: max(1, band / 40)) {
            for x in stride(from: 0, to: width, by: max(1, width / 40)) {
                var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
                guard pixGetRGBPixel(picture.pix, Int32(x), Int32(y), &r, &g, &b) == 0 else { continue }
                total += 1
                if g > r + 50 && g > b + 20 { green += 1 }
                if b > r + 60 && b > g + 30 { blue += 1 }
            }
        }
        guard total > 0 else { return nil }
        if green * 5 > total, green > blue * 2 { return .green }
        if blue * 5 > total, blue > green * 2 { return .blue }
        return nil
    }
}
