import Dataset
import Timekeeping

/// Every figure of a child's day (docs/archive.md, Figures).
public struct DaySummary: Sendable, Equatable {
    public var feedings = FeedingFigures()
    public var diapers = DiaperFigures()
    public var sleep = SleepFigures()
    public var crying = CryingFigures()
    public var noteCount = 0
    /// The routine kinds with at least one entry in the day. Every baby feeds, wets and
    /// sleeps every day: a day without any entry of a kind says it was not logged, not that
    /// it did not happen, and its zero is shown as "not logged" and left out of means.
    public var logged: RoutineKinds = []

    public init() {}
}

/// The kinds of entry a baby has every day (docs/archive.md, Not logged is not zero).
public struct RoutineKinds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A feed of any kind.
    public static let feeds = RoutineKinds(rawValue: 1)
    /// A diaper change, a dry check included.
    public static let diapers = RoutineKinds(rawValue: 2)
    /// A stretch of sleep reaching into the day, one from the evening before included.
    public static let sleep = RoutineKinds(rawValue: 4)
    /// Wet diapers: the day logged diapers, and a wet one (or a dry check) was logged within
    /// ``RoutineKinds/wetAround`` days of it — a family that logs only dirty diapers has no
    /// count of wet ones, not a count of zero.
    public static let wet = RoutineKinds(rawValue: 8)
    /// Dirty diapers: the day logged diapers, and a dirty one was logged within
    /// ``RoutineKinds/dirtyAround`` days (a baby may go days without a stool).
    public static let dirty = RoutineKinds(rawValue: 16)
    public static let all: RoutineKinds = [.feeds, .diapers, .sleep]

    /// How many days either side a wet diaper logged makes a day's zero a zero.
    public static let wetAround = 3
    /// How many days either side a dirty diaper logged makes a day's zero a zero.
    public static let dirtyAround = 7
}

/// Feedings started in the day.
public struct FeedingFigures: Sendable, Equatable {
    public var count = 0
    public var breastCount = 0
    /// Breast feedings started on the left, whether or not they switched sides.
    public var startedLeft = 0
    /// Breast feedings started on the right, whether or not they switched sides.
    public var startedRight = 0
    /// Breast feedings that switched sides.
    public var bothSides = 0
    /// The sum of `duration_minutes` where given.
    public var breastMinutes = 0.0
    public var bottleCount = 0
    /// Bottles whose amount was logged.
    public var bottlesWithAmount = 0
    /// The sum of `amount_ml` where given.
    public var bottleML = 0.0
    /// Gaps between consecutive feeding starts that end in the day (as in `days.json`).
    public var intervals = GapFigures()
    /// The same gaps without those that reach back across a whole day with no feed
    /// logged: what pages show and average (a day nobody logged is not a day without feeds).
    public var loggedIntervals = GapFigures()
    /// How many gaps ending in the day were left out of ``loggedIntervals``.
    public var unloggedIntervals = 0

    /// The millilitres of the day's bottles, or nil when bottles were given but none has
    /// an amount: an unknown amount is not 0 ml. Zero when no bottle was given.
    public var knownBottleML: Double? {
        bottleCount > 0 && bottlesWithAmount == 0 ? nil : bottleML
    }
}

/// Diapers changed in the day.
public struct DiaperFigures: Sendable, Equatable {
    public var pee = 0
    public var poop = 0
    public var both = 0
    /// Checks that found the diaper dry: not in ``count``.
    public var dry = 0
    /// Stools of each logged colour (poop and both changes that say one).
    public var stoolColors: [StoolColor: Int] = [:]
    /// Stools of each logged consistency (poop and both changes that say one).
    public var stoolConsistencies: [StoolConsistency: Int] = [:]

    /// Wet or dirty diapers changed.
    public var count: Int { pee + poop + both }
    /// Pee + both.
    public var wet: Int { pee + both }
    /// Poop + both.
    public var dirty: Int { poop + both }
}

/// Sleep in the day, clipped to its window, overlaps counted once.
public struct SleepFigures: Sendable, Equatable {
    /// Sleep in stretches that started between the nap bounds.
    public var nap = Duration.zero
    /// Sleep in stretches that started outside the nap bounds.
    public var night = Duration.zero
    /// Stretches that started in the day.
    public var started = 0
    /// The longest stretch started in the day, measured whole (not clipped).
    public var longest: SleepSpan?
    /// Whether a stretch still in progress at export time reaches into the day.
    public var ongoing = false
    /// Awake gaps between stretches that end in the day (as in `days.json`).
    public var wakeWindows = GapFigures()
    /// The same gaps without those that reach back across a whole day with no sleep
    /// logged, which pages show and average.
    public var loggedWakeWindows = GapFigures()
    /// How many gaps ending in the day were left out of ``loggedWakeWindows``.
    public var unloggedWakeWindows = 0

    /// Nap plus night; with overlaps merged this is the union of all sleep in the day.
    public var total: Duration { nap + night }
    public var totalSeconds: Int64 { napSeconds + nightSeconds }
    public var napSeconds: Int64 { nap.roundedSeconds }
    public var nightSeconds: Int64 { night.roundedSeconds }
}
