/// What an import met, kept as it reads: every cell it could not read, with its place,
/// and what became of each file's rows, by the app's own kind of row — for the warnings
/// and for the summary `import` ends with. A file is refused only when it is not the
/// app's export; a cell is never a reason to refuse one.
final class ImportLog {
    /// What became of a row.
    enum Outcome: Hashable {
        case read
        /// Left out, and why, in words that follow "left out": `repeating an earlier row`.
        case leftOut(String)
    }

    /// A cell that could not be read (or two figures that disagree), and what became of it.
    struct Cell {
        let problem: ImportProblem
        /// `the value is left out`, `the row is left out`, `the app's total is kept`.
        let consequence: String
        /// Whether only the cell's value was left out, to be counted under its row's kind.
        var valueOnly = false
        /// The kind of the cell's row, once the row is recorded.
        var kind: String?
    }

    private(set) var cells: [Cell] = []
    /// Per file, in the order files were read: each kind of row's outcomes, in first-seen order.
    private var files: [String] = []
    private var kinds: [String: [String]] = [:]
    private var outcomes: [String: [String: [Outcome: Int]]] = [:]
    /// What rows said that the export has no place for, by file (in the order met) and what.
    private var notKeptFiles: [String] = []
    private var notKeptCounts: [String: [String: Int]] = [:]

    /// The most cell warnings printed for one file; the rest are counted in one line.
    static let cellsShown = 20

    /// A cell of the row at `problem`'s line that could not be read: only its value is left out.
    func valueLeftOut(_ problem: ImportProblem) {
        cells.append(Cell(problem: problem, consequence: "the value is left out", valueOnly: true))
    }

    /// A cell without which the row means nothing: the row is left out (`keeping` says what
    /// of it is kept all the same, as its note).
    func rowLeftOut(_ problem: ImportProblem, kind: String, keeping: String? = nil, why: String = "not understood") {
        cells.append(Cell(problem: problem, consequence: "the row is left out" + (keeping.map { "; \($0) kept" } ?? "")))
        row(file: problem.file, line: problem.line, kind: kind, .leftOut(why))
    }

    /// A value read that no child, bottle or clock gives, found once the row was read
    /// (`consequence`: `the duration is left out, the feeding kept`).
    func impossible(_ problem: ImportProblem, consequence: String, kind: String) {
        cells.append(Cell(problem: problem, consequence: consequence, valueOnly: true, kind: kind.isEmpty ? "(no type)" : kind))
    }

    /// A cell read, and what was decided of it: two of the app's own figures that disagree
    /// (`the app's total is kept`), a value read in another unit than the one written, as no
    /// child measures it in that one (``Measure``: `read in grams, …`).
    func decided(_ problem: ImportProblem, _ decision: String) {
        cells.append(Cell(problem: problem, consequence: decision))
    }

    /// Something a row said that the export has no place for, counted by file.
    func notKept(_ what: String, file: String) {
        if notKeptCounts[file] == nil { notKeptFiles.append(file) }
        notKeptCounts[file, default: [:]][what, default: 0] += 1
    }

    /// Records what became of the row at `line` of `file`, of the app's kind `kind`.
    func row(file: String, line: Int, kind: String, _ outcome: Outcome) {
        let kind = kind.isEmpty ? "(no type)" : kind
        if outcomes[file] == nil { files.append(file) }
        if outcomes[file]?[kind] == nil { kinds[file, default: []].append(kind) }
        outcomes[file, default: [:]][kind, default: [:]][outcome, default: 0] += 1
        // The values of this row not understood (read just before it is recorded) are its kind's.
        var index = cells.endIndex
        while index > cells.startIndex, cells[index - 1].problem.file == file, cells[index - 1].problem.line == line, cells[index - 1].kind == nil {
            index -= 1
            cells[index].kind = kind
        }
    }

    /// Cells of one column not understood the same way, with the same consequence, from
    /// which many become one line: `… (and 75 more like it, lines 12, 15, 18, 21, 24, …)`.
    static let sameKindGathered = 3

