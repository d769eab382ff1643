import Bytes

/// The two drawings of every chart: wide, for a desk and for paper, and narrow, for a
/// phone, where the whole 24 hours must fit the width with labels still readable. Both go
/// into the page; the stylesheet shows one (the other is `display: none`, so screen readers
/// meet only one too).
public enum ChartSize: Sendable, CaseIterable {
    case wide, narrow

    /// The viewBox width.
    var width: Double { self == .wide ? 720 : 360 }

    /// The class the stylesheet chooses by.
    var className: StaticString { self == .wide ? "chart-wide" : "chart-narrow" }

    /// `id` for the wide drawing, `id-narrow` for the other: ids are unique in a page.
    func id(_ base: String) -> String { self == .wide ? base : base + "-narrow" }

    /// Both drawings, wide first, written one after the other.
    static func both(_ draw: (ChartSize, inout SVGWriter) -> Void) -> Markup {
        var svg = SVGWriter()
        for size in allCases { draw(size, &svg) }
        return svg.markup
    }
}
