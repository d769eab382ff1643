import Bytes
import Testing

@Suite struct ByteBufferTests {
    @Test("pieces of every kind land in order, past many doublings of the first capacity")
    func pieces() {
        let buffer = ByteBuffer(capacity: 1)
        var expected = ""
        for index in 0..<2_000 {
            buffer.append("<a" as StaticString)
            buffer.append(" é=\"\(index)\"")
            buffer.append(decimal: index * (index % 2 == 0 ? 1 : -1))
            buffer.append(UInt8(ascii: ">"))
            expected += "<a é=\"\(index)\"\(index * (index % 2 == 0 ? 1 : -1))>"
        }
        #expect(buffer.string == expected)
        #expect(buffer.count == expected.utf8.count)
        #expect(buffer.array == Array(expected.utf8))
    }

    @Test("decimals at the edges of Int")
    func decimals() {
        let buffer = ByteBuffer(capacity: 16)
        for value in [0, 7, -7, 10, -10, Int.max, Int.min] {
            buffer.removeAll()
            buffer.append(decimal: value)
            #expect(buffer.string == String(value))
        }
    }

    @Test("inserting moves what follows, also when the buffer must grow")
    func insert() {
        let buffer = ByteBuffer(capacity: 16)
        buffer.append("line one\nline two" as StaticString)
        buffer.insert(Array("  ".utf8), at: 9)
        buffer.insert(Array("> ".utf8), at: 0)
        #expect(buffer.string == "> line one\n  line two")
        #expect(buffer[0] == UInt8(ascii: ">"))
        buffer.removeAll()
        #expect(buffer.string == "")
    }
}
