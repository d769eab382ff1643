import HTML
import Pages
import Testing

@Suite struct SiteRendererTests {
    let renderer = SiteRenderer(templates: try! Templates.load())

    func page(_ context: [String: Any], template: String = "week") -> Page {
        var base: [String: Any] = ["palette": "warm-nightlight", "categories": "desaturated-jewel", "icons": "filled",
                                   "stylesheets": [["href": "assets/theme.css"]], "breadcrumbs": [["label": "Home", "current": true]],
                                   "lang": "en-US", "dir": "ltr"]
        base.merge(context) { $1 }
        return Page(path: SitePath("x.html"), template: template, title: "t", context: base, markdown: "")
    }

    @Test("every page carries a strict CSP and escapes our own text")
    func layout() throws {
        let html = try renderer.html(for: page(["title": "</title><script>x</script>", "heading": "<b>Ava</b>"]))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en-US\" dir=\"ltr\" data-palette=\"warm-nightlight\""))
        #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self' file:; img-src 'self' file: data:; base-uri 'none'; form-action 'none'">"#))
        #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt; · Baby Basics</title>"))
        #expect(html.contains("<h1>&lt;b&gt;Ava&lt;/b&gt;</h1>"))
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    @Test("only pages with the search box may load scripts, and only their own")
    func searchScripts() throws {
        let plain = try renderer.html(for: page([:]))
        #expect(!plain.contains("script-src") && !plain.contains("<script"))
        let scripts: [[String: Any]] = [["href": "assets/search-index.js"], ["href": "assets/search.js"]]
        let home = try renderer.html(for: page(["search": true, "scripts": scripts, "searchRoot": ""], template: "home"))
        #expect(home.contains(#"img-src 'self' file: data:; script-src 'self' file:; base-uri 'none'"#))
        #expect(home.contains("<script src=\"assets/search-index.js\" defer></script>\n<script src=\"assets/search.js\" defer></script>"))
        #expect(home.contains(#"<form class="search" role="search" hidden"#))
    }

    @Test("Markdown values are rendered by cmark-gfm, and entry lists get their icons")
    func markdown() throws {
        let entries = MarkdownText(generated: "- **7:10 AM** · Feed\n- **7:30 AM** · Diaper\n", itemCategories: ["feed", "diaper"])
        let html = try renderer.html(for: page(["averages": MarkdownText(generated: "| a | b |\n|---|---|\n| 1 | 2 |\n"), "daily": entries]))
        #expect(html.contains("<table>"))
        #expect(html.contains(#"<li class="entry entry-feed"><span class="icon icon-feed" aria-hidden="true">"#))
        #expect(html.contains(#"<li class="entry entry-diaper"><span class="icon icon-diaper" aria-hidden="true">"#))
        #expect(html.contains("<span><strong>7:10 AM</strong> · Feed</span></li>"))
    }

    @Test("the built-in templates are inside the executable", arguments: ["layout", "day", "week", "month", "child", "home", "themes"])
    func builtIn(name: String) throws {
        let html = try renderer.html(for: page([:], template: name))
        #expect(html.contains("</html>"))
    }

    @Test("a missing templates folder is an error naming it")
    func missingFolder() {
        #expect(throws: TemplateError.self) { try Templates.load(overriding: "/no/such/templates") }
        do {
            _ = try Templates.load(overriding: "/no/such/templates")
        } catch {
            #expect(error.description == "/no/such/templates: error: no such templates folder")
            #expect(error.isMissingFolder)
        }
    }
}
