import Days
import Hashing
import Timekeeping

/// The keys of the pages about days: each covers the site's settings and the child, the
/// digests of the days the page shows, its neighbours, and the export time or the start
/// of logging where the page shows them (partial days, ongoing sleep, excluded means).
struct PageKeys {
    let site: Site
    /// Settings, children and their looks: what every page of the site depends on.
    let siteDigest: ContentHash

    init(site: Site) {
        self.site = site
        var hasher = StableHasher()
        let settings = site.settings
        hasher.combine(settings.zone.identifier)
        hasher.combine(settings.dayStart.minutes)
        for unit in [settings.units.volume.rawValue, settings.units.weight.rawValue, settings.units.length.rawValue, settings.units.temperature.rawValue] {
            hasher.combine(unit)
        }
        hasher.combine(settings.napStartMin.minutes)
        hasher.combine(settings.napStartMax.minutes)
        hasher.combine(site.scheme.rawValue)
        hasher.combine(site.language.identity)
        for child in site.children {
            hasher.combine(child.slug.value)
            hasher.combine(child.days.child.id)
            hasher.combine(child.days.child.name)
            hasher.combine(child.days.child.dateOfBirth?.description)
            // Percentiles and corrected ages on day pages read these.
            hasher.combine(child.days.child.sex?.rawValue)
            hasher.combine(child.days.child.gestationalAgeWeeks.map { String($0) })
            hasher.combine(child.theme.palette.id)
            hasher.combine(child.theme.strategy.id)
            hasher.combine(child.theme.iconStyle.rawValue)
        }
        hasher.combine(site.theme.palette.id)
        siteDigest = hasher.finalize()
    }

    /// The key of the themes page: every palette as this program draws it, in the
    /// family's look and scheme; nothing of the days.
    func themesKey() -> ContentHash {
        var hasher = StableHasher()
        hasher.combine("themes")
        hasher.combine(siteDigest)
        hasher.combine(site.theme.strategy.id)
        hasher.combine(site.theme.iconStyle.rawValue)
        return hasher.finalize()
    }

    /// The keys of `child`'s pages about days.
    func child(_ child: Site.Child) -> ChildPageKeys {
        ChildPageKeys(keys: self, child: child)
    }
}

/// The keys of one child's pages about days (see ``PageKeys``).
struct ChildPageKeys {
    let keys: PageKeys
    let child: Site.Child
    /// The child's days' digests, in the days' order: worked out once, as every day shows
    /// on its own page, its week's and its month's.
    let digests: [ContentHash]

    init(keys: PageKeys, child: Site.Child) {
        self.keys = keys
        self.child = child
        digests = child.days.digests
    }

    /// The key of a page of `kind` about `days` of the child, with its neighbours.
    func key(_ kind: String, days: ArraySlice<Day>, neighbours: [LocalDate?]) -> ContentHash {
        // The site's fields read where they are: the site copied out for each of thousands
        // of keys was each of its parts retained and released.
        var hasher = StableHasher()
        hasher.combine(kind)
        hasher.combine(keys.site.templateDigests[kind] ?? "")
        hasher.combine(keys.siteDigest)
        hasher.combine(child.slug.value)
        for index in days.indices {
            hasher.combine(digests[index])
        }
        for neighbour in neighbours {
            hasher.combine(neighbour?.description)
        }
        // The export time shows where a day is not over or a sleep still goes on.
        let exportedAt = keys.site.exportedAt
        if days.contains(where: { $0.window.end > exportedAt || $0.sleepSpans.contains(where: \.isOngoing) }) {
            hasher.combine(exportedAt.milliseconds)
        }
        // Means leave out the day logging began; calendars grey out days outside the archive.
        if let first = child.days.days.first, days.contains(where: { $0.date == first.date }) {
            hasher.combine(child.days.loggingStarted?.milliseconds ?? -1)
            hasher.combine(first.date.description)
        }
        if let last = child.days.days.last, days.contains(where: { $0.date == last.date }) {
            hasher.combine(last.date.description)
        }
        return hasher.finalize()
    }
}
