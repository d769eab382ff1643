/// swift-mustache's parser (2.1), step for step, reading the template's characters by
/// position and giving a ``TemplateProgram`` straight away. The library's own parser
/// measures the distance to the end of the text at every tag (a 120 KB template took
/// 3.4 s, the built-in ones 2 ms), and its tokens can only be read through reflection
/// (3 ms more): with this one, ``Templates`` has the built-in templates ready in 0.8 ms
/// instead of 5.2, and the time grows with the text, not with its square.
///
/// It gives up on whatever the library must be left to: a template that the library would
/// refuse (it reports where and why) or that has no program (transforms, dynamic partial
/// names, content types). Same rules, same whitespace: a test compares the two on the
/// built-in templates and thousands of generated ones.
struct TemplateParser {
    /// Why no program was made: the library is asked instead.
    enum GivenUp: Error {
        /// The library would refuse the template, with its own message.
        case malformed
        /// The library parses it, but what it uses has no program.
        case unsupported
    }

    /// The text's characters, as the library reads them (`\r\n` is one), each beginning at
    /// its offset in `utf8`: a run of characters is copied out as bytes.
    private let characters: [Character]
    private let offsets: [Int]
    private let utf8: [UInt8]
    private var position = 0

    /// The program of `text`, as the library would parse it and ``TemplateProgram`` read it.
    static func program(of text: String) throws(GivenUp) -> TemplateProgram {
        var parser = TemplateParser(text)
        return try TemplateProgram(nodes: parser.program(in: State()))
    }

    private init(_ text: String) {
        var characters: [Character] = [], offsets: [Int] = []
        characters.reserveCapacity(text.utf8.count)
        offsets.reserveCapacity(text.utf8.count + 1)
        var offset = 0
        for character in text {
            characters.append(character)
            offsets.append(offset)
            offset += character.utf8.count
        }
        offsets.append(offset)
        self.characters = characters
        self.offsets = offsets
        utf8 = Array(text.utf8)
    }

    /// The library's `ParserState`: the section being read, whether a line has just
    /// started, the delimiters, and the indentation of an inherited partial's blocks.
    private struct State {
        var sectionName: String?
        var newLine = true
        var isPartialDefinition = false
        var isPartialDefinitionTopLevel = false
        var startDelimiter: [Character] = ["{", "{"]
        var endDelimiter: [Character] = ["}", "}"]
        var partialDefinitionIndent: Int?

        func inSection(_ name: String, newLine: Bool) -> State {
            var state = self
            state.sectionName = name
            state.isPartialDefinitionTopLevel = false
            if !newLine { state.newLine = false }
            return state
        }

        func inInheritingPartial(_ name: String) -> State {
            var state = self
            state.sectionName = name
            state.newLine = true
            state.isPartialDefinition = true
            state.isPartialDefinitionTopLevel = true
            return state
        }
    }

    /// What a section holds: program nodes, and in an inheriting partial the blocks it sets.
    private enum Piece {
        case node(TemplateProgram.Node)
        case blockDefinition(String, TemplateProgram)
    }

    /// The nodes up to the end of the section `state` is in (or of the text).
    private mutating func program(in state: State) throws(GivenUp) -> [TemplateProgram.Node] {
        var nodes: [TemplateProgram.Node] = []
        for piece in try pieces(in: state) {
            // A block set outside an inheriting partial has no program.
            guard case .node(let node) = piece else { throw .unsupported }
            nodes.append(node)
        }
        return nodes
    }

