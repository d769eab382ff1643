import Archive
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

extension ParallelWork {
    /// `items` reordered so that neighbours belong to different folders, each folder's in
    /// their order: workers taking the next item then rarely create files in the same folder
    /// at once, which the file system does one file at a time (the other worker waits).
    static func spreadOverFolders<Item>(_ items: [Item], path: (Item) -> String) -> [Item] {
        var order: [String] = []
        var byFolder: [String: [Item]] = [:]
        for item in items {
            let folder = ArchiveWriter.folder(of: path(item))
            if byFolder[folder] == nil { order.append(folder) }
            byFolder[folder, default: []].append(item)
        }
        let groups = order.map { byFolder[$0]! }
        var spread: [Item] = []
        spread.reserveCapacity(items.count)
        for round in 0..<(groups.map(\.count).max() ?? 0) {
            for group in groups where round < group.count {
                spread.append(group[round])
            }
        }
        return spread
    }
}
