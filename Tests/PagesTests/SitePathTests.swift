@testable import Pages
import Sample
import Testing

@Suite struct SitePathTests {
    @Test("links are relative and name the file", arguments: [
        ("index.html", "ava/2026/11/21.html", "ava/2026/11/21.html"),
        ("ava/2026/11/21.html", "index.html", "../../../index.html"),
        ("ava/2026/11/21.html", "ava/2026/11/22.html", "22.html"),
        ("ava/2026/11/30.html", "ava/2026/12/01.html", "../12/01.html"),
        ("ava/2026/12/31.html", "ava/2027/01/01.html", "../../2027/01/01.html"),
        ("ava/2026/11/21.html", "leo/days.json", "../../../leo/days.json"),
    ])
    func links(from: String, to: String, link: String) {
        #expect(SitePath(from).link(to: SitePath(to)) == link)
    }

    @Test("child folders are safe, unique slugs", arguments: [
        (["Ava"], ["ava"]),
        (["Zoë & Ava"], ["zoe-ava"]),
        (["../../etc"], ["etc"]),
        (["..", "."], ["child", "child-2"]),
        (["Ava", "ava", "AVA!"], ["ava", "ava-2", "ava-3"]),
        (["Ava 3", "Ava", "Ava", "Ava", "ava-2", "Ava"], ["ava-3", "ava", "ava-2", "ava-4", "ava-2-2", "ava-5"]),
        (["小明", "Søren Ærø", "Ĳsbrand", "Юлия", "🍼"], ["xiao-ming", "soren-aero", "ijsbrand", "ulia", "child"]),
        (["assets", "index"], ["assets-2", "index-2"]),
        (["Con", "NUL", "aux", "Com1", "lpt9", "Prn", "Connor"], ["con-2", "nul-2", "aux-2", "com1-2", "lpt9-2", "prn-2", "connor"]),
        (["  Mary-Jane   O'Neil  "], ["mary-jane-o-neil"]),
        ([String(repeating: "a", count: 300)], [String(repeating: "a", count: 40)]),
    ])
    func slugs(names: [String], slugs: [String]) {
        #expect(ChildSlug.slugs(for: names).map(\.value) == slugs)
    }

    @Test("ten thousand children of one name are numbered in turn, around names that take a number")
    func manySlugs() {
        var names = Array(repeating: "Ava", count: 10_000)
        names[5_000] = "Ava 7000"
        let slugs = ChildSlug.slugs(for: names).map(\.value)
        #expect(Set(slugs).count == 10_000)
        #expect(slugs[0] == "ava" && slugs[1] == "ava-2" && slugs[4_999] == "ava-5000" && slugs[5_000] == "ava-7000")
        #expect(slugs[6_999] == "ava-6999" && slugs[7_000] == "ava-7001" && slugs[9_999] == "ava-10000")
    }

    @Test("our own text is escaped for Markdown only where a mark would change it, so names stay plain text", arguments: [
        ("*Ava*", #"\*Ava\*"#),
        ("[x](javascript:alert(1))", #"\[x\](javascript:alert(1))"#),
        ("<b>Leo</b>", #"\<b>Leo\</b>"#),
        ("a|b", #"a\|b"#),
        ("line\nbreak", "line break"),
        ("Zoë", "Zoë"),
        ("1. Ava", #"1\. Ava"#),
        ("2.5 ml", "2.5 ml"),
        ("&amp;", #"\&amp;"#),
        ("M & M", "M & M"),
        ("Paracetamol (2.5 ml)", "Paracetamol (2.5 ml)"),
        ("Born Tuesday, October 20, 2026", "Born Tuesday, October 20, 2026"),
        ("# one", ##"\# one"##),
        ("- a - b", #"\- a - b"#),
        ("  indented", "indented"),
    ])
    func escaping(text: String, escaped: String) {
        #expect(Markdown.escaped(text) == escaped)
    }
}
