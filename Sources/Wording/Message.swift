/// One text of a catalog with its placeholders by name: `{count} feeds since {time}`.
public struct Message: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case text(String)
        case value(String)
    }

    let pieces: [Piece]
    /// The text as written, placeholders and all.
    public let source: String

    /// The placeholders' names, in order.
    public var names: [String] {
        pieces.compactMap { if case .value(let name) = $0 { name } else { nil } }
    }

    /// `source` read; nil when a brace is left open or a name is empty.
    public init?(_ source: String) {
        var pieces: [Piece] = []
        var rest = Substring(source)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            let name = rest[rest.index(after: open)..<close]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            pieces.append(.value(String(name)))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        self.pieces = pieces
        self.source = source
    }

    /// The text with each placeholder replaced by its value (a missing one left as `{name}`).
    public func filled(_ values: KeyValuePairs<String, String>) -> String {
        filled { name in values.first { $0.key == name }?.value }
    }

    /// The text with each placeholder replaced by `value(name)` (or left as `{name}`).
    func filled(_ value: (String) -> String?) -> String {
        if pieces.count == 1, case .text(let text) = pieces[0] { return text }
        var result = ""
        result.reserveCapacity(source.utf8.count + 16)
        for piece in pieces {
            switch piece {
            case .text(let text): result += text
            case .value(let name): result += value(name) ?? "{\(name)}"
            }
        }
        return result
    }
}