    private mutating func pieces(in state: State) throws(GivenUp) -> [Piece] {
        var pieces: [Piece] = []
        var state = state
        var whiteSpaceBefore = 0..<0
        func text(_ runs: Range<Int>...) -> Piece { .node(.text(runs.flatMap { bytes($0) })) }
        while !reachedEnd {
            if state.newLine {
                let whiteSpace = read(while: Self.isBlank)
                if state.isPartialDefinition, !state.isPartialDefinitionTopLevel {
                    if let indent = state.partialDefinitionIndent {
                        whiteSpaceBefore = min(whiteSpace.lowerBound + indent, whiteSpace.upperBound)..<whiteSpace.upperBound
                    } else {
                        state.partialDefinitionIndent = whiteSpace.count
                    }
                } else {
                    whiteSpaceBefore = whiteSpace
                }
            }
            let before = try textUntilDelimiterOrNewline(state)
            if Self.isNewline(current) {
                pieces.append(text(whiteSpaceBefore, before, position..<position + 1))
                state.newLine = true
                position += 1
                continue
            }
            if !before.isEmpty {
                pieces.append(text(whiteSpaceBefore, before))
                whiteSpaceBefore = 0..<0
                state.newLine = false
            }
            if reachedEnd { break }
            switch try tag(in: &state, pieces: &pieces, whiteSpaceBefore: &whiteSpaceBefore) {
            case .sectionEnded: return pieces
            case .read(let setNewLine): state.newLine = setNewLine
            }
        }
        guard state.sectionName == nil else { throw .malformed }
        return pieces
    }

    /// What reading a tag came to: a section's end, or a tag read (and whether a standalone
    /// tag's line ended with it).
    private enum TagOutcome {
        case sectionEnded
        case read(newLine: Bool)
    }

    /// Reads the tag at the position (its opening delimiter read) into `pieces`.
    private mutating func tag(in state: inout State, pieces: inout [Piece], whiteSpaceBefore: inout Range<Int>) throws(GivenUp) -> TagOutcome {
        func text(_ runs: Range<Int>...) -> Piece { .node(.text(runs.flatMap { bytes($0) })) }
        // The whitespace before a tag, as a piece of text of its own, once.
        func flushWhiteSpace() {
            if !whiteSpaceBefore.isEmpty {
                pieces.append(text(whiteSpaceBefore))
                whiteSpaceBefore = 0..<0
            }
        }
        var setNewLine = false
        switch current {
        case "#", "^":
            let inverted = current == "^"
            position += 1
            let name = try self.name(state)
            if isStandalone(state) {
                setNewLine = true
            } else {
                flushWhiteSpace()
            }
            let body = try program(in: state.inSection(name, newLine: setNewLine))
            pieces.append(.node(.section(TemplateProgram.Name(name), TemplateProgram(nodes: body), inverted: inverted)))
        case "/":
            position += 1
            guard try self.name(state) == state.sectionName else { throw .malformed }
            if !isStandalone(state) {
                flushWhiteSpace()
            }
            return .sectionEnded
        case "!":
            position += 1
            try skipComment(state)
            setNewLine = isStandalone(state)
        case "{":
            flushWhiteSpace()
            position += 1
            let name = try self.name(state)
            guard try read("}") else { throw .malformed }
            pieces.append(.node(.variable(TemplateProgram.Name(name), escaped: false)))
        case "&":
            flushWhiteSpace()
            position += 1
            pieces.append(.node(.variable(TemplateProgram.Name(try self.name(state)), escaped: false)))
        case ">":
            setNewLine = try partial(in: state, pieces: &pieces, whiteSpaceBefore: &whiteSpaceBefore)
        case "<":
            setNewLine = try inheritingPartial(in: state, pieces: &pieces, whiteSpaceBefore: &whiteSpaceBefore)
        case "$":
            setNewLine = try block(in: state, pieces: &pieces, whiteSpaceBefore: &whiteSpaceBefore)
        case "=":
            position += 1
            state = try delimiters(state)
            setNewLine = isStandalone(state)
        case "%":
            // A configuration tag: a content type has no program, anything else is refused.
            throw .unsupported
        default:
            flushWhiteSpace()
            pieces.append(.node(.variable(TemplateProgram.Name(try self.name(state)), escaped: true)))
        }
        return .read(newLine: setNewLine)
    }

    /// `{{> name}}`: a partial, indented as its standalone tag was; whether its line ended.
    private mutating func partial(in state: State, pieces: inout [Piece], whiteSpaceBefore: inout Range<Int>) throws(GivenUp) -> Bool {
        position += 1
        _ = read(while: Self.isWhitespace)
        // A partial named at render time has no program.
        if current == "*" { throw .unsupported }
        let name = try partialName(state)
        if !whiteSpaceBefore.isEmpty {
            pieces.append(.node(.text(Array(bytes(whiteSpaceBefore)))))
        }
        let standalone = isStandalone(state)
        pieces.append(.node(.partial(name, indentation: standalone ? string(whiteSpaceBefore) : nil, overrides: nil)))
        whiteSpaceBefore = 0..<0
        return standalone
    }

