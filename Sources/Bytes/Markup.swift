/// HTML or SVG that bbreport made, as the UTF-8 bytes it is written in (a chart, a table
/// rendered from Markdown): placed in a page as it is. Kept as bytes so that it is never
/// checked as UTF-8 on its way from the writer that made it to the page's file; a
/// template given to the Mustache library sees it as the text it is (``text``).
public struct Markup: Sendable, Equatable {
    /// Valid UTF-8: every writer of markup appends whole UTF-8 texts and ASCII.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The markup as text (its bytes checked as UTF-8 once more).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}
