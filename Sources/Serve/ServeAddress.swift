#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Report

/// Where `serve` listens: 127.0.0.1 unless another address is asked for.
struct ServeAddress: Sendable {
    let host: String
    let port: Int
    /// The address to bind, as the system takes it.
    let socketAddress: sockaddr_storage
    let socketLength: socklen_t

    init(host: String, port: Int) throws(Diagnostic) {
        let literal = host == "localhost" ? "127.0.0.1" : host
        guard (0...65535).contains(port) else {
            throw Diagnostic(.error, "--port \(port) is not a port number", hint: "use 1024–65535, or 0 for any free port", exitStatus: ExitStatus.usage)
        }
        var storage = sockaddr_storage()
        var length: socklen_t = 0
        let parsed = withUnsafeMutablePointer(to: &storage) { pointer -> Bool in
            if literal.contains(":") {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    address.pointee.sin6_family = sa_family_t(AF_INET6)
                    address.pointee.sin6_port = in_port_t(UInt16(port).bigEndian)
                    length = socklen_t(MemoryLayout<sockaddr_in6>.size)
                    return inet_pton(AF_INET6, literal, &address.pointee.sin6_addr) == 1
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                address.pointee.sin_family = sa_family_t(AF_INET)
                address.pointee.sin_port = in_port_t(UInt16(port).bigEndian)
                length = socklen_t(MemoryLayout<sockaddr_in>.size)
                return inet_pton(AF_INET, literal, &address.pointee.sin_addr) == 1
            }
        }
        guard parsed else {
            throw Diagnostic(.error, "--host \(host) is not an IP address",
                             hint: "use 127.0.0.1 (this computer only, the default) or 0.0.0.0 (every network this computer is on)",
                             exitStatus: ExitStatus.usage)
        }
        self.host = literal
        self.port = port
        socketAddress = storage
        socketLength = length
    }

    /// True when only this computer can connect.
    var isLoopback: Bool { host.hasPrefix("127.") || host == "::1" }

    /// The address to open in a browser.
    func url(port: Int) -> String {
        host.contains(":") ? "http://[\(host)]:\(port)/" : "http://\(host):\(port)/"
    }

    /// Why listening failed, in words.
    func failure(errno code: Int32) -> Diagnostic {
        switch code {
        case EADDRINUSE:
            return Diagnostic(.error, "cannot listen on \(host):\(port): the port is in use",
                              hint: "another server (or another bbreport serve) is using it; pick another with --port, or --port 0 for any free port",
                              exitStatus: ExitStatus.unavailable)
        case EADDRNOTAVAIL:
            return Diagnostic(.error, "cannot listen on \(host): this computer has no such address",
                              hint: "use 127.0.0.1, or one of the addresses `ip address` lists", exitStatus: ExitStatus.unavailable)
        default:
            return Diagnostic(.error, "cannot listen on \(host):\(port): \(String(cString: strerror(code)))", exitStatus: ExitStatus.unavailable)
        }
    }
}
