import Foundation
import Testing
@testable import Servers

/// The morning message's title as a header: ntfy reads RFC 2047's encoded words.
@Suite struct NotifierTests {
    @Test func titleHeaderIsASCIIOrAnEncodedWord() {
        #expect(Notifier.headerText("Baby Basics report") == "Baby Basics report")
        #expect(Notifier.headerText("Baby Basics レポート") == "=?UTF-8?B?" + Data("Baby Basics レポート".utf8).base64EncodedString() + "?=")
        // A line break or a text that reads as an encoded word is encoded too: nothing splits the header.
        #expect(Notifier.headerText("a\r\nX-Evil: 1").hasPrefix("=?UTF-8?B?"))
        #expect(Notifier.headerText("=?UTF-8?B?eA==?=").hasPrefix("=?UTF-8?B?PT9"))
    }
}
