import Dispatch
import Foundation
import Synchronization

/// Independent pieces of work spread over every core: pages made, rendered and written
/// as they come, files kept from the previous archive linked.
enum ParallelWork {
    /// Runs `body` for each index below `count` on every core, each worker taking the next
    /// index as it finishes one (pieces differ in size: a days.json, a busy month). After a
    /// failure the pieces not yet started are skipped, and the failure of the lowest index
    /// is thrown, so the same mistake is reported the same way on every run.
    static func run(_ count: Int, _ body: @Sendable (Int) throws(Diagnostic) -> Void) throws(Diagnostic) {
        let failures = Mutex<[(index: Int, diagnostic: Diagnostic)]>([])
        let failed = Atomic(false)
        let next = Atomic(0)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                if failed.load(ordering: .relaxed) { return }
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                do throws(Diagnostic) {
                    try body(index)
                } catch {
                    failures.withLock { $0.append((index, error)) }
                    failed.store(true, ordering: .relaxed)
                    return
                }
            }
        }
        if let first = failures.withLock({ $0.min { $0.index < $1.index } }) {
            throw first.diagnostic
        }
    }
}
