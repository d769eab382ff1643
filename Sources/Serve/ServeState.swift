import Report
import Synchronization

/// What the server shows: which build outcome is current, and the error of the last
/// build when it failed (the previous archive keeps being served beneath it).
final class ServeState: Sendable {
    struct Snapshot: Sendable {
        var generation = 0
        var failure: Diagnostic?
    }

    private let current = Mutex(Snapshot())

    var snapshot: Snapshot { current.withLock { $0 } }

    /// Records a build that wrote `changed` files; returns the new generation when pages
    /// should reload (something changed, or an error overlay should go away).
    func succeeded(changed: Int) -> Int? {
        current.withLock { state in
            guard changed > 0 || state.failure != nil else { return nil }
            state.failure = nil
            state.generation += 1
            return state.generation
        }
    }

    /// Records a failed build; returns the new generation when the error is not the one shown already.
    func failed(_ diagnostic: Diagnostic) -> Int? {
        current.withLock { state in
            guard state.failure?.description != diagnostic.description else { return nil }
            state.failure = diagnostic
            state.generation += 1
            return state.generation
        }
    }
}
