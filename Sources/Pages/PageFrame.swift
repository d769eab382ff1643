import Theme
import Timekeeping

/// What every page's layout needs: title, stylesheets, theme attributes, breadcrumbs,
/// the icon sprite and the export time, with links relative to the page.
struct PageFrame {
    let site: Site
    let path: SitePath
    let theme: ThemeSelection

    /// A crumb of the trail at the top of a page; the last one is the page itself.
    struct Crumb {
        let label: String
        let target: SitePath?
    }

    /// The layout's values. With `search`, the page carries the search box: its scripts,
    /// and a policy that lets them run.
    func context(title: String, crumbs: [Crumb], search: Bool = false) -> [String: Any] {
        var context: [String: Any] = [
            "title": title,
            "stylesheets": [SiteMap.themeStylesheet, SiteMap.layoutStylesheet, SiteMap.paperStylesheet].map { ["href": link($0)] as [String: Any] },
            "palette": theme.palette.id,
            "categories": theme.strategy.id,
            "icons": theme.iconStyle.rawValue,
            "sprite": Icons.sprite,
            "homeHref": link(SiteMap.home),
            "themesHref": link(SiteMap.themes),
            "lang": site.language.code,
            "dir": site.language.direction,
            "w": site.templateWords,
        ]
        if site.scheme != .auto {
            context["scheme"] = site.scheme.rawValue
        }
        if site.sealed {
            context["sealed"] = true
        }
        if search {
            // The layout's policy then lets the archive's own scripts run, and only those.
            context["search"] = true
            context["scriptWords"] = site.templateWords.script
            context["scripts"] = [SiteMap.searchIndex, SiteMap.searchScript].map { ["href": link($0)] as [String: Any] }
            context["searchRoot"] = String(link(SiteMap.home).dropLast(SiteMap.home.description.count))
        }
        context["breadcrumbs"] = crumbs.enumerated().map { index, crumb -> [String: Any] in
            var item: [String: Any] = ["label": crumb.label]
            if index == crumbs.count - 1 {
                item["current"] = true
            } else if let target = crumb.target {
                item["href"] = link(target)
            }
            return item
        }
        return context
    }

    /// The layout's values for one of `child`'s own pages, named `label`, under the trail
    /// home › child › label.
    func context(title: String, child: Site.Child, label: String) -> [String: Any] {
        let name = child.days.child.name
        return context(title: title, crumbs: [.init(label: Format.text("home"), target: SiteMap.home),
                                              .init(label: name, target: SiteMap.childHome(child.slug)), .init(label: label, target: nil)])
    }

    /// `Exported Saturday, November 21, 2026 at 10:00 PM`: only on pages that depend on the
    /// export time, so that a new export leaves the others' bytes alone.
    var exported: String {
        Format.text("exported_on_at", ["date": Format.longDate(site.exportedLocal.date), "time": Format.time(site.exportedLocal)])
    }

    /// The relative link from this page to `target`.
    func link(_ target: SitePath) -> String {
        path.link(to: target)
    }
}
