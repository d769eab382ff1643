import Export
import HTML

extension ExportDocument {
    /// Makes every note safe in any Markdown renderer (``MarkdownRenderer/neutralised(_:)``):
    /// a page's Markdown twin carries notes as written, and may be shown by a renderer
    /// that is not in safe mode. Notes with no raw HTML and no dangerous link stay as they are.
    mutating func neutraliseNotes() {
        for index in events.indices {
            guard case .note(var note) = events[index].kind, let safe = MarkdownRenderer.neutralised(note.text) else { continue }
            note.text = safe
            events[index].kind = .note(note)
        }
    }
}
