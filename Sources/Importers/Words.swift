import Export

/// The words of a free-text cell (`Left, Right`, `BM, Wet`, `Wet and Dirty`), lower case,
/// for the apps that say a side or a diaper's contents in words.
struct Words {
    private let words: Set<Substring>

    init(_ text: String) {
        words = Set(text.lowercased().split(whereSeparator: { !$0.isLetter }))
    }

    /// Whether any of `candidates` stands alone in the text.
    func contains(_ candidates: String...) -> Bool {
        candidates.contains { words.contains(Substring($0)) }
    }

    /// The breast a feed started on when one side alone is named, and whether both were.
    var breast: (side: ExportEvent.Side?, both: Bool) {
        let left = contains("left"), right = contains("right")
        return (left && !right ? .left : right && !left ? .right : nil, left && right || contains("both"))
    }
}
