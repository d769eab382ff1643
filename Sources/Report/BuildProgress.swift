import Export
import Servers

/// Where a build is, for a progress display on a terminal.
public enum BuildProgress: Sendable {
    /// Events arriving from the server.
    case fetching(ServerClient.Progress)
    /// Reading and checking the export.
    case reading(String)
    /// Pages made and rendered so far.
    case pages(done: Int, total: Int)
    /// Writing the archive's files into the output folder.
    case writing(files: Int, folder: String)
    /// Printing the visit summaries to PDF.
    case printing
}
