import APITestServer
import Foundation

// bbreport-test-server [--babybuddy] DATA-FILE TOKEN
// Serves the file through the API on 127.0.0.1, prints "listening on URL", and runs
// until killed. Tests start one per test and drive it through /_test/ endpoints.
// DATA-FILE is a Baby Basics export (served as the Baby Basics API), or Baby Buddy's
// records (served as Baby Buddy's API); --babybuddy serves an export as Baby Buddy would.
var arguments = Array(CommandLine.arguments.dropFirst())
let asBabyBuddy = arguments.first == "--babybuddy"
if asBabyBuddy { arguments.removeFirst() }
guard arguments.count == 2, var data = FileManager.default.contents(atPath: arguments[0]) else {
    FileHandle.standardError.write(Data("usage: bbreport-test-server [--babybuddy] DATA-FILE TOKEN\n".utf8))
    exit(64)
}
if asBabyBuddy, let export = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
    data = try JSONSerialization.data(withJSONObject: BabyBuddyData.from(export: export))
}
let server = try APIServer(exportFile: data, token: arguments[1])
let url = try await server.start()
FileHandle.standardOutput.write(Data("listening on \(url.absoluteString)\n".utf8))
while true {
    try await Task.sleep(for: .seconds(3600))
}
