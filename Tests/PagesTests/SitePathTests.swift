import Pages
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
        (["小明", "Søren Ærø", "Ĳsbrand", "Юлия", "🍼"], ["xiao-ming", "soren-aero", "ijsbrand", "ulia", "child"]),
        (["assets", "index"], ["assets-2", "index-2"]),
        (["Con", "NUL", "aux", "Com1", "lpt9", "Prn", "Connor"], ["con-2", "nul-2", "aux-2", "com1-2", "lpt9-2", "prn-2", "connor"]),
        (["  Mary-Jane   O'Neil  "], ["mary-jane-o-neil"]),
        ([String(repeating: "a", count: 300)], [String(repeating: "a", count: 40)]),
    ])
    func slugs(names: [String], slugs: [String]) {
        #expect(ChildSlug.slugs(for: names).map(\.value) == slugs)
    }

    @Test("our own text is escaped for Markdown, so names stay plain text", arguments: [
        ("*Ava*", #"\*Ava\*"#),
        ("[x](javascript:alert(1))", #"\[x\]\(javascript\:alert\(1\)\)"#),
        ("<b>Leo</b>", #"\<b\>Leo\<\/b\>"#),
        ("a|b", #"a\|b"#),
        ("line\nbreak", "line break"),
        ("Zoë", "Zoë"),
        ("1. Ava", #"1\. Ava"#),
        ("&amp;", #"\&amp\;"#),
    ])
    func escaping(text: String, escaped: String) {
        #expect(Markdown.escaped(text) == escaped)
    }
}
