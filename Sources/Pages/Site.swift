import Dataset
import Days
import Speed
import Theme
import Timekeeping
import Wording

/// The whole archive as pages: the family home, the themes page, the comparison of the
/// children, and for each child a home, a page per month, per ISO week and per day.
public struct Site: Sendable {
    /// One child's part of the archive.
    public struct Child: Sendable {
        public let slug: ChildSlug
        public let days: ChildDays
        public let theme: ThemeSelection
        /// What was measured, by kind, with percentiles: the growth page, the child's home
        /// and the visit summary all show it.
        let growth: [GrowthSeries]
        /// What more than one of the child's pages reads from the whole history, made once.
        let history = ChildHistory()

        /// Whether anything was measured (at birth or since): the growth page is made only then.
        var hasGrowth: Bool { !growth.isEmpty }
    }

    public let children: [Child]
    /// The look of the pages that belong to no one child (home, themes).
    public let theme: ThemeSelection
    public let scheme: Scheme
    public let settings: Settings
    public let exportedAt: Instant
    /// The visit summary's first and last day, when chosen.
    public let visit: (from: LocalDate?, to: LocalDate?)
    /// Whether `visit.pdf` and `diary.pdf` are printed beside each visit summary and sleep
    /// diary (and so linked from them).
    public var visitPDF = false
    /// How many days the sleep diary shows (`--diary-days`).
    public var diaryDays = Site.defaultDiaryDays
    /// Two weeks, as sleep clinics ask for.
    public static let defaultDiaryDays = 14
    /// The fewest and most days the diary may show: one landscape sheet holds six weeks.
    public static let diaryDaysAllowed = 7...42
    /// Whether the archive is encrypted: its pages then offer to forget the key.
    public var sealed = false
    /// The pages' language: their words and how they write dates and numbers.
    public let language: Language
    /// The day the language's weeks start on, 1 = Monday through 7 = Sunday: the first
    /// column of a month's calendar and the first day of a week's page.
    var firstWeekday: Int { language.formats.firstWeekday }
    /// The language's words for the templates (`{{w.entries}}`), made once for every page.
    let templateWords: PageWords
    /// A digest of the template of each kind of page about days (`day`, `week`, `month`),
    /// part of those pages' keys: a changed `month.mustache` remakes the month pages only.
    public var templateDigests: [String: String] = [:]

    public init(children: [(days: ChildDays, theme: ThemeSelection)], theme: ThemeSelection, scheme: Scheme,
                settings: Settings, exportedAt: Instant, visit: (from: LocalDate?, to: LocalDate?) = (nil, nil), language: Language = .english) {
        let slugs = ChildSlug.slugs(for: children.map(\.days.child.name))
        self.children = zip(slugs, children).map {
            Child(slug: $0, days: $1.days, theme: $1.theme, growth: GrowthSeries.all($1.days, zone: settings.zone))
        }
        self.theme = theme
        self.scheme = scheme
        self.settings = settings
        self.exportedAt = exportedAt
        self.visit = visit
        self.language = language
        templateWords = PageWords(language)
    }

    /// Every page, as a plan that makes it when asked, so pages can be made in parallel
    /// (or not at all): the family home, the themes page, then each child's pages.
    public func plans() -> [PagePlan] {
        let keys = PageKeys(site: self)
        var plans = [PagePlan(path: SiteMap.home) { HomePage(site: self).page() },
                     PagePlan(path: SiteMap.themes, key: keys.themesKey()) { ThemesPage(site: self).page() }]
        if hasComparison {
            plans.append(PagePlan(path: SiteMap.compare) { ComparePage(site: self).page() })
        }
        // Each child's on a core of its own: the keys hash every day, three times over.
        for each in children.concurrentMap({ pagePlans(of: $0, keys: keys.child($0)) }) {
            plans += each
        }
        // Pages are made on any core, where the build's language must be bound again.
        return plans.map { plan in
            PagePlan(path: plan.path, key: plan.key, day: plan.day) { [language] in
                Language.$current.withValue(language) { plan.make() }
            }
        }
    }

    /// Whether the family has a comparison page: two children or more.
    var hasComparison: Bool { children.count >= 2 }

