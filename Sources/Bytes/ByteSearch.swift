/// Finding ASCII text in UTF-8 by bytes (HTML tags, a catalog's line): String searching
/// through Foundation went through UTF-16 offsets and was a tenth of the build.
public enum ByteSearch {
    /// The offset of the first occurrence of `needle` in `bytes[start..<end]`.
    public static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, to end: Int? = nil) -> Int? {
        let end = end ?? bytes.count
        guard let first = needle.first, end - start >= needle.count else { return nil }
        var index = start
        let last = end - needle.count
        while index <= last {
            if bytes[index] == first {
                var matches = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }
}
