import Speed
import Synchronization

/// Texts made once and said again, by a small number: the minutes of a day, the durations
/// of a day or two. Shared by the threads that make pages.
final class Memo: Sendable {
    private let slots: Mutex<[String?]>
    let count: Int

    init(count: Int) {
        self.count = count
        slots = Mutex([String?](repeating: nil, count: count))
    }

    /// Whether texts are kept (`BBREPORT_WITHOUT=wording-memo` makes each every time).
    private static let isOn = SpeedMechanism.wordingMemo.isOn

    /// The text at `index` (in `0..<count`), made by `make` the first time.
    func value(at index: Int, _ make: () -> String) -> String {
        guard Self.isOn else { return make() }
        if let known = slots.withLock({ $0[index] }) { return known }
        let made = make()
        slots.withLock { $0[index] = made }
        return made
    }
}
