import Foundation
import Testing
@testable import Export
@testable import Servers

@Suite struct BabyBuddyNamesTests {
    @Test("an event made from a Baby Buddy record is named as Baby Buddy numbers the record; anything else is not")
    func names() {
        #expect(BabyBuddyNames.record(eventID: "bb1a2b3c4d-sleep-312") == "Baby Buddy sleep 312")
        #expect(BabyBuddyNames.record(eventID: "bb1a2b3c4d-feeding-12-notes") == "Baby Buddy feeding 12")
        #expect(BabyBuddyNames.record(eventID: "bb1a2b3c4d-change-7") == "Baby Buddy diaper change 7")
        #expect(BabyBuddyNames.record(eventID: "bb1a2b3c4d-head-circumference-5") == "Baby Buddy head circumference 5")
        #expect(BabyBuddyNames.record(eventID: "bb1a2b3c4d-tummy-time-9-milestone") == "Baby Buddy tummy time 9")
        for other in ["e1", "bb1a2b3c4d-unknown-3", "bbzzzzzzzz-sleep-1", "bb1a2b3c4d-sleep-", "bb1a2b3c4d-sleep-١٢", "bb1a2b3c4d-sleep"] {
            #expect(BabyBuddyNames.record(eventID: other) == nil, "\(other)")
        }
    }

    @Test("the mapping's own ids read back as the records they came from")
    func roundTrip() throws {
        let mapping = BabyBuddyMapping(server: try #require(URL(string: "https://baby.example.org/")), amountUnit: .ml)
        #expect(BabyBuddyNames.record(eventID: "\(mapping.prefix)-pumping-1001") == "Baby Buddy pumping 1001")
        #expect(BabyBuddyNames.record(eventID: mapping.childID(2)) == "Baby Buddy child 2")
    }

    @Test("a server's ids are the same from one version of bbreport to the next, so that --child and a config's children still find them")
    func stableIDs() throws {
        // Addresses shorter and longer than 32 bytes: the hash of each is fixed.
        let short = BabyBuddyMapping(server: try #require(URL(string: "https://baby.example.org/")), amountUnit: .ml)
        let long = BabyBuddyMapping(server: try #require(URL(string: "https://babybuddy.family-server.home.arpa:8443/api/")), amountUnit: .ml)
        #expect(short.childID(1) == "bb928d09f4-child-1")
        #expect(long.childID(1) == "bb5474c95d-child-1")
    }
}
