/// A file's place in the archive, relative to its root: `ava/2026/11/21.html`.
public struct SitePath: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The path components, e.g. `["ava", "2026", "11", "21.html"]`.
    public let components: [String]

    public init(_ components: [String]) {
        self.components = components
    }

    public init(_ path: String) {
        self.components = path.split(separator: "/").map(String.init)
    }

    public var description: String { components.joined(separator: "/") }

    /// The link from a page at `self` to `target`, relative and naming the file,
    /// so it works from disk and from any sub-path of a web host.
    public func link(to target: SitePath) -> String {
        let from = components.dropLast()
        var shared = 0
        while shared < from.count, shared < target.components.count - 1, from[shared] == target.components[shared] {
            shared += 1
        }
        let ups = Array(repeating: "..", count: from.count - shared)
        return (ups + target.components[shared...]).joined(separator: "/")
    }

    /// The same path with another file extension (`21.html` → `21.md`).
    public func replacingExtension(with newExtension: String) -> SitePath {
        guard let last = components.last else { return self }
        let stem = last.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        return SitePath(components.dropLast() + [(stem.isEmpty ? last : stem) + "." + newExtension])
    }

    public static func < (lhs: SitePath, rhs: SitePath) -> Bool {
        lhs.description < rhs.description
    }
}
