import Testing
@testable import Wording

@Suite struct CatalogTests {
    static let english = try! Language.builtInCatalog("en")!

    @Test("every catalog that ships reads, and has exactly English's keys (a region's, only some of them)", arguments: Language.available)
    func keys(code: String) throws {
        let catalog = try #require(try Language.builtInCatalog(code))
        let missing = Set(Self.english.entries.keys).subtracting(catalog.entries.keys).sorted()
        let extra = Set(catalog.entries.keys).subtracting(Self.english.entries.keys).sorted()
        #expect(extra == [], "\(code).yaml has keys English does not")
        if catalog.base == nil {
            #expect(missing == [], "\(code).yaml lacks keys")
        }
    }

    @Test("every plural word has each form its language needs, and every text English's placeholders", arguments: Language.available)
    func forms(code: String) throws {
        let catalog = try #require(try Language.builtInCatalog(code))
        let language = String(code.prefix { $0 != "-" })
        for (key, entry) in catalog.entries {
            let english = try #require(Self.english.entries[key])
            switch (entry, english) {
            case (.text(let own), .text(let theirs)):
                #expect(Set(own.names) == Set(theirs.names), "\(code).yaml: \(key)")
            case (.plural(let forms), .plural(let theirs)):
                let needed = PluralCategory.required(in: language)
                #expect(Set(forms.keys) == Set(needed), "\(code).yaml: \(key) has \(forms.keys.map(\.rawValue).sorted())")
                let names = Set(theirs.values.flatMap(\.names))
                for form in forms.values {
                    #expect(Set(form.names).isSubset(of: names), "\(code).yaml: \(key)")
                }
                #expect(forms[.other].map { Set($0.names) == names } == true, "\(code).yaml: \(key)'s other form")
            default:
                Issue.record("\(code).yaml: \(key) is a plural in one catalog and a text in the other")
            }
        }
    }

    @Test("a catalog that cannot be read says where, as a compiler does", arguments: [
        ("name: X\nwords:\n  a: \"{count\"\n", "x.yaml:3:6: error: a `{` without its `}` or an empty name"),
        ("name: X\nwords:\n  a:\n    several: b\n", "x.yaml:4:5: error: `several` is not a plural form; use zero, one, two, few, many or other"),
        ("words:\n  a: b\n", "x.yaml:1:1: error: the catalog has no `name`"),
        ("name: X\nlanguage: x\n", "x.yaml:2:1: error: unknown key `language`; expected name, direction, base or words"),
        ("name: X\ndirection: up\n", "x.yaml:2:12: error: direction is ltr or rtl"),
        ("name: X\nwords:\n  a: &big \"lol\"\n  b: *big\n", "x.yaml:3:6: error: an anchor or alias (&name, *name): a language file writes each text out; YAML's repeats are not read"),
        ("name: X\nwords:\n  a: [b\n", "x.yaml:4:1: error: not valid YAML: did not find expected ',' or ']'"),
        ("name: X\nwords:\n  a: \"\(String(repeating: "x", count: 1001))\"\n", "x.yaml:3:6: error: a text of 1001 characters; a page's words are at most 1000 a key"),
    ])
    func errors(text: String, message: String) {
        #expect(throws: CatalogError.self) { try Catalog(yaml: text, file: "x.yaml") }
        do { _ = try Catalog(yaml: text, file: "x.yaml") } catch { #expect(error.description == message) }
    }

    @Test("placeholders are filled by name, in any order a language puts them")
    func placeholders() throws {
        let message = try #require(Message("{b} vor {a}"))
        #expect(message.filled(["a": "1", "b": "2"]) == "2 vor 1")
        #expect(message.filled(["a": "1"]) == "{b} vor 1")
        #expect(Message("{}") == nil)
        #expect(Message("a { b }") == nil)
    }
}

@Suite struct ReactionWordsTests {
    @Test("the words of no concern about a food come from every catalog that ships")
    func everyCatalog() {
        let texts = Language.everyCatalogsText("reaction_no_concern")
        #expect(texts.count == Language.available.filter { !$0.contains("-") }.count)
        #expect(texts.contains { $0.contains("loved it") })
        #expect(texts.contains { $0.contains("mochte es") })
        #expect(texts.contains { $0.contains("好き") })
    }
}

@Suite struct CatalogLinesTests {
    @Test("every catalog that ships reads the same line by line as Yams reads it", arguments: Language.available)
    func sameAsYams(code: String) throws {
        let text = try #require(embeddedCatalogs["\(code).yaml"])
        let lines = try #require(Catalog(lines: text))
        let yams = try Catalog(yaml: text, file: code)
        #expect(lines.name == yams.name && lines.isRightToLeft == yams.isRightToLeft && lines.base == yams.base)
        #expect(lines.entries == yams.entries)
    }

    @Test("a shape the line reader does not know is left to Yams", arguments: [
        "name: X\nwords:\n  a: [b]\n", "name: X\nwords:\n  a: 'b'\n", "name: X\nwords:\n  a: b: c\n", "name: X\nwords:\n  a:\n      one: b\n",
        "name: X\nextra: y\n", "words:\n  a: b\n", "name: X\nwords:\n  a: \"b\\n\"\n",
    ])
    func unknownShapes(text: String) {
        #expect(Catalog(lines: text) == nil)
    }
}
