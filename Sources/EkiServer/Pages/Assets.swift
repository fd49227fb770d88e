/// The web app's stylesheet and script: hand-written, no build step, served with a long cache.
/// Kept small (well under the 100 KB page budget together).
enum Assets {
    /// What is served: the sources (Assets+CSS.swift, Assets+JS.swift) without their comments,
    /// which are for whoever edits them, not for every phone that loads them (the page budget
    /// counts them). Whole-line // comments in the script, /* */ blocks in the stylesheet.
    static let css = cssSource.replacing(/\/\*[\s\S]*?\*\/\n?/, with: "")
    static let js = withoutLineComments(jsSource)

    static func withoutLineComments(_ source: String) -> String {
        source.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop(while: { $0 == " " }).hasPrefix("//") }.joined(separator: "\n")
    }

    /// The app's icon: 駅 on the brand blue, for tabs and home screens.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b5cad"/>\
        <text x="32" y="45" font-size="38" text-anchor="middle" fill="#fff" font-family="'Noto Sans CJK JP', sans-serif" font-weight="700">駅</text></svg>
        """
}
