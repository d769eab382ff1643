import Export
import Testing

@Suite struct UnitConversionTests {
    @Test("kilograms and pounds with ounces to a tenth, centimetres and inches, Celsius and Fahrenheit")
    func conversions() {
        let (pounds, ounces) = UnitConversion.poundsAndOunces(kilograms: 3.4)
        #expect(pounds == 7 && ounces == 7.9)
        let carried = UnitConversion.poundsAndOunces(kilograms: UnitConversion.kilograms(pounds: 7, ounces: 15.99))
        #expect(carried.pounds == 8 && carried.ounces == 0)
        #expect(UnitConversion.kilograms(pounds: 1) == 0.45359237)
        #expect(abs(UnitConversion.kilograms(pounds: 8, ounces: 8) - 3.855535145) < 1e-9)
        #expect(abs(UnitConversion.inches(centimeters: 50) - 19.685039) < 1e-6)
        #expect(UnitConversion.centimeters(inches: 20) == 50.8)
        #expect(abs(UnitConversion.fahrenheit(celsius: 37) - 98.6) < 1e-9)
        #expect(abs(UnitConversion.celsius(fahrenheit: 100.4) - 38) < 1e-9)
        for celsius in stride(from: 30.0, through: 45, by: 0.1) {
            #expect(abs(UnitConversion.celsius(fahrenheit: UnitConversion.fahrenheit(celsius: celsius)) - celsius) < 1e-9)
        }
    }
}
