import Chromium
import Foundation
import Testing

@Suite struct DevToolsMessagesTests {
    @Test("messages are cut at each NUL however the reads fall, and what is not a JSON object between two NULs is passed over")
    func framing() throws {
        var messages = DevToolsMessages(limit: 1 << 10)
        let stream = Array(#"{"id":1,"result":{}}"#.utf8) + [0] + Array("not json".utf8) + [0] + Array(#"[1]"#.utf8) + [0]
            + Array(#"{"method":"Page.loadEventFired","sessionId":"S"}"#.utf8) + [0] + Array(#"{"id":2"#.utf8)
        var read: [[String: Any]] = []
        for start in stride(from: 0, to: stream.count, by: 7) {
            read += try messages.append(stream[start..<min(start + 7, stream.count)])
        }
        #expect(read.count == 2)
        #expect(read.first?["id"] as? Int == 1)
        #expect(read.last?["method"] as? String == "Page.loadEventFired")
        #expect(try messages.append(ArraySlice(Array("}".utf8) + [0])).first?["id"] as? Int == 2)
    }

    @Test("a message longer than the limit ends the reading instead of growing without end")
    func bounded() throws {
        var messages = DevToolsMessages(limit: 1 << 20)
        let chunk = ArraySlice([UInt8](repeating: 0x41, count: 1 << 16))
        #expect(throws: ChromiumProcess.Failure.self) {
            for _ in 0..<17 { _ = try messages.append(chunk) }
        }
    }

    @Test("a command is one JSON object and a NUL, naming its session when it has one")
    func command() throws {
        let data = try DevToolsMessages.command(id: 7, "Page.navigate", ["url": "file:///a.html"], session: "S")
        #expect(data.last == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: data.dropLast()) as? [String: Any])
        #expect(object["id"] as? Int == 7 && object["method"] as? String == "Page.navigate" && object["sessionId"] as? String == "S")
        #expect((object["params"] as? [String: Any])?["url"] as? String == "file:///a.html")
        let browser = try JSONSerialization.jsonObject(with: try DevToolsMessages.command(id: 1, "Browser.close", [:], session: nil).dropLast()) as? [String: Any]
        #expect(browser?["sessionId"] == nil)
    }
}
