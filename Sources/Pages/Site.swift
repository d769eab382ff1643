import Dataset
import Days
import Source
import Timekeeping

/// The whole archive as pages: the family home and, per child, a page per day.
public struct Site: Sendable {
    /// Each child's days, with the folder they live in.
    public let children: [(slug: ChildSlug, days: ChildDays)]
    public let settings: Settings
    public let exportedAt: Instant

    public init(children: [ChildDays], settings: Settings, exportedAt: Instant) {
        let slugs = ChildSlug.slugs(for: children.map(\.child.name))
        self.children = Array(zip(slugs, children))
        self.settings = settings
        self.exportedAt = exportedAt
    }

    /// `index.html`.
    public static let homePath = SitePath("index.html")

    /// `<child>/<YYYY>/<MM>/<DD>.html`.
    public static func dayPath(_ slug: ChildSlug, _ date: LocalDate) -> SitePath {
        SitePath([slug.value, String(date.year), twoDigits(date.month), twoDigits(date.day) + ".html"])
    }

    /// `<child>/days.json`.
    public static func daysJSONPath(_ slug: ChildSlug) -> SitePath {
        SitePath([slug.value, "days.json"])
    }

    /// Every page, the family home first, then each child's days in date order.
    public func pages() -> [Page] {
        var pages = [HomePage(site: self).page()]
        for (slug, childDays) in children {
            for index in childDays.days.indices {
                pages.append(DayPage(site: self, slug: slug, childDays: childDays, index: index).page())
            }
        }
        return pages
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
