/// The look of one child's pages.
public struct ThemeSelection: Sendable, Equatable {
    public var palette: Palette
    public var strategy: CategoryStrategy
    public var iconStyle: IconStyle

    public init(palette: Palette = Palette.all[0], strategy: CategoryStrategy = CategoryStrategy.all[0], iconStyle: IconStyle = .filled) {
        self.palette = palette
        self.strategy = strategy
        self.iconStyle = iconStyle
    }

    /// `warm-nightlight` / `desaturated-jewel` / `filled`.
    public static let `default` = ThemeSelection()

    /// The selection made of `layers`, most important first: for each of palette,
    /// strategy and icon style, the first layer that names one decides.
    public static func resolving(_ layers: [ThemeRequest]) throws(ThemeError) -> ThemeSelection {
        var selection = ThemeSelection.default
        if let id = layers.lazy.compactMap(\.palette).first {
            guard let palette = Palette.named(id) else { throw ThemeError(kind: .palette, id: id) }
            selection.palette = palette
        }
        if let id = layers.lazy.compactMap(\.categoryStrategy).first {
            guard let strategy = CategoryStrategy.named(id) else { throw ThemeError(kind: .categoryStrategy, id: id) }
            selection.strategy = strategy
        }
        if let id = layers.lazy.compactMap(\.iconStyle).first {
            guard let style = IconStyle(rawValue: id) else { throw ThemeError(kind: .iconStyle, id: id) }
            selection.iconStyle = style
        }
        return selection
    }
}

/// Theme identifiers as someone wrote them, not yet checked; nil means "not said".
public struct ThemeRequest: Sendable, Equatable {
    public var palette: String?
    public var categoryStrategy: String?
    public var iconStyle: String?

    public init(palette: String? = nil, categoryStrategy: String? = nil, iconStyle: String? = nil) {
        self.palette = palette
        self.categoryStrategy = categoryStrategy
        self.iconStyle = iconStyle
    }

    /// This request with unknown identifiers dropped, and what was dropped.
    public func withoutUnknownIDs() -> (request: ThemeRequest, unknown: [ThemeError]) {
        var request = self
        var unknown: [ThemeError] = []
        if let id = palette, Palette.named(id) == nil {
            request.palette = nil
            unknown.append(ThemeError(kind: .palette, id: id))
        }
        if let id = categoryStrategy, CategoryStrategy.named(id) == nil {
            request.categoryStrategy = nil
            unknown.append(ThemeError(kind: .categoryStrategy, id: id))
        }
        if let id = iconStyle, IconStyle(rawValue: id) == nil {
            request.iconStyle = nil
            unknown.append(ThemeError(kind: .iconStyle, id: id))
        }
        return (request, unknown)
    }
}

/// An identifier that names no palette, strategy or icon style.
public struct ThemeError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case palette, categoryStrategy = "category strategy", iconStyle = "icon style"
    }

    public let kind: Kind
    public let id: String

    public init(kind: Kind, id: String) {
        self.kind = kind
        self.id = id
    }

    /// The identifiers that exist for this kind.
    public var known: [String] {
        switch kind {
        case .palette: Palette.all.map(\.id)
        case .categoryStrategy: CategoryStrategy.all.map(\.id)
        case .iconStyle: IconStyle.allCases.map(\.rawValue)
        }
    }

    /// `unknown palette "pink"; use one of warm-nightlight, current-indigo, …`.
    public var description: String {
        "unknown \(kind.rawValue) \"\(id)\"; use one of \(known.joined(separator: ", "))"
    }
}
