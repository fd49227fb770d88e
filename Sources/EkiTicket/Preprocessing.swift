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

/// How the image Tesseract read relates to the one the rider gave: what was done to it, in order,
/// so that a word's box can be drawn on the original (upright as shown, its EXIF orientation applied).
public struct ImageTransform: Codable, Sendable, Equatable {
    /// The original image, upright as a browser or viewer shows it.
    public var width: Int
    public var height: Int
    /// 1. Scaled by this (≤ 1) to the long side read.
    public var scale: Double
    /// 2. Turned clockwise by this many quarter turns (a ticket photographed sideways without a tag).
    public var quarterTurns: Int
    /// 3. Turned clockwise by this many degrees about the centre to straighten the lines.
    public var skew: Double

    /// A point of the image read, in the original's pixels.
    public func original(x: Double, y: Double) -> (x: Double, y: Double) {
        let sw = Double(width) * scale, sh = Double(height) * scale
        // The size after the quarter turns: sideways turns swap the sides.
        let (tw, th) = quarterTurns % 2 == 1 ? (sh, sw) : (sw, sh)
        // Undo the skew: the image read was turned clockwise about its centre.
        let a = -skew * .pi / 180, cx = tw / 2, cy = th / 2
        let dx = x - cx, dy = y - cy
        var px = cx + dx * cos(a) - dy * sin(a), py = cy + dx * sin(a) + dy * cos(a)
        // Undo the quarter turns, one at a time, anticlockwise.
        var (w, h) = (tw, th)
        for _ in 0 ..< (quarterTurns % 4) {
            (px, py) = (py, w - px)
            (w, h) = (h, w)
        }
        return (px / scale, py / scale)
    }

    /// A word's box in the original's pixels: the box around its four corners there.
    public func original(_ word: OCRWord) -> OCRWord {
        let corners = [(word.x, word.y), (word.maxX, word.y), (word.x, word.maxY), (word.maxX, word.maxY)]
            .map { original(x: Double($0.0), y: Double($0.1)) }
        let minX = corners.map(\.x).min()!, maxX = corners.map(\.x).max()!
        let minY = corners.map(\.y).min()!, maxY = corners.map(\.y).max()!
        var mapped = word
        mapped.x = max(0, Int(minX.rounded(.down)))
        mapped.y = max(0, Int(minY.rounded(.down)))
        mapped.width = min(width, Int(maxX.rounded(.up))) - mapped.x
        mapped.height = min(height, Int(maxY.rounded(.up))) - mapped.y
        return mapped
    }
}

/// What a photo needs before Tesseract reads it, all in Leptonica: decode, turn upright by the EXIF tag,
/// gray, scale so text is the height Tesseract reads best, flatten uneven light, straighten.
struct Preprocessing: Sendable {
    /// The long side an image is brought down to. A ticket's text then stands ~40–70 px high on a
    /// 12-megapixel photo, where the LSTM models read well and still fast.
    var longSide = 2000
    /// The skew searched, either way, in degrees: photos are held up to ~20° off.
    var skewRange: Float = 30

    /// The image decoded, upright, gray and scaled: turned and straightened from here.
    struct Upright {
        let picture: Picture
        let width: Int, height: Int
        let scale: Double
        /// The colour of the image's top band when it is a brand colour: a screenshot's app bar.
        let topColor: TopColor?
        /// Large areas of one exact colour: a screenshot (a photo's every pixel differs a little).
        let isScreen: Bool
    }

    struct Prepared {
        let picture: Picture
        let transform: ImageTransform
        let topColor: TopColor?
        let isScreen: Bool
    }

    /// Eki-net's bar is JR East green, smartEX's is JR Central blue.
    enum TopColor: Sendable { case green, blue }

    func upright(_ input: ImageInput, name: String) throws(TicketScanError) -> Upright {
        let decoded = input.bytes.withUnsafeBufferPointer { buffer -> Picture? in
            // A big JPEG is decoded at half or a quarter of its size straight away (libjpeg scales in
            // the frequency domain): the text is brought down to `longSide` anyway.
            if input.format == .jpeg {
                let long = max(input.width, input.height)
                let reduction: Int32 = long >= 4 * longSide ? 4 : long >= 2 * longSide ? 2 : 1
                var warnings: Int32 = 0
                return Picture(pixReadMemJpeg(buffer.baseAddress, buffer.count, 0, reduction, &warnings, 0))
            }
            return Picture(pixReadMem(buffer.baseAddress, buffer.count))
        }
        guard var picture = decoded else { throw .undecodable(name) }
        if input.format == .jpeg {
            let turns = ExifOrientation.clockwiseQuarterTurns(jpeg: input.bytes)
            if turns > 0, let turned = Picture(pixRotateOrth(picture.pix, Int32(turns))) { picture = turned }
        }
        let upright = (w: picture.width, h: picture.height)
        let topColor = Self.topColor(picture)
        // Dark mode is a screenshot's (a PNG or WebP): a camera's JPEG with a dark table is no screen.
        let (isScreen, isDark) = Self.screen(picture)
        guard let gray = Picture(pixConvertTo8(picture.pix, 0)) else { throw .undecodable(name) }
        picture = gray
        // A screen in dark mode (light text on a dark ground): the models read dark ink on light paper,
        // and the grays stretched below would turn the ground a flat mid-gray that hides the text.
        if isDark, input.format != .jpeg, let inverted = Picture(pixInvert(nil, picture.pix)) { picture = inverted }
        // A screen's dark card (the EX app's navy, a coloured bar) with light text on it: Tesseract's
        // page layout loses most of such a block (the EX card's right column, its car and seat), so
        // the dark areas alone are turned to dark on light.
        if isScreen, input.format != .jpeg, let light = Self.lightened(picture) { picture = light }
        let long = max(picture.width, picture.height)
        var scale = 1.0
        if long > longSide {
            scale = Double(longSide) / Double(long)
            if let smaller = Picture(pixScaleAreaMap(picture.pix, Float(scale), Float(scale))) { picture = smaller }
        }
        // The original's size as the rider sees it: the decoded size before any reduction at decoding.
        let turnedSideways = ExifOrientation.clockwiseQuarterTurns(jpeg: input.format == .jpeg ? input.bytes : []) % 2 == 1
        let (width, height) = turnedSideways ? (input.height, input.width) : (input.width, input.height)
        return Upright(picture: picture, width: width, height: height,
                       scale: scale * Double(upright.w) / Double(max(1, width)), topColor: topColor, isScreen: isScreen)
    }

