import Foundation

/// The DevTools protocol's messages on the pipe: JSON objects, each ending in a NUL byte.
public struct DevToolsMessages {
    /// The longest message kept; a longer one ends the reading (a printed PDF comes in one
    /// message, in base64).
    public let limit: Int
    private var buffer: [UInt8] = []
    private var scanned = 0

    /// Messages read by `append`, none longer than `limit` bytes.
    public init(limit: Int) {
        self.limit = limit
    }

    /// The messages that `bytes`, just read, complete, as JSON objects; anything else
    /// between two NULs is passed over.
    public mutating func append(_ bytes: ArraySlice<UInt8>) throws -> [[String: Any]] {
        buffer += bytes
        var messages: [[String: Any]] = []
        while let end = buffer[scanned...].firstIndex(of: 0) {
            if let message = try? JSONSerialization.jsonObject(with: Data(buffer[..<end])) as? [String: Any] {
                messages.append(message)
            }
            buffer.removeSubrange(...end)
            scanned = 0
        }
        scanned = buffer.count
        guard buffer.count <= limit else {
            throw ChromiumProcess.Failure("Chromium sent a message of more than \(limit >> 20) MB")
        }
        return messages
    }

    /// The command `method` with `params`, numbered `id`, for the page attached as
    /// `session` (or the browser), as it is written to the pipe.
    public static func command(id: Int, _ method: String, _ params: [String: Any], session: String?) throws -> Data {
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var data = try JSONSerialization.data(withJSONObject: message)
        data.append(0)
        return data
    }
}
