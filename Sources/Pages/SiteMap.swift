import Timekeeping

/// Where every file of the archive goes (docs/archive.md). Every link between them is relative and
/// names a file, so the archive works from disk and from any folder of a web host.
public enum SiteMap {
    /// `index.html`.
    public static let home = SitePath("index.html")
    /// `themes.html`.
    public static let themes = SitePath("themes.html")
    /// `compare.html`, the children side by side by age (a family of two or more).
    public static let compare = SitePath("compare.html")
    /// `assets/theme.css`, the generated colour tokens.
    public static let themeStylesheet = SitePath("assets/theme.css")
    /// `assets/bbreport.css`, the layout (a template file).
    public static let layoutStylesheet = SitePath("assets/bbreport.css")

    /// `<child>/index.html`.
    public static func childHome(_ slug: ChildSlug) -> SitePath {
        SitePath([slug.value, "index.html"])
    }

    /// `<child>/<YYYY>/<MM>/index.html`.
    public static func month(_ slug: ChildSlug, year: Int, month: Int) -> SitePath {
        SitePath([slug.value, String(year), twoDigits(month), "index.html"])
    }

    /// `<child>/<YYYY>/<MM>/<DD>.html`.
    public static func day(_ slug: ChildSlug, _ date: LocalDate) -> SitePath {
        SitePath([slug.value, String(date.year), twoDigits(date.month), twoDigits(date.day) + ".html"])
    }

    /// `<child>/weeks/<YYYY>-W<ww>.html` for the week of `date`, in weeks starting on
    /// `firstWeekday` (1 = Monday, ISO's): named by the ISO week of its Monday.
    public static func week(_ slug: ChildSlug, containing date: LocalDate, firstWeekday: Int) -> SitePath {
        let (year, week) = date.week(firstWeekday: firstWeekday)
        return SitePath([slug.value, "weeks", "\(year)-W\(twoDigits(week)).html"])
    }

    /// `<child>/visit.html`, the pediatrician summary.
    public static func visit(_ slug: ChildSlug) -> SitePath {
        SitePath([slug.value, "visit.html"])
    }

    /// `<child>/growth.html`, the measurements over the WHO curves.
    public static func growth(_ slug: ChildSlug) -> SitePath {
        SitePath([slug.value, "growth.html"])
    }

    /// `<child>/diary.html`, the sleep diary.
    public static func diary(_ slug: ChildSlug) -> SitePath {
        SitePath([slug.value, "diary.html"])
    }

    /// `<child>/trends.html`, every figure over the child's history.
    public static func trends(_ slug: ChildSlug) -> SitePath {
        SitePath([slug.value, "trends.html"])
    }

    /// `<child>/diary.pdf`, written with `--pdf`.
    public static func diaryPDF(_ slug: ChildSlug) -> SitePath {
        SitePath([slug.value, "diary.pdf"])
    }

    /// The pages of `slug` that `--pdf` prints beside themselves: the visit summary and
    /// the sleep diary.
    public static func printed(_ slug: ChildSlug) -> [SitePath] {
        [visit(slug), diary(slug)]
    }

    /// `<child>/visit.pdf`, written with `--pdf`.
    public static func visitPDF(_ slug: ChildSlug) -> SitePath {
        SitePath([slug.value, "visit.pdf"])
    }

    /// `<child>/visit-print.css`: the child, birthday and range in every printed page's margin.
    public static func visitPrintStylesheet(_ slug: ChildSlug) -> SitePath {
        SitePath([slug.value, "visit-print.css"])
    }

    /// `assets/paper.css`, the `@page` size and margins.
    public static let paperStylesheet = SitePath("assets/paper.css")
    /// `assets/paper-landscape.css`, the same sheet turned: the sleep diary's.
    public static let landscapePaperStylesheet = SitePath("assets/paper-landscape.css")
    /// The search box's script, and the index it searches (classic scripts: they load from file://).
    public static let searchScript = SitePath("assets/search.js")
    public static let searchIndex = SitePath("assets/search-index.js")

    /// `status.json`, each child's state at the export for home dashboards.
    public static let status = SitePath("status.json")
    /// `feed.xml`, the Atom feed of the last days.
    public static let feed = SitePath("feed.xml")

    /// `<child>/days.json`.
    public static func daysJSON(_ slug: ChildSlug) -> SitePath {
        SitePath([slug.value, "days.json"])
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
