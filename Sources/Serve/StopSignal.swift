#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Ctrl-C (SIGINT) and SIGTERM, turned from process-killing signals into an event to wait for.
final class StopSignal: @unchecked Sendable {
    // Dispatch sources must be kept alive; they are only touched in init and by Dispatch.
    private var sources: [any DispatchSourceSignal] = []
    private let (stream, continuation) = AsyncStream<Int32>.makeStream()

    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [continuation] in continuation.yield(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Returns when the first stop signal arrives.
    func wait() async {
        for await _ in stream { return }
    }
}
