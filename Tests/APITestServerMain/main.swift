import APITestServer
import Foundation

// bbreport-test-server EXPORT-FILE TOKEN
// Serves the export through the API on 127.0.0.1, prints "listening on URL", and runs
// until killed. Tests start one per test and drive it through /_test/ endpoints.
let arguments = CommandLine.arguments
guard arguments.count == 3, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: bbreport-test-server EXPORT-FILE TOKEN\n".utf8))
    exit(64)
}
let server = try APIServer(exportFile: data, token: arguments[2])
let url = try await server.start()
FileHandle.standardOutput.write(Data("listening on \(url.absoluteString)\n".utf8))
while true {
    try await Task.sleep(for: .seconds(3600))
}