    /// The upright image turned `quarterTurns` clockwise, its light flattened, its grays stretched and
    /// its lines straightened: what Tesseract reads.
    func prepare(_ upright: Upright, quarterTurns: Int = 0) -> Prepared {
        var picture = upright.picture
        if quarterTurns % 4 != 0, let turned = Picture(pixRotateOrth(picture.pix, Int32(quarterTurns % 4))) { picture = turned }
        // Uneven light (a lamp on one side, a shadow): normalise the background to one level.
        if let flat = Picture(pixBackgroundNormSimple(picture.pix, nil, nil)) { picture = flat }
        // Ink is dark, paper and its printed security pattern are light once the light is flat: stretch
        // the grays so the pattern turns white and Tesseract reads the print, not the "JR" wallpaper.
        if let stretched = Picture(pixGammaTRC(nil, picture.pix, 1.0, 40, 160)) { picture = stretched }
        // The skew is measured on the ink alone (dark after the light is flattened): a striped table
        // cloth would otherwise dominate the measure with its own angle. Leptonica gives no confidence
        // for an angle at the edge of the range searched, hence a range well beyond the tilts expected.
        var angle: Float = 0, confidence: Float = 0
        let ink = Picture(pixThresholdToBinary(picture.pix, 110))
        if let ink { pixFindSkewSweepAndSearch(ink.pix, &angle, &confidence, 2, 2, skewRange, 1, 0.01) }
        var skew = 0.0
        if confidence > 1.0, abs(angle) > 0.2,
           let straight = Picture(pixRotate(picture.pix, angle * .pi / 180, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0)) {
            picture = straight
            skew = Double(angle)
        }
        let transform = ImageTransform(width: upright.width, height: upright.height, scale: upright.scale,
                                       quarterTurns: quarterTurns % 4, skew: skew)
        return Prepared(picture: picture, transform: transform, topColor: upright.topColor, isScreen: upright.isScreen)
    }

    /// The gray screen with its dark grounds inverted, or nil when it has none. A dark ground is what
    /// is left of the dark pixels once every stroke narrower than a fortieth of the width is opened
    /// away (text on a light ground, however bold, goes), closed over the light text on it.
    static func lightened(_ gray: Picture) -> Picture? {
        let stroke = Int32(max(9, gray.width / 40)) | 1, text = Int32(max(31, gray.width / 14)) | 1
        guard let dark = Picture(pixThresholdToBinary(gray.pix, 100)),
              let grounds = Picture(pixOpenBrick(nil, dark.pix, stroke, stroke)) else { return nil }
        var empty: Int32 = 1
        guard pixZero(grounds.pix, &empty) == 0, empty == 0,
              let mask = Picture(pixCloseSafeBrick(nil, grounds.pix, text, text)),
              let inverted = Picture(pixInvert(nil, gray.pix)),
              let result = Picture(pixCopy(nil, gray.pix)),
              pixCombineMasked(result.pix, inverted.pix, mask.pix) == 0 else { return nil }
        return result
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
                if g > r + 40 && g > b + 10 { green += 1 }
                if b > r + 40 && b > g + 10 { blue += 1 }
            }
        }
        guard total > 0 else { return nil }
        if green * 8 > total, green > blue * 2 { return .green }
        if blue * 8 > total, blue > green * 2 { return .blue }
        return nil
    }

    /// Whether a third of a sample grid is one exact colour: an app's flat background. A photo's sensor
    /// noise and JPEG's blocks leave no two neighbours alike over such an area.
    /// Whether the picture is a screenshot (one colour covers much of it: a screen's flat ground), and
    /// whether that ground is dark (a phone in dark mode).
    static func screen(_ picture: Picture) -> (isScreen: Bool, isDark: Bool) {
        var counts: [UInt32: Int] = [:]
        var total = 0
        let width = picture.width, height = picture.height
        let depth = pixGetDepth(picture.pix)
        for y in stride(from: height / 80, to: height, by: max(1, height / 40)) {
            for x in stride(from: width / 80, to: width, by: max(1, width / 40)) {
                var value: UInt32 = 0
                if depth == 32 {
                    var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
                    guard pixGetRGBPixel(picture.pix, Int32(x), Int32(y), &r, &g, &b) == 0 else { continue }
                    value = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
                } else {
                    guard pixGetPixel(picture.pix, Int32(x), Int32(y), &value) == 0 else { continue }
                }
                counts[value, default: 0] += 1
                total += 1
            }
        }
        guard total > 0, let most = counts.max(by: { $0.value < $1.value }) else { return (false, false) }
        let isScreen = Double(most.value) / Double(total) > 0.3
        // The ground's luminance, from colour pixels only (an 8-bit pixel may index a palette).
        guard depth == 32 else { return (isScreen, false) }
        let ground = 0.299 * Double(most.key >> 16 & 0xFF) + 0.587 * Double(most.key >> 8 & 0xFF) + 0.114 * Double(most.key & 0xFF)
        return (isScreen, isScreen && ground < 96)
    }
}
