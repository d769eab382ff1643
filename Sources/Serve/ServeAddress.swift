#if canImport(Glibc)
import Glibc
#endif
import FlyingSocks
import Foundation
import Report

/// Where `serve` listens: 127.0.0.1 unless another address is asked for.
struct ServeAddress {
    let host: String
    let port: Int
    let socket: any SocketAddress

    init(host: String, port: Int) throws(Diagnostic) {
        let literal = host == "localhost" ? "127.0.0.1" : host
        guard (0...65535).contains(port) else {
            throw Diagnostic(.error, "--port \(port) is not a port number", hint: "use 1024–65535, or 0 for any free port", exitStatus: ExitStatus.usage)
        }
        do {
            socket = literal.contains(":") ? try sockaddr_in6.inet6(ip6: literal, port: UInt16(port))
                                           : try sockaddr_in.inet(ip4: literal, port: UInt16(port))
        } catch {
            throw Diagnostic(.error, "--host \(host) is not an IP address",
                             hint: "use 127.0.0.1 (this computer only, the default) or 0.0.0.0 (every network this computer is on)",
                             exitStatus: ExitStatus.usage)
        }
        self.host = literal
        self.port = port
    }

    /// True when only this computer can connect.
    var isLoopback: Bool { host.hasPrefix("127.") || host == "::1" }

    /// The address to open in a browser.
    func url(port: Int) -> String {
        host.contains(":") ? "http://[\(host)]:\(port)/" : "http://\(host):\(port)/"
    }

    /// Why listening failed, in words.
    func failure(_ error: any Error) -> Diagnostic {
        let code: Int32? = if case SocketError.failed(_, let errno, _) = error { errno } else { nil }
        switch code {
        case EADDRINUSE:
            return Diagnostic(.error, "cannot listen on \(host):\(port): the port is in use",
                              hint: "another server (or another bbreport serve) is using it; pick another with --port, or --port 0 for any free port",
                              exitStatus: ExitStatus.unavailable)
        case EADDRNOTAVAIL:
            return Diagnostic(.error, "cannot listen on \(host): this computer has no such address",
                              hint: "use 127.0.0.1, or one of the addresses `ip address` lists", exitStatus: ExitStatus.unavailable)
        default:
            let reason = code.map { String(cString: strerror($0)) } ?? "\(error)"
            return Diagnostic(.error, "cannot listen on \(host):\(port): \(reason)", exitStatus: ExitStatus.unavailable)
        }
    }
}
