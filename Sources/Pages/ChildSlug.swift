import Foundation

/// The folder name of a child's part of the archive: lowercase ASCII letters, digits
/// and dashes, never empty, never `.` or `..`, unique within the family.
public struct ChildSlug: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    public var description: String { value }

    /// Names of top-level entries the archive itself uses, and the device names Windows
    /// reserves in every folder (an archive on a Windows share could not hold `con/`).
    static let reserved = Set(["assets", "index", "themes", "search", "con", "prn", "aux", "nul"])
        .union((0...9).flatMap { ["com\($0)", "lpt\($0)"] })

    /// One slug per name, in order: `Zoë & Ava` → `zoe-ava`, `小明` → `xiao-ming`,
    /// `../../etc` → `etc`; repeats get `-2`, `-3`; a name with no letters or digits
    /// becomes `child`.
    public static func slugs(for names: [String]) -> [ChildSlug] {
        var taken: Set<String> = []
        // For each base, the first number not yet tried: every one below it was taken, so
        // a thousandth Ava does not try the 998 numbers before hers again.
        var nextNumber: [String: Int] = [:]
        return names.map { name in
            let base = slugBase(name)
            var candidate = base
            var number = nextNumber[base, default: 2]
            while taken.contains(candidate) || reserved.contains(candidate) {
                candidate = "\(base)-\(number)"
                number += 1
            }
            nextNumber[base] = number
            taken.insert(candidate)
            return ChildSlug(value: candidate)
        }
    }

    static let toASCII = StringTransform("Any-Latin; Latin-ASCII; Lower")

    static func slugBase(_ name: String) -> String {
        // ICU transliterates any script to Latin, then to ASCII: Zoë → zoe, Юлия → ulia.
        // The slug keeps 40 characters: transliterating more of a long name is wasted work.
        let start = String(name.prefix(80))
        // An ASCII name transliterates to itself in lower case; ICU's set-up is not needed.
        let folded = start.utf8.allSatisfy { $0 < 0x80 } ? start.lowercased()
            : start.applyingTransform(Self.toASCII, reverse: false) ?? start.lowercased()
        var slug = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                if pendingDash, !slug.isEmpty { slug += "-" }
                slug.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
            if slug.count >= 40 { break }
        }
        return slug.isEmpty ? "child" : slug
    }
}
