import Foundation

/// Spaces and tabs, made once: `CharacterSet.whitespaces` builds a new set at every use.
private let spaces = CharacterSet.whitespaces

extension StringProtocol {
    /// The text without the spaces and tabs around it, as `trimmingCharacters(in:
    /// .whitespaces)` gives, without Foundation's copy when there are none — as in nearly
    /// every cell of an export.
    var trimmedSpaces: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last,
              spaces.contains(first) || spaces.contains(last) else { return String(self) }
        return trimmingCharacters(in: spaces)
    }
}
