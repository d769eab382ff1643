import Dispatch
import Foundation
import HTML
import Pages
import Synchronization

/// Makes and renders pages on every core. Each page is independent; cmark-gfm's parse
/// lock is the only shared step, and it is short.
enum ParallelRender {
    /// The HTML of each plan's page, in the plans' order, and with `markdown` its Markdown too.
    /// `progress` hears how many pages are done after each one, from any worker.
    static func render(_ plans: [PagePlan], with renderer: SiteRenderer, markdown: Bool = false,
                       progress: @Sendable (Int) -> Void = { _ in }) throws(TemplateError) -> [(html: Data, markdown: Data?)] {
        let results = ResultBuffer(count: plans.count)
        let done = Atomic(0)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, plans.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: plans.count, by: workers) {
                do throws(TemplateError) {
                    let page = plans[index].make()
                    results.set(index, .success((Data(try renderer.html(for: page).utf8), markdown ? Data(page.markdown.utf8) : nil)))
                } catch {
                    results.set(index, .failure(error))
                }
                progress(done.add(1, ordering: .relaxed).newValue)
            }
        }
        var pages: [(html: Data, markdown: Data?)] = []
        pages.reserveCapacity(plans.count)
        for result in results.values {
            switch result {
            case .success(let rendered): pages.append(rendered)
            case .failure(let error): throw error
            case nil: preconditionFailure("a page was not rendered")
            }
        }
        return pages
    }
}

/// One slot per page, each written by exactly one worker and read after all are done.
private final class ResultBuffer: @unchecked Sendable {
    private var slots: [Result<(html: Data, markdown: Data?), TemplateError>?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ result: Result<(html: Data, markdown: Data?), TemplateError>) {
        slots.withUnsafeMutableBufferPointer { $0[index] = result }
    }

    var values: [Result<(html: Data, markdown: Data?), TemplateError>?] { slots }
}
