import Testing
@testable import Wording

@Suite struct LanguageChoiceTests {
    @Test("a code, with or without region or encoding, names its catalog and formats", arguments: [
        ("de", "de", nil as String?, "Deutsch"), ("de-AT", "de-AT", "AT", "Deutsch"), ("de_DE.UTF-8", "de-DE", "DE", "Deutsch"),
        ("EN-gb", "en-GB", "GB", "English (UK)"), ("en-AU", "en-AU", "AU", "English"), ("ja_JP", "ja-JP", "JP", "日本語"),
        ("ar", "ar", nil, "العربية"),
    ])
    func named(code: String, identifier: String, region: String?, name: String) throws {
        let language = try Language.named(code)
        #expect(language.code == identifier)
        #expect(language.region == region)
        #expect(language.name == name)
    }

    @Test("English in Australia, New Zealand, Ireland, South Africa and India has Britain's words in its own region's formats",
          arguments: ["en-AU", "en-NZ", "en-IE", "en-ZA", "en-IN"])
    func britishWords(code: String) throws {
        let language = try Language.named(code)
        #expect(language.text("diapers") == "Nappies" && language.code == code && language.name == "English")
        #expect(try Language.named("en-US").text("diapers") == "Diapers" && Language.named("en-CA").text("diapers") == "Diapers")
    }

    @Test("a language without words, or no code at all, is an error naming what exists")
    func unknown() {
        #expect(throws: LanguageError.unknown("it")) { try Language.named("it") }
        #expect(throws: LanguageError.notACode("deutsch!")) { try Language.named("deutsch!") }
        #expect(throws: LanguageError.notACode("de-XX")) { try Language.named("de-XX") }
        #expect(LanguageError.unknown("it").description
            == "no pages in 'it' yet: the pages can be in ar, de, en, en-GB, es, fr, ja (a region picks the formats: de-AT, fr-CA, es-MX, en-AU), or in your own words with --language-file PATH")
    }

    @Test("the environment's language: LC_ALL, then LC_MESSAGES, then LANG; C, POSIX and unknown ones are US English", arguments: [
        (["LANG": "de_DE.UTF-8"], "de-DE"), (["LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"], "ja-JP"),
        (["LC_MESSAGES": "fr_CA.UTF-8", "LANG": "de_DE"], "fr-CA"), (["LC_ALL": "", "LANG": "es_MX"], "es-MX"),
        (["LANG": "C.UTF-8"], "en-US"), (["LC_ALL": "POSIX"], "en-US"), ([:], "en-US"), (["LANG": "it_IT.UTF-8"], "en-US"),
    ])
    func environment(variables: [String: String], code: String) {
        #expect(Language.fromEnvironment(variables).code == code)
    }

    @Test("a family's own catalog: its words, English's for the keys it lacks, and which those are")
    func ownFile() throws {
        let language = try Language.file("/home/x/it.yaml", text: "name: Italiano\nwords:\n  age_days:\n    one: \"{count} giorno\"\n    other: \"{count} giorni\"\n")
        #expect(language.code == "it")
        #expect(language.text("age_days", count: 3) == "3 giorni")
        #expect(language.text("age_weeks", count: 3) == "3 weeks")
        #expect(language.missingKeys.contains("age_weeks"))
        #expect(!language.missingKeys.contains("age_days"))
        #expect(language.formats.time(hour: 21, minute: 5) == "21:05")
        #expect(throws: LanguageError.self) { try Language.file("x.yaml", text: "words: [") }
    }
}
