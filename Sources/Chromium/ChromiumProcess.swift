import CSpawn
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A headless Chromium driven over the DevTools protocol on a pipe
/// (`--remote-debugging-pipe`: it reads commands on its descriptor 3 and writes replies and
/// events on its descriptor 4, each message ending in a NUL byte), in a process group of
/// its own so that its helpers end with it. It inherits no other descriptor of ours.
public final class ChromiumProcess: @unchecked Sendable {
    public let pid: pid_t
    /// Where commands are written.
    public let commands: Int32
    /// Where replies and events are read.
    public let replies: Int32

    /// Chromium could not be started, or the pipe could not be used.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// Starts `executable` with `arguments` (after the program's name, with
    /// `--remote-debugging-pipe` among them) and `environment`; what it prints is dropped.
    public init(executable: String, arguments: [String], environment: [String: String]) throws {
        var toChromium: [Int32] = [-1, -1]
        var fromChromium: [Int32] = [-1, -1]
        guard bb_pipe_cloexec(&toChromium) == 0 else { throw Failure("no pipe could be made: \(Self.lastError())") }
        guard bb_pipe_cloexec(&fromChromium) == 0 else {
            toChromium.forEach { close($0) }
            throw Failure("no pipe could be made: \(Self.lastError())")
        }
        // Chromium's ends are given to it as 3 and 4; they must not be 3 or 4 already, which
        // dup2 would leave closed on exec.
        let (childRead, childWrite) = (Self.above(toChromium[0]), Self.above(fromChromium[1]))
        commands = toChromium[1]
        replies = fromChromium[0]
        defer {
            close(childRead)
            close(childWrite)
        }
        var child: pid_t = 0
        let status = Self.spawn(&child, executable, [executable] + arguments, environment, descriptors: (childRead, childWrite))
        guard status == 0 else {
            close(commands)
            close(replies)
            throw Failure("\(executable) could not be started: \(String(cString: strerror(status)))")
        }
        pid = child
    }

    /// Writes one whole message; fails once Chromium has closed its end.
    public func send(_ message: Data) throws {
        try message.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = bb_write_without_sigpipe(commands, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw Failure("Chromium closed its pipe") }
                offset += written
            }
        }
    }

    /// Waits up to `grace` seconds for Chromium to end by itself (after `Browser.close`),
    /// then ends it and whatever helpers it left.
    public func end(grace: Double) {
        close(commands)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(grace)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(-pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                break
            }
            usleep(10_000)
        }
        kill(-pid, SIGKILL)
        close(replies)
    }

    private static func spawn(_ child: inout pid_t, _ executable: String, _ arguments: [String],
                              _ environment: [String: String], descriptors: (read: Int32, write: Int32)) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptors.read, 3)
        posix_spawn_file_actions_adddup2(&actions, descriptors.write, 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        bb_spawn_close_from(&actions, 5)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        return posix_spawn(&child, executable, &actions, &attributes, &argv, &envp)
    }

    /// `descriptor` moved to a number above 4 (still closed on exec).
    private static func above(_ descriptor: Int32) -> Int32 {
        guard descriptor <= 4 else { return descriptor }
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 10)
        close(descriptor)
        return moved
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
