import Timekeeping

/// A child's sex and date of birth given beside the export (flags, a configuration file):
/// other apps' files carry neither, and the WHO standards are read by both.
public struct ChildFacts: Sendable, Equatable, CustomStringConvertible {
    public var sex: ChildSex?
    public var dateOfBirth: LocalDate?

    public init(sex: ChildSex? = nil, dateOfBirth: LocalDate? = nil) {
        self.sex = sex
        self.dateOfBirth = dateOfBirth
    }

    public var isEmpty: Bool { sex == nil && dateOfBirth == nil }

    /// `female/2026-01-23`, for a build's fingerprint.
    public var description: String { "\(sex?.rawValue ?? "")/\(dateOfBirth?.description ?? "")" }

    /// `child` with these facts over its own.
    public func applied(to child: ExportChild) -> ExportChild {
        var child = child
        if let sex { child.sex = sex }
        if let dateOfBirth { child.dateOfBirth = dateOfBirth }
        return child
    }

    /// Why facts given for one child could not be given to one.
    public enum Problem: Error, Equatable {
        /// Facts given without a child's name to a family of several (their names).
        case whichChild([String])
        /// Facts given for a child the export does not have (the name, and those it has).
        case noSuchChild(String, [String])
    }

    /// `children` with each one's facts put in: `byChild`'s by id or name (a configuration
    /// file's), then `given` (the flags') for the child named `named`, or for the only child.
    public static func apply(_ byChild: [String: ChildFacts], given: ChildFacts, to named: String?,
                             children: inout [ExportChild]) throws(Problem) {
        for index in children.indices {
            if let facts = byChild[children[index].id] ?? byChild[children[index].name] {
                children[index] = facts.applied(to: children[index])
            }
        }
        guard !given.isEmpty else { return }
        let names = children.map(\.name)
        let index: Int
        if let named {
            guard let found = children.firstIndex(where: { $0.id == named || $0.name == named }) else { throw .noSuchChild(named, names) }
            index = found
        } else {
            guard children.count == 1 else { throw .whichChild(names) }
            index = 0
        }
        children[index] = given.applied(to: children[index])
    }
}