    /// The warning lines for the cells, at most ``cellsShown`` a file: many cells of one
    /// kind (one column, one thing expected) are one line with their count.
    var cellWarnings: [String] {
        var shown: [String: Int] = [:]
        var lines: [String] = []
        for group in sameKindGroups() {
            let cell = group[0]
            shown[cell.problem.file, default: 0] += 1
            guard shown[cell.problem.file]! <= Self.cellsShown else { continue }
            var line = "\(cell.problem.description); \(cell.consequence)"
            if group.count >= Self.sameKindGathered {
                let places = group.dropFirst().prefix(5).map { String($0.problem.line) }.joined(separator: ", ")
                line += " (and \(Self.number(group.count - 1)) more like it, lines \(places)\(group.count > 6 ? ", …" : ""))"
            }
            lines.append(line)
        }
        for (file, count) in shown.sorted(by: { $0.key < $1.key }) where count > Self.cellsShown {
            lines.append("\(file): \(count - Self.cellsShown) more kinds of cells not understood, each left out as above")
        }
        for file in notKeptFiles {
            let counts = notKeptCounts[file] ?? [:]
            let shownKinds = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(5)
            let list = shownKinds.map { "\($0.value) × \($0.key)" }.joined(separator: ", ") + (counts.count > 5 ? ", …" : "")
            lines.append("\(file): not kept, as the export has no place for them: \(list)")
        }
        return lines
    }

    /// The cells in groups of one kind, in the order each kind was first met; a kind met
    /// fewer than ``sameKindGathered`` times is a group per cell.
    private func sameKindGroups() -> [[Cell]] {
        func kind(_ cell: Cell) -> String {
            let message = cell.problem.message
            let expected = message.range(of: ", found ").map { String(message[..<$0.lowerBound]) } ?? message
            return [cell.problem.file, cell.problem.column ?? "", expected, cell.consequence].joined(separator: "\u{1F}")
        }
        let keys = cells.map(kind)
        var groups: [String: [Cell]] = [:]
        for (cell, key) in zip(cells, keys) { groups[key, default: []].append(cell) }
        // In the order the cells were met: a large kind where its first cell is, the rest one by one.
        var said = Set<String>()
        return zip(cells, keys).compactMap { cell, key in
            guard let group = groups[key], group.count >= Self.sameKindGathered else { return [cell] }
            return said.insert(key).inserted ? group : nil
        }
    }

    /// The summary: a line per file, then a line per kind of row with what became of its
    /// rows: `Feed: 1,204 read, 2 left out (1 not understood, 1 repeating an earlier row); 1 value not understood`.
    var summary: [String] {
        var unclear: [String: [String: Int]] = [:]
        for cell in cells where cell.valueOnly {
            unclear[cell.problem.file, default: [:]][cell.kind ?? "(no type)", default: 0] += 1
        }
        var lines: [String] = []
        for file in files {
            let byKind = outcomes[file] ?? [:]
            let rows = byKind.values.reduce(0) { $0 + $1.values.reduce(0, +) }
            lines.append("\(file): \(Self.count(rows, "row"))")
            for kind in kinds[file] ?? [] {
                let counts = byKind[kind] ?? [:]
                var parts: [String] = []
                if let read = counts[.read] { parts.append("\(Self.number(read)) read") }
                let reasons = counts.compactMap { outcome, count -> (String, Int)? in
                    if case .leftOut(let why) = outcome { return (why, count) } else { return nil }
                }.sorted { ($0.1, $1.0) > ($1.1, $0.0) }
                if !reasons.isEmpty {
                    let total = reasons.reduce(0) { $0 + $1.1 }
                    let why = reasons.count == 1 ? reasons[0].0 : reasons.map { "\(Self.number($0.1)) \($0.0)" }.joined(separator: ", ")
                    parts.append("\(Self.number(total)) left out (\(why))")
                }
                var line = "  \(kind): " + parts.joined(separator: ", ")
                if let values = unclear[file]?[kind] { line += "; \(Self.count(values, "value")) not understood" }
                lines.append(line)
            }
        }
        return lines
    }

    /// `1,204`.
    static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// `1 row`, `3,600 rows`.
    static func count(_ value: Int, _ noun: String) -> String {
        "\(number(value)) \(value == 1 ? noun : noun + "s")"
    }
}
