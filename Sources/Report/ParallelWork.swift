import Dispatch
import Foundation
import Synchronization

/// Independent pieces of work spread over every core: pages made, rendered and written
/// as they come, files kept from the previous archive linked.
enum ParallelWork {
    /// Runs `body` for each index below `count` on every core. After a failure the pieces
    /// not yet started are skipped, and the failure of the lowest index is thrown, so the
    /// same mistake is reported the same way on every run.
    static func run(_ count: Int, _ body: @Sendable (Int) throws(Diagnostic) -> Void) throws(Diagnostic) {
        let failures = Mutex<[(index: Int, diagnostic: Diagnostic)]>([])
        let failed = Atomic(false)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: count, by: workers) {
                if failed.load(ordering: .relaxed) { return }
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
