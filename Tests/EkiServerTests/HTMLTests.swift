import Testing
@testable import EkiServer

struct HTMLTests {
    @Test func escapesEverythingThatCouldBreakOut() {
        #expect(HTML.escape("Meiji-jingumae<Harajuku>") == "Meiji-jingumae&lt;Harajuku&gt;")
        #expect(HTML.escape("a&b \"c\" 'd'") == "a&amp;b &quot;c&quot; &#39;d&#39;")
        #expect(HTML.escape("渋谷") == "渋谷")
    }
}
