import HTML
import Pages
import Testing

@Suite struct PageLayoutTests {
    @Test("every page carries a strict CSP, an escaped title, and no external resource")
    func layout() {
        let page = Page(path: SitePath("index.html"), title: "</title><script>x</script>", markdown: "# Hi")
        let html = SiteRenderer().html(for: page)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">"#))
        #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>"))
        #expect(html.contains("<h1>Hi</h1>"))
        #expect(!html.contains("http://") && !html.contains("https://"))
    }
}
