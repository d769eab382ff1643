import Pages

/// The HTML document around a page's rendered text: metadata, a strict
/// Content-Security-Policy, and a small readable style that follows the system's
/// light or dark mode.
public struct PageLayout: Sendable {
    /// No scripts, no network, nothing from outside the page.
    public static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    public init() {}

    /// The complete document for `page`, whose text rendered as `body`.
    public func document(for page: Page, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(PageLayout.contentSecurityPolicy)">
        <meta name="color-scheme" content="dark light">
        <title>\(HTMLText.escaped(page.title))</title>
        <style>\(PageLayout.style)</style>
        </head>
        <body>
        <main>
        \(body)</main>
        </body>
        </html>

        """
    }

    static let style = """
    :root{color-scheme:dark light;--bg:#f7f5f2;--fg:#1f1d1a;--muted:#5c5750;--link:#7a5a1f;--line:#d9d4cc}\
    @media (prefers-color-scheme:dark){:root{--bg:#1c1b1e;--fg:#ece8e1;--muted:#b4ada3;--link:#e8b86d;--line:#3a383d}}\
    body{margin:0;background:var(--bg);color:var(--fg);font:100%/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}\
    main{max-width:46rem;margin:0 auto;padding:1rem 1.25rem 3rem}\
    a{color:var(--link)}table{border-collapse:collapse;width:100%}\
    th,td{text-align:left;vertical-align:top;padding:.35rem .5rem;border-bottom:1px solid var(--line)}\
    h1{font-size:1.5rem;line-height:1.25}h2{font-size:1.2rem;margin-top:2rem}h3{font-size:1rem;color:var(--muted)}\
    li{margin:.2rem 0}@media print{:root{--bg:#fff;--fg:#000;--muted:#333;--link:#000}}
    """
}
