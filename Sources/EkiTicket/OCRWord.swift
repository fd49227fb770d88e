/// One word as a Tesseract model read it: its text, its box in the pre-processed image (pixels, top
/// left origin), the model's confidence (0…1) and which model read it.
public struct OCRWord: Codable, Sendable, Equatable {
    public enum Model: String, Codable, Sendable { case jpn, eng }

    public var text: String
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var confidence: Double
    public var model: Model
    /// The printed line Tesseract put the word on (numbered per model), nil for words made by hand:
    /// the parser then finds the lines from the boxes.
    public var line: Int?

    public init(_ text: String, x: Int, y: Int, width: Int, height: Int, confidence: Double = 0.95, model: Model = .jpn, line: Int? = nil) {
        self.text = text
        self.x = x; self.y = y; self.width = width; self.height = height
        self.confidence = confidence
        self.model = model
        self.line = line
    }

    var midY: Double { Double(y) + Double(height) / 2 }
    var maxX: Int { x + width }
    var maxY: Int { y + height }
}
