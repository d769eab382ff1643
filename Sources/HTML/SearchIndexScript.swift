import JSONText
import Pages

extension SiteRenderer {
    /// `assets/search-index.js`: the search index as a classic script that sets
    /// `window.bbreportSearchIndex` (a script, not a JSON file: `fetch` fails from file://).
    /// Each day with something to find is `[day, [caregivers], [notes], [health lines]]`.
    /// Notes are plain text, their Markdown rendered away; the dates of a child's run are
    /// not listed, only where it starts and how many days it has; caregivers are named once
    /// per child and referred to by number.
    ///
    /// A child's first `start` days (``SearchIndex/Child/start``) are copied from
    /// `previous`, whose numbering of caregivers the rest continue: an unchanged day gives
    /// the same entry.
    public func searchIndexScript(_ index: SearchIndex, previous: PreviousSearchIndex? = nil) -> String {
        var text = PreviousSearchIndex.opening
        for (position, child) in index.children.enumerated() {
            text += position == 0 ? "\n" : ",\n"
            // Names as written (JSON strings), by number.
            var caregivers: [String] = []
            var entries: [String] = []
            if child.start > 0, let before = previous?.children[child.slug.value] {
                let reused = before.entries.prefix { $0.day < child.start }
                caregivers = Array(before.caregivers.prefix((reused.map(\.highest).max() ?? -1) + 1))
                entries = reused.map(\.text)
            }
            var numbers = Dictionary(caregivers.enumerated().map { ($1, $0) }) { first, _ in first }
            entries += child.entries.map { entry in
                let people = entry.caregivers.map { name in
                    let written = JSONWriter.string(name)
                    return numbers[written] ?? {
                        caregivers.append(written)
                        numbers[written] = caregivers.count - 1
                        return caregivers.count - 1
                    }()
                }
                let notes = entry.notes.map { searchText(ofNote: $0) }
                return "[\(entry.day),[" + people.map(String.init).joined(separator: ",") + "],["
                    + notes.map(JSONWriter.string).joined(separator: ",") + "],["
                    + entry.events.map(JSONWriter.string).joined(separator: ",") + "]]"
            }
            var json = JSONWriter()
            json.object { object in
                object.field("name", JSONWriter.string(child.name))
                object.field("slug", JSONWriter.string(child.slug.value))
                object.field("first", JSONWriter.string(child.first.description))
                object.field("days", child.dayCount)
                object.field("caregivers", "[" + caregivers.joined(separator: ",") + "]")
                object.field("entries", "[" + entries.joined(separator: ",\n") + "]")
            }
            text += json.text
        }
        return text + PreviousSearchIndex.closing
    }

    /// The index's JSON in a script ``searchIndexScript(_:previous:)`` wrote: what it sets
    /// `window.bbreportSearchIndex` to. Nil for any other text.
    public static func searchIndexJSON(ofScript script: String) -> Substring? {
        let assignment = "window.bbreportSearchIndex = "
        guard script.hasPrefix(PreviousSearchIndex.opening), script.hasSuffix(PreviousSearchIndex.closing),
              let start = script.range(of: assignment)?.upperBound else { return nil }
        return script[start...].dropLast(2)
    }

    /// A note as words on one line: Markdown rendered to plain text, tables' rules and
    /// pipes and task boxes taken out.
    private func searchText(ofNote note: String) -> String {
        var words: [Substring] = []
        for line in markdown.plainText(note).split(whereSeparator: \.isNewline) {
            for word in line.split(separator: " ") where !Self.isMarkup(word) {
                words.append(word)
            }
        }
        return words.joined(separator: " ")
    }

    /// `|`, `---`, `:--:`, `[x]`, `[ ]`: table and task-list syntax that plain text keeps.
    private static func isMarkup(_ word: Substring) -> Bool {
        word.allSatisfy { "|-:".contains($0) } || word == "[x]" || word == "[X]" || word == "[" || word == "]"
    }
}
