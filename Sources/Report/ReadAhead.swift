import Dispatch
import Foundation
import Hashing
import Export
import Parallel
import Synchronization

/// The export file named first on a build's command line, read and hashed on a thread of
/// its own while the rest of the command line is parsed (the argument parser takes 3 ms:
/// it reflects every option of every command), or, for a plain nightly line read without
/// the parser, while the build starts: reading (mapping) and hashing a nightly export's
/// 6 MB take 2 ms, and the build waited for one and then the other. The build takes the bytes
/// when it reads that same path. A read that failed, and a build of anything else, read
/// the file as before (a file read again says itself what is wrong with it).
/// Once it has read, the same thread makes the first use of the build's stages
/// (``FirstUse``), when another core has time for it.
/// It reads on a thread of its own, not in a task: tasks share the cores' threads with the
/// argument parser, and as one the read slowed it (one more day 0.6–2.5 ms slower over
/// three runs of 22 nights).
final class ReadAhead: Sendable {
    let path: String
    private let finished = DispatchSemaphore(value: 0)
    /// Set by the reading thread before it signals `finished`; nil when the read failed.
    private let result = Mutex<(bytes: Data, hash: ContentHash)?>(nil)

    /// The one started for this run, until a build takes it.
    private static let started = Mutex<ReadAhead?>(nil)

    private init(path: String) {
        self.path = path
    }

    /// Starts reading the export file at `path` on a thread of its own.
    static func start(_ path: String) {
        let ahead = ReadAhead(path: path)
        started.withLock { $0 = ahead }
        Thread {
            if let bytes = try? ExportReader.data(path: path) {
                let hash = ContentHash(file: bytes)
                ahead.result.withLock { $0 = (bytes, hash) }
            }
            ahead.finished.signal()
            // Ahead of the build's own first uses, when another core has the time.
            if ProcessInfo.processInfo.activeProcessorCount > 1, SpeedMechanism.firstUse.isOn { FirstUse.prepare() }
        }.start()
    }

    /// The bytes of the file at `path` and their file hash, when they were read ahead (once
    /// the read is done); nil when no read of that path was started or it failed.
    static func take(_ path: String) -> (bytes: Data, hash: ContentHash)? {
        let ahead = started.withLock { started -> ReadAhead? in
            guard let ahead = started, ahead.path == path else { return nil }
            started = nil
            return ahead
        }
        guard let ahead else { return nil }
        ahead.finished.wait()
        return ahead.result.withLock { $0.take() }
    }
}
