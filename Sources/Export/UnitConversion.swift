/// The family's units for what is measured: data stays metric, pages show either.
public enum UnitConversion {
    /// Kilograms in a pound (exact, by definition).
    public static let kilogramsPerPound = 0.45359237
    /// Millilitres in a US fluid ounce (exact, by definition).
    public static let millilitresPerOunce = 29.5735295625

    /// `kilograms` as pounds and ounces, the ounces to a tenth (16 ounces carried into a
    /// pound): 3.4 kg is 7 lb 7.9 oz.
    public static func poundsAndOunces(kilograms: Double) -> (pounds: Int, ounces: Double) {
        let tenthsOfOunce = Int((kilograms / kilogramsPerPound * 160).rounded())
        return (tenthsOfOunce / 160, Double(tenthsOfOunce % 160) / 10)
    }

    /// Pounds and ounces back to kilograms.
    public static func kilograms(pounds: Double, ounces: Double = 0) -> Double {
        (pounds + ounces / 16) * kilogramsPerPound
    }

    /// Centimetres as inches (2.54 cm each, exactly).
    public static func inches(centimeters: Double) -> Double {
        centimeters / 2.54
    }

    public static func centimeters(inches: Double) -> Double {
        inches * 2.54
    }

    public static func fahrenheit(celsius: Double) -> Double {
        celsius * 9 / 5 + 32
    }

    public static func celsius(fahrenheit: Double) -> Double {
        (fahrenheit - 32) * 5 / 9
    }
}
