import APITestServer
import Foundation

// bbreport-test-server [--babybuddy] [--latency SECONDS] DATA-FILE TOKEN
// Serves the file through the API on 127.0.0.1, prints "listening on URL", and runs
// until killed. Tests start one per test and drive it through /_test/ endpoints.
// DATA-FILE is a Baby Basics export (served as the Baby Basics API), or Baby Buddy's
// records (served as Baby Buddy's API); --babybuddy serves an export as Baby Buddy would;
// --latency makes every answer wait, as a distant server does (benchmarks/fetch).
var arguments = Array(CommandLine.arguments.dropFirst())
let asBabyBuddy = arguments.first == "--babybuddy"
if asBabyBuddy { arguments.removeFirst() }
var latency = 0.0
if arguments.first == "--latency", arguments.count > 1, let seconds = Double(arguments[1]) {
    latency = seconds
    arguments.removeFirst(2)
}
guard arguments.count == 2, var data = FileManager.default.contents(atPath: arguments[0]) else {
    FileHandle.standardError.write(Data("usage: bbreport-test-server [--babybuddy] [--latency SECONDS] DATA-FILE TOKEN\n".utf8))
    exit(64)
}
if asBabyBuddy, let export = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
    // Baby Buddy takes any `limit`: no cap on the page size.
    data = try JSONSerialization.data(withJSONObject: BabyBuddyData.from(export: export, pageSize: 100_000))
}
let server = try APIServer(exportFile: data, token: arguments[1])
await server.setLatency(latency)
let url = try await server.start()
FileHandle.standardOutput.write(Data("listening on \(url.absoluteString)\n".utf8))
while true {
    try await Task.sleep(for: .seconds(3600))
}
