import Timekeeping

/// A Baby Basics export file, format version 1, exactly as it is written on disk.
///
/// Values are typed (timestamps are instants, dates are dates) but not yet checked for
/// the data problems a tracking app produces; the Dataset stage does that.
public struct ExportDocument: Sendable, Equatable {
    /// The value of the `format` key every export carries.
    public static let format = "babybasics-export"
    /// The format version this build reads and writes.
    public static let version = 1

    /// When the export was made: the "now" of every report built from it.
    public var exportedAt: Instant
    /// The family's settings; every key is optional.
    public var settings: ExportSettings
    /// The children, in file order.
    public var children: [ExportChild]
    /// The events, in file order (not necessarily by time).
    public var events: [ExportEvent]
    /// Keys that an object of the file holds twice, as JSON paths (`events[3].started_at`):
    /// the first value is the one read.
    public var duplicateKeys: [String]

    public init(exportedAt: Instant, settings: ExportSettings, children: [ExportChild], events: [ExportEvent],
                duplicateKeys: [String] = []) {
        self.exportedAt = exportedAt
        self.settings = settings
        self.children = children
        self.events = events
        self.duplicateKeys = duplicateKeys
    }
}

/// The `settings` object of an export.
public struct ExportSettings: Sendable, Equatable {
    /// The IANA zone the family lives in.
    public var timezone: Zone?
    /// The wall-clock time at which the family's day begins.
    public var dayStart: TimeOfDay?
    /// How volumes are shown; data stays in millilitres.
    public var units: VolumeUnit?
    /// The look the family chose in the app.
    public var theme: ExportTheme?

    public init(timezone: Zone? = nil, dayStart: TimeOfDay? = nil, units: VolumeUnit? = nil, theme: ExportTheme? = nil) {
        self.timezone = timezone
        self.dayStart = dayStart
        self.units = units
        self.theme = theme
    }
}


/// The `settings.theme` object: identifiers, checked later against the known themes.
public struct ExportTheme: Sendable, Equatable {
    /// Palette identifier such as `warm-nightlight`.
    public var palette: String?
    /// Category colour strategy identifier such as `desaturated-jewel`.
    public var categoryStrategy: String?
    /// `filled` or `tinted`.
    public var iconStyle: String?
    /// Per-child overrides, keyed by child id, in file order.
    public var childOverrides: [(childID: String, theme: ExportTheme)]

    public init(palette: String? = nil, categoryStrategy: String? = nil, iconStyle: String? = nil,
                childOverrides: [(childID: String, theme: ExportTheme)] = []) {
        self.palette = palette
        self.categoryStrategy = categoryStrategy
        self.iconStyle = iconStyle
        self.childOverrides = childOverrides
    }

    public static func == (lhs: ExportTheme, rhs: ExportTheme) -> Bool {
        lhs.palette == rhs.palette && lhs.categoryStrategy == rhs.categoryStrategy
            && lhs.iconStyle == rhs.iconStyle
            && lhs.childOverrides.map(\.childID) == rhs.childOverrides.map(\.childID)
            && lhs.childOverrides.map(\.theme) == rhs.childOverrides.map(\.theme)
    }
}

/// One entry of the `children` array.
public struct ExportChild: Sendable, Equatable {
    public var id: String
    public var name: String
    /// The birthday, when the family entered one.
    public var dateOfBirth: LocalDate?
    /// What the growth standards are read by, when given.
    public var sex: ChildSex?
    /// Weeks of pregnancy at birth (40 is due date; 37 or fewer, ages are corrected).
    public var gestationalAgeWeeks: Double?
    /// The day the child was due, when the family or the app gave it: born 3 weeks or more
    /// before it, ages are corrected. Said with the weeks, it is the one used.
    public var dueDate: LocalDate?
    public var birthWeightKG: Double?
    public var birthLengthCM: Double?
    public var birthHeadCircumferenceCM: Double?

    public init(id: String, name: String, dateOfBirth: LocalDate?, sex: ChildSex? = nil, gestationalAgeWeeks: Double? = nil,
                birthWeightKG: Double? = nil, birthLengthCM: Double? = nil, birthHeadCircumferenceCM: Double? = nil, dueDate: LocalDate? = nil) {
        self.id = id
        self.name = name
        self.dateOfBirth = dateOfBirth
        self.sex = sex
        self.gestationalAgeWeeks = gestationalAgeWeeks
        self.dueDate = dueDate
        self.birthWeightKG = birthWeightKG
        self.birthLengthCM = birthLengthCM
        self.birthHeadCircumferenceCM = birthHeadCircumferenceCM
    }
}

/// A child's `sex`, which chooses the growth standards a page compares the child with.
public enum ChildSex: String, Sendable, CaseIterable {
    case female, male
}
