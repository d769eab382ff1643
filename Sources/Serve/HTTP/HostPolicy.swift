#if canImport(Glibc)
import Glibc
#endif

/// Which `Host` (and, for the reload socket, `Origin`) `serve` answers: the names of the
/// address it is bound to, with its port. A page from elsewhere that has rebound its own
/// name to 127.0.0.1 (DNS rebinding) sends its own name and gets nothing.
struct HostPolicy: Sendable {
    let port: Int
    /// Lower-case host names, IPv6 addresses in brackets.
    let names: Set<String>
    /// Bound to every address (0.0.0.0, ::): any IP address is a name of this server, but
    /// still no DNS name other than localhost.
    let anyAddress: Bool

    init(host: String, port: Int) {
        self.port = port
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        names.insert(host.contains(":") ? "[\(host.lowercased())]" : host.lowercased())
        self.names = names
        anyAddress = host == "0.0.0.0" || host == "::"
    }

    /// Whether a `Host` header value (`127.0.0.1:8080`, `[::1]:8080`) names this server.
    func allows(host value: String) -> Bool {
        guard let (name, port) = Self.split(value.lowercased()), port == self.port else { return false }
        return names.contains(name) || (anyAddress && Self.isIPAddress(name))
    }

    /// Whether an `Origin` (`http://127.0.0.1:8080`) is a page of this server.
    func allows(origin value: String) -> Bool {
        let lower = value.lowercased()
        guard lower.hasPrefix("http://") else { return false }
        let authority = lower.dropFirst("http://".count)
        guard !authority.contains("/") else { return false }
        return allows(host: String(authority))
    }

    /// `name` and port of `host:port`; port 80 when none is given.
    static func split(_ value: String) -> (String, Int)? {
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            let name = String(value[...close])
            let rest = value[value.index(after: close)...]
            if rest.isEmpty { return (name, 80) }
            guard rest.hasPrefix(":"), let port = Int(rest.dropFirst()) else { return nil }
            return (name, port)
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return parts[0].isEmpty ? nil : (String(parts[0]), 80)
        case 2: return Int(parts[1]).map { (String(parts[0]), $0) }
        default: return nil
        }
    }

    static func isIPAddress(_ name: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        if name.hasPrefix("[") && name.hasSuffix("]") {
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &buffer) == 1
        }
        return inet_pton(AF_INET, name, &buffer) == 1
    }
}