    /// `body`'s result with the site's language as the current one (``Format`` reads it).
    public func speaking<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Language.$current.withValue(language, operation: body)
    }

    /// `child`'s pages: home, visit summary, sleep diary, trends, growth, months, weeks, days.
    private func pagePlans(of child: Child, keys: ChildPageKeys) -> [PagePlan] {
        let shared = Shared(site: self, child: child)
        var plans = [PagePlan(path: SiteMap.childHome(child.slug)) { ChildHomePage(site: shared.site, child: shared.child).page() },
                     PagePlan(path: SiteMap.visit(child.slug)) { VisitPage(site: shared.site, child: shared.child).page() },
                     PagePlan(path: SiteMap.diary(child.slug)) { DiaryPage(site: shared.site, child: shared.child).page() },
                     PagePlan(path: SiteMap.trends(child.slug)) { TrendsPage(site: shared.site, child: shared.child).page() }]
        if child.hasGrowth {
            plans.append(PagePlan(path: SiteMap.growth(child.slug)) { GrowthPage(site: shared.site, child: shared.child).page() })
        }
        plans += MonthPage.plans(site: self, child: child, keys: keys)
        plans += WeekPage.plans(site: self, child: child, keys: keys)
        let days = child.days.days
        for index in days.indices {
            let key = keys.key("day", days: days[index...index],
                               neighbours: [index > 0 ? days[index - 1].date : nil, index + 1 < days.count ? days[index + 1].date : nil])
            plans.append(PagePlan(path: SiteMap.day(child.slug, days[index].date), key: key, day: (child.slug, index)) {
                DayPage(site: shared.site, child: shared.child, index: index).page()
            })
        }
        return plans
    }

    /// The site and one of its children, held once for all of that child's plans: a plan
    /// holding copies of both of its own took 700 bytes of fresh memory and a count on
    /// each of their parts, for every one of thousands of days.
    private final class Shared: Sendable {
        let site: Site
        let child: Child

        init(site: Site, child: Child) {
            self.site = site
            self.child = child
        }
    }

    /// Every page, made one after another.
    public func pages() -> [Page] {
        plans().map { $0.make() }
    }

    /// The visit summary's range for `child`: the chosen one, or the 14 days ending with
    /// the export's day, kept within the child's archive; nil when nothing is left.
    public func visitRange(for child: Child) -> ClosedRange<LocalDate>? {
        guard let first = child.days.days.first?.date, let last = child.days.days.last?.date else { return nil }
        let to = min(visit.to ?? (lastDayLogged(child) ?? last), last)
        let from = max(visit.from ?? VisitSummary.defaultRange(endingOn: to).lowerBound, first)
        return from <= to ? from...to : nil
    }

    /// The last day of `child` with an entry of a kind logged day by day
    /// (``Day/hasDailyEntries``), where the default visit range ends: an export whose last
    /// weeks hold only measurements would otherwise give two weeks of empty rows.
    public func lastDayLogged(_ child: Child) -> LocalDate? {
        child.days.days.last(where: \.hasDailyEntries)?.date
    }

    /// Whether `child`'s visit range ends before the export's day because the days after
    /// it have only measurements, vaccinations or milestones (no `--visit-to` given).
    public func visitRangeEndsEarly(for child: Child) -> Bool {
        guard visit.to == nil, let range = visitRange(for: child), let last = child.days.days.last?.date else { return false }
        return range.upperBound < last
    }

    /// Whether `child`'s visit range ends early (``visitRangeEndsEarly(for:)``) and the days
    /// after it hold measurements, vaccinations or milestones, which the summary shows to
    /// the export; not when they hold nothing yet (an export just after the day start).
    public func visitRangeLeavesEntriesAfter(for child: Child) -> Bool {
        guard visitRangeEndsEarly(for: child), let range = visitRange(for: child) else { return false }
        return child.days.days.contains { $0.date > range.upperBound && $0.health.count > 0 }
    }

    /// The places in `child`'s days of the sleep diary's days: the last ``diaryDays`` up to
    /// the visit summary's last day (the last day logged, unless chosen), within the archive.
    public func diaryIndices(for child: Child) -> ClosedRange<Int>? {
        let days = child.days.days
        guard let first = days.first?.date, let last = days.last?.date else { return nil }
        let end = visitRange(for: child)?.upperBound ?? lastDayLogged(child) ?? last
        let endIndex = end.days(since: first)
        guard days.indices.contains(endIndex) else { return nil }
        return max(endIndex - (diaryDays - 1), 0)...endIndex
    }

    /// The day up to which `child`'s visit summary shows measurements and vaccinations:
    /// the range's last, or the export's when the default range ends early (the doctor
    /// asks for the latest weight, whatever the days after the range hold).
    public func visitKnownAsOf(for child: Child) -> LocalDate? {
        visitRangeEndsEarly(for: child) ? child.days.days.last?.date : visitRange(for: child)?.upperBound
    }

    /// The stylesheet of `child`'s visit summary for paper (see ``SiteMap/visitPrintStylesheet(_:)``).
    public func visitPrintStylesheet(for child: Child) -> String {
        speaking { VisitPage.printStylesheet(site: self, child: child) }
    }

    /// The export time as a reading of the family's clock.
    var exportedLocal: LocalDateTime {
        settings.zone.localDateTime(at: exportedAt)
    }
}
