/// Counts for people: `1,214`.
public enum Count {
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// `1 day`, `645 days`.
    public static func days(_ value: Int) -> String {
        "\(grouped(value)) \(value == 1 ? "day" : "days")"
    }
}
