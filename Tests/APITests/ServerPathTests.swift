import Foundation
import Testing
@testable import Export
@testable import Servers

/// The token goes under `--server` only: its origin and its path, whatever an id or a
/// redirect from the server says.
@Suite struct ServerPathTests {
    @Test("an id is one path segment: slashes, dots and percent signs are encoded")
    func segments() {
        #expect(ServerClient.segment("../../../../other-app/collect") == "%2E%2E%2F%2E%2E%2F%2E%2E%2F%2E%2E%2Fother-app%2Fcollect")
        #expect(ServerClient.segment("6f1c-ava_1~") == "6f1c-ava_1~")
        #expect(ServerClient.segment("%2E%2E") == "%252E%252E")
        #expect(ServerClient.segment("é") == "%C3%A9")
    }

    @Test("an address is under the server when its origin is and its path, dot segments resolved, is under the server's path",
          arguments: [
              ("https://baby.example.org/bb/api/v1/children", true),
              ("https://baby.example.org/bb/", true),
              ("https://baby.example.org/bb", true),
              ("https://baby.example.org/bb/api/../../other-app/collect/events", false),
              ("https://baby.example.org/bb/api/%2e%2E/%2E%2e/other-app/events", false),
              ("https://baby.example.org/bbx/api", false),
              ("https://baby.example.org:8443/bb/api", false),
              ("http://baby.example.org/bb/api", false),
              ("https://other.example.org/bb/api", false),
          ])
    func underServer(address: String, under: Bool) {
        #expect(APIConnection.isUnder(URL(string: address)!, server: URL(string: "https://baby.example.org/bb/")!) == under)
    }
}
