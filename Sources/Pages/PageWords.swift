import Wording

/// The language's words for templates (`{{w.entries}}`), shared by every page as one
/// dictionary: only text, which the HTML stage passes on as it is instead of looking
/// through it for Markdown on every page.
public final class PageWords: @unchecked Sendable {
    // Only text, never changed after it is made.
    public let values: [String: Any]
    /// The words the archive's script writes itself (`search.js`), as JSON.
    let script: String

    /// The catalog's keys the script uses.
    static let scriptKeys = ["just_now", "time_ago", "asleep_for", "awake_for", "times_count_from_now", "exported_stale",
                             "duration_hours_minutes", "duration_hours", "duration_minutes", "elapsed_days", "elapsed_days_hours",
                             "no_day_matches", "days_count", "days_found", "days_found_latest", "logged_by", "notes_count"]

    init(_ language: Language) {
        values = language.templateWords
        script = language.scriptWords(Self.scriptKeys)
    }
}
