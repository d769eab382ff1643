import Bytes
import Days
import Timekeeping

/// `feed.xml`, an Atom 1.0 feed (RFC 4287) of the last ``days`` days: one entry per child
/// per day that logged anything, titled with the child and the date in the family's
/// language, summed up in the day's figures, and linked to the day's page. An entry's id
/// is made from the child and the date alone and its `updated` from the day's last entry,
/// so a rebuild gives the same entries and a reader shows a day again only when an entry
/// was added to it. Links are relative to the feed, as the archive's links are to their
/// pages: the feed works wherever the archive is hosted.
struct AtomFeed {
    let site: Site
    /// The entry id of a name (``entryName(_:_:)``), from the build (name-based UUIDs).
    let id: (String) -> String

    /// How many days back from the export the feed reaches.
    static let days = 60

    /// The name an entry's id is made from: the child and the date.
    static func entryName(_ child: Site.Child, _ date: LocalDate) -> String {
        "bbreport:day:\(childName(child)):\(date)"
    }

    /// A child as ids name it: its id and birthday (two families' children may share an app's id).
    static func childName(_ child: Site.Child) -> String {
        "\(child.days.child.id):\(child.days.child.dateOfBirth?.description ?? "-")"
    }

    var text: String {
        let zone = site.settings.zone
        let first = site.exportedLocal.date.adding(days: 1 - Self.days)
        // Newest day first; on one day, the children in the family's order.
        let entries = site.children.enumerated().flatMap { order, child in
            child.days.days.filter { $0.date >= first && $0.hasDailyEntries }.map { (child, $0, order) }
        }.sorted { ($0.1.date, $1.2) > ($1.1.date, $0.2) }.map { ($0.0, $0.1) }
        let names = site.children.map { $0.days.child.name }
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(Self.escaped(site.language.code))">
          <id>\(id("bbreport:feed:" + site.children.map(Self.childName).joined(separator: ",")))</id>
          <title>\(Self.escaped(Format.text("report_title") + " · " + Format.language.list(names)))</title>
          <updated>\(ISO8601.string(from: entries.map { updated($0.1) }.max() ?? site.exportedAt, in: zone))</updated>
          <link rel="alternate" type="text/html" href="\(SiteMap.home)"/>
          <link rel="self" type="application/atom+xml" href="\(SiteMap.feed)"/>
          <author><name>\(Self.escaped(Format.text("report_title")))</name></author>
          <generator>bbreport</generator>

        """
        for (child, day) in entries {
            xml += entry(child, day)
        }
        xml += "</feed>\n"
        return xml
    }

    /// When a day last changed: its last entry (a day's page changes with it).
    private func updated(_ day: Day) -> Instant {
        day.lastEntryTime ?? day.window.start
    }

    private func entry(_ child: Site.Child, _ day: Day) -> String {
        let title = Format.text("feed_entry_title", ["name": child.days.child.name, "date": Format.longDate(day.date)])
        return """
          <entry>
            <id>\(id(Self.entryName(child, day.date)))</id>
            <title>\(Self.escaped(title))</title>
            <updated>\(ISO8601.string(from: updated(day), in: site.settings.zone))</updated>
            <link rel="alternate" type="text/html" href="\(SiteMap.day(child.slug, day.date))"/>
            <summary>\(Self.escaped(Self.summary(day.summary)))</summary>
          </entry>

        """
    }

    /// `7 feeds · 4 wet · 1 dirty · 11h 20m asleep`, each kind the day did not log said so.
    static func summary(_ summary: DaySummary) -> String {
        let logged = summary.logged
        let feeds = logged.contains(.feeds) ? Format.text("feeds_count", count: summary.feedings.count) : Format.text("feeds_not_logged")
        let diapers = logged.contains(.diapers) ? NotLogged.wetAndDirty(summary) : Format.text("diapers_not_logged")
        let sleep = logged.contains(.sleep)
            ? Format.text("length_asleep", ["length": Format.duration(.seconds(summary.sleep.totalSeconds))]) : Format.text("sleep_not_logged")
        return [feeds, diapers, sleep].joined(separator: " · ")
    }

    /// `text` as XML character data: escaped, and without the control characters XML 1.0
    /// cannot carry (a name in an export may hold one).
    static func escaped(_ text: String) -> String {
        let allowed = String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            scalar.value >= 0x20 ? !(0xFFFE...0xFFFF).contains(scalar.value) : [0x09, 0x0A, 0x0D].contains(scalar.value)
        }))
        return MarkupText.escaped(allowed)
    }
}

extension Site {
    /// The bytes of `feed.xml` (``AtomFeed``), each id made by `id` from its name.
    public func atomFeed(id: @escaping (String) -> String) -> String {
        speaking { AtomFeed(site: self, id: id).text }
    }
}
