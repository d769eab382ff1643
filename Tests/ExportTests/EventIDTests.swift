import Testing
@testable import Export

@Suite struct EventIDTests {
    @Test("a UUID as the app writes it is kept as its bytes and gives its text back; any other id is kept as text")
    func forms() {
        let uuid = "6dcc1350-6504-481b-be79-9c83ae6ab7d2"
        #expect(EventID(uuid) == .uuid(0x6dcc_1350_6504_481b, 0xbe79_9c83_ae6a_b7d2))
        #expect(EventID(uuid).text == uuid)
        #expect(EventID("00000000-0000-0000-0000-000000000000").text == "00000000-0000-0000-0000-000000000000")
        #expect(EventID("ffffffff-ffff-ffff-ffff-ffffffffffff").text == "ffffffff-ffff-ffff-ffff-ffffffffffff")
        // Uppercase, braces, a dash astray, a letter past f, one character more or less: text.
        for other in ["6DCC1350-6504-481B-BE79-9C83AE6AB7D2", "{6dcc1350-6504-481b-be79-9c83ae6ab7d2}",
                      "6dcc13506-504-481b-be79-9c83ae6ab7d2", "6dcc1350-6504-481b-be79-9c83ae6ab7g2",
                      "6dcc1350-6504-481b-be79-9c83ae6ab7d", "6dcc1350-6504-481b-be79-9c83ae6ab7d2a",
                      "6dcc1350_6504_481b_be79_9c83ae6ab7d2", "bb-feeding-12", "é6cc1350-6504-481b-be79-9c83ae6ab7d"] {
            #expect(EventID(other) == .text(other), "\(other)")
            #expect(EventID(other).text == other)
        }
    }

    @Test("equal ids have equal hashes, whichever form they are kept in, and events compare by their ids' text")
    func equality() {
        let uuid = "6dcc1350-6504-481b-be79-9c83ae6ab7d2"
        #expect(KnownIDs.hash(uuid) == KnownIDs.hash(EventID(uuid)))
        #expect(KnownIDs.hash("e1") == KnownIDs.hash(EventID.text("e1")))
        #expect(KnownIDs.hash(uuid) != KnownIDs.hash(uuid.uppercased()))
        var event = ExportEvent(id: uuid, childID: "c", kind: .unknown(type: "x"))
        #expect(event.id == uuid && event == ExportEvent(eventID: .uuid(0x6dcc_1350_6504_481b, 0xbe79_9c83_ae6a_b7d2), childID: "c", kind: .unknown(type: "x")))
        event.id = "e2"
        #expect(event.eventID == .text("e2"))
    }
}