    /// `{{< name}}…{{/name}}`: a partial with the blocks it overrides; whether its line ended.
    private mutating func inheritingPartial(in state: State, pieces: inout [Piece], whiteSpaceBefore: inout Range<Int>) throws(GivenUp) -> Bool {
        position += 1
        _ = read(while: Self.isWhitespace)
        let name = try partialName(state)
        if name.first == "*" { throw .unsupported }
        if !whiteSpaceBefore.isEmpty {
            pieces.append(.node(.text(Array(bytes(whiteSpaceBefore)))))
        }
        let standalone = isStandalone(state)
        var overrides: [String: TemplateProgram] = [:]
        for piece in try self.pieces(in: state.inInheritingPartial(name)) {
            switch piece {
            case .blockDefinition(let block, let body): overrides[block] = body
            case .node(.text): break
            case .node: throw .malformed
            }
        }
        pieces.append(.node(.partial(name, indentation: string(whiteSpaceBefore), overrides: overrides)))
        whiteSpaceBefore = 0..<0
        return standalone
    }

    /// `{{$ name}}…{{/name}}`: a block, defined in an inheriting partial or shown with its
    /// default; whether its line ended.
    private mutating func block(in state: State, pieces: inout [Piece], whiteSpaceBefore: inout Range<Int>) throws(GivenUp) -> Bool {
        position += 1
        let name = try self.name(state)
        if state.isPartialDefinitionTopLevel {
            let standalone = isStandalone(state)
            let body = try program(in: state.inSection(name, newLine: standalone))
            pieces.append(.blockDefinition(name, TemplateProgram(nodes: body)))
            return standalone
        }
        if !whiteSpaceBefore.isEmpty {
            pieces.append(.node(.text(Array(bytes(whiteSpaceBefore)))))
        }
        let standalone = isStandalone(state)
        let body = try program(in: state.inSection(name, newLine: standalone))
        pieces.append(.node(.block(name, TemplateProgram(nodes: body), indentation: string(whiteSpaceBefore))))
        whiteSpaceBefore = 0..<0
        return standalone
    }

    // MARK: Reading, as the library's `Parser` reads

    private var reachedEnd: Bool { position == characters.count }

    /// The character at the position, or NUL at the end.
    private var current: Character { reachedEnd ? "\0" : characters[position] }

    /// The text up to a newline or the start delimiter, which is read past.
    private mutating func textUntilDelimiterOrNewline(_ state: State) throws(GivenUp) -> Range<Int> {
        let start = position
        guard let first = state.startDelimiter.first else { return start..<start }
        // "\n" and "\r\n" are the only characters whose ASCII value is 10; a character other
        // than the delimiter's first has another ASCII value, or none.
        let firstASCII = first == "\r\n" ? nil : first.asciiValue
        while !reachedEnd {
            while position < characters.count {
                let ascii = characters[position].asciiValue
                if ascii == 10 || (firstASCII != nil ? ascii == firstASCII : characters[position] == first) { break }
                position += 1
            }
            if Self.isNewline(current) {
                break
            } else if current == first {
                let end = position
                if try read(state.startDelimiter) { return start..<end }
                position += 1
            }
        }
        return start..<position
    }

