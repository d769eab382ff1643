import Bytes
import Foundation

/// A page's links worded for the encrypted archive, where every sealed page lies under a
/// name of its own: each relative `href`, `src` and `data-root` resolved from the page's
/// folder, then written as the place of what it names (``ArchiveSealer/place(of:)``) from
/// the page's own place,
/// or as a `data:` URL for a stylesheet the pages carry within. Links to elsewhere on the
/// page (`#main`) and to other sites are left as they are. The pages are ours: attributes
/// are double-quoted, and their values need no references.
struct LinkRewriter {
    let sealer: ArchiveSealer
    /// The page's folder in the plain archive, by its names.
    let folder: [Substring]
    /// From the page's place up to the archive's root.
    let root: String
    /// This folder's links as reworded, shared by every page in it.
    private let memo: KeyedMemo<(text: String, inlined: Bool)?>

    init(sealer: ArchiveSealer, page path: String) {
        self.sealer = sealer
        folder = Array(path.split(separator: "/").dropLast())
        root = ArchiveSealer.root(of: sealer.place(of: path) ?? path)
        memo = sealer.links(of: folder.joined(separator: "/") + "\u{0}" + root)
    }

    static let attributes = [" href=", " src=", " data-root="].map { Array($0.utf8) }
    static let plainStyles = Array("style-src 'self' file:;".utf8)
    static let dataStyles = Array("style-src 'self' file: data:;".utf8)

    /// `html` with its links rewritten. A `"` in our pages only ever opens or closes an
    /// attribute's value (text has `&quot;`), so the scan goes from quote to quote.
    func rewrite(_ html: [UInt8]) -> [UInt8] {
        html.withUnsafeBufferPointer { rewrite($0) }
    }

    /// `html` with its links rewritten, read in place.
    func rewrite(_ html: Data) -> [UInt8] {
        html.withUnsafeBytes { rewrite($0.bindMemory(to: UInt8.self)) }
    }

    private func rewrite(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var index = 0, copied = 0, inlinedAny = false
        while let open = Self.quote(in: bytes, from: index), let close = Self.quote(in: bytes, from: open + 1) {
            index = close + 1
            guard Self.attributes.contains(where: { Self.ends(bytes, at: open, with: $0) }),
                  let replacement = remembered(String(decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close]), as: UTF8.self)) else { continue }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...open]))
            out.append(contentsOf: replacement.text.utf8)
            copied = close
            inlinedAny = inlinedAny || replacement.inlined
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        return inlinedAny ? Self.allowingDataStyles(out) : out
    }

    /// The next `"` at or after `start`.
    static func quote(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, Int32(UInt8(ascii: "\"")), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether the bytes just before `index` are `suffix`.
    static func ends(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with suffix: [UInt8]) -> Bool {
        guard index >= suffix.count else { return false }
        for offset in suffix.indices where bytes[index - suffix.count + offset] != suffix[offset] { return false }
        return true
    }

    /// ``link(_:)``, each link of each folder worked out once for the whole archive (the day
    /// pages of a month link the same stylesheets, weeks and months).
    func remembered(_ value: String) -> (text: String, inlined: Bool)? {
        memo.value(for: value) { link(value) }
    }

    /// What `value` becomes, or nil to leave it.
    func link(_ value: String) -> (text: String, inlined: Bool)? {
        guard !value.isEmpty, !value.hasPrefix("#"), !value.hasPrefix("/"), !value.contains(":") else { return nil }
        let parts = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let fragment = parts.count > 1 ? "#" + parts[1] : ""
        guard let target = resolved(String(parts[0])) else { return nil }
        if target.isEmpty || target.hasSuffix("/") {
            // A folder: the root, or another's index page.
            return target.isEmpty ? (root, false) : sealer.place(of: target + "index.html").map { (root + $0 + fragment, false) }
        }
        if let style = sealer.inlined[target] {
            return ("data:text/css;base64," + Data(style.utf8).base64EncodedString(), true)
        }
        return sealer.place(of: target).map { (root + $0 + fragment, false) }
    }

    /// The archive path `relative` names from the page's folder (a folder's ends in `/`, the
    /// root's is empty); nil when it climbs out of the archive.
    func resolved(_ relative: String) -> String? {
        var names = folder
        let steps = relative.split(separator: "/", omittingEmptySubsequences: false)
        for (position, step) in steps.enumerated() {
            switch step {
            case "..":
                guard !names.isEmpty else { return nil }
                names.removeLast()
            case ".":
                continue
            case "" where position < steps.count - 1:
                continue
            case "":
                return names.isEmpty ? "" : names.joined(separator: "/") + "/"
            default:
                names.append(step)
            }
        }
        return relative.hasSuffix("..") || relative.hasSuffix(".") ? (names.isEmpty ? "" : names.joined(separator: "/") + "/")
            : names.joined(separator: "/")
    }

    /// `html` with its security policy letting stylesheets come as `data:` URLs.
    static func allowingDataStyles(_ html: [UInt8]) -> [UInt8] {
        guard let at = ByteSearch.find(plainStyles, in: html, from: 0) else { return html }
        return Array(html[..<at]) + dataStyles + html[(at + plainStyles.count)...]
    }
}