    /// A tag's name and the end delimiter after it; a name with brackets is a transform.
    private mutating func name(_ state: State) throws(GivenUp) -> String {
        _ = read(while: Self.isWhitespace)
        let name = string(read(while: Self.isNameCharacter))
        _ = read(while: Self.isWhitespace)
        guard try read(state.endDelimiter) else { throw .malformed }
        // The library reads transforms (or refuses them): they have no program either way.
        guard !name.utf8.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }) else { throw .unsupported }
        return name
    }

    private mutating func partialName(_ state: State) throws(GivenUp) -> String {
        _ = read(while: Self.isWhitespace)
        let name = string(read(while: Self.isPartialNameCharacter))
        _ = read(while: Self.isWhitespace)
        guard try read(state.endDelimiter) else { throw .malformed }
        return name
    }

    /// Past the end delimiter, found as the library finds it (after a partial match it
    /// starts again at the next character).
    private mutating func skipComment(_ state: State) throws(GivenUp) {
        let end = state.endDelimiter
        guard !end.isEmpty else { return }
        var matched = 0
        while !reachedEnd {
            if characters[position] == end[matched] {
                matched += 1
                if matched == end.count {
                    position += 1
                    return
                }
            } else {
                matched = 0
            }
            position += 1
        }
        throw .malformed
    }

    /// `{{=<% %>=}}`: the new delimiters.
    private mutating func delimiters(_ state: State) throws(GivenUp) -> State {
        _ = read(while: Self.isWhitespace)
        let start = try read(until: Self.isWhitespace)
        _ = read(while: Self.isWhitespace)
        let end = try read(until: { $0 == "=" || Self.isWhitespace($0) })
        _ = read(while: Self.isWhitespace)
        guard try read("="), try read(state.endDelimiter), !start.isEmpty, !end.isEmpty else { throw .malformed }
        var state = state
        state.startDelimiter = Array(start)
        state.endDelimiter = Array(end)
        state.isPartialDefinitionTopLevel = false
        return state
    }

    /// Whether the tag just read stands alone on its line: then the rest of the line
    /// (blanks and its newline) is read past.
    private mutating func isStandalone(_ state: State) -> Bool {
        guard state.newLine else { return false }
        if reachedEnd { return true }
        var end = position
        while end < characters.count, Self.isBlank(characters[end]) { end += 1 }
        guard end < characters.count, Self.isNewline(characters[end]) else { return false }
        position = end + 1
        return true
    }

    private mutating func read(while belongs: (Character) -> Bool) -> Range<Int> {
        let start = position
        while !reachedEnd, belongs(characters[position]) { position += 1 }
        return start..<position
    }

    /// The UTF-8 bytes of the characters in `run`.
    private func bytes(_ run: Range<Int>) -> ArraySlice<UInt8> {
        utf8[offsets[run.lowerBound]..<offsets[run.upperBound]]
    }

    private func string(_ run: Range<Int>) -> String {
        String(decoding: bytes(run), as: UTF8.self)
    }

    /// Up to the first character that is `until`, which must come.
    private mutating func read(until stop: (Character) -> Bool) throws(GivenUp) -> ArraySlice<Character> {
        let start = position
        while !reachedEnd {
            if stop(characters[position]) { return characters[start..<position] }
            position += 1
        }
        position = start
        throw .malformed
    }

    /// Reads past `character` when it comes next.
    private mutating func read(_ character: Character) throws(GivenUp) -> Bool {
        guard !reachedEnd else { throw .malformed }
        guard characters[position] == character else { return false }
        position += 1
        return true
    }

    /// Reads past `string` when it comes next; the text must be long enough to hold it.
    private mutating func read(_ string: [Character]) throws(GivenUp) -> Bool {
        guard characters.count - position >= string.count else { throw .malformed }
        guard characters[position..<position + string.count].elementsEqual(string) else { return false }
        position += string.count
        return true
    }

    // MARK: Classes of characters, as `Character`'s own properties say

    /// A space or a tab: what a standalone tag may have around it on its line.
    private static func isBlank(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }

    private static func isWhitespace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return character.isWhitespace
    }

    private static func isNewline(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return (0x0A...0x0D).contains(ascii) }
        return character.isNewline
    }

    /// A letter, digit or one of `.-_?*()`: a variable's or section's name (brackets for transforms).
    private static func isNameCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        return nameCharacters[Int(ascii)]
    }

    /// A name character or `/`: a partial's name.
    private static func isPartialNameCharacter(_ character: Character) -> Bool {
        isNameCharacter(character) || character == "/"
    }

    private static let nameCharacters: [Bool] = (0..<128).map { code in
        let scalar = Unicode.Scalar(UInt8(code))
        return ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ".-_?*()".unicodeScalars.contains(scalar)
    }
}
